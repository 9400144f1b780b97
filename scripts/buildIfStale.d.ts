export function needsBuild(staticDir: string): boolean;
export function buildIfStale(staticDir?: string): number;
