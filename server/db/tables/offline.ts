// Tables of the offline area (filled by its issue). Re-exported by ../schema.ts.
export {};
