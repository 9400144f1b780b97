// Tables of the auth area (filled by its issue). Re-exported by ../schema.ts.
export {};
