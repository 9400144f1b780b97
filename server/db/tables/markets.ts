// Tables of the markets area (filled by its issue). Re-exported by ../schema.ts.
export {};
