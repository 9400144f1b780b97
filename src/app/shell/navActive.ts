/** A navigation target: its path and the other paths that show the same page. */
export interface NavTarget {
  to: string;
  aliases?: readonly string[];
}

const trimTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** An entry is active on its own path, its aliases, and (except for `/`) any path below them. */
export function isNavTargetActive(pathname: string, target: NavTarget): boolean {
  const path = trimTrailingSlash(pathname);
  return [target.to, ...(target.aliases ?? [])].some(
    (candidate) => path === candidate || (candidate !== '/' && path.startsWith(`${candidate}/`)),
  );
}
