export const serverEntry: string;
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<void>;
