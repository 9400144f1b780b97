// Tables of the chat area (filled by its issue). Re-exported by ../schema.ts.
export {};
