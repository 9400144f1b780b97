// Which package or source folder the bytes of a built chunk come from, read from its source map
// (dist/assets/*.js.map; vite.config.ts builds with `sourcemap: true`).
import { existsSync, readFileSync } from 'node:fs';
import { decode } from '@jridgewell/sourcemap-codec';

interface SourceMapFile {
  sources: string[];
  mappings: string;
}

/** Bytes the minifier left without a source (Vite's preload helper, module glue). */
export const UNMAPPED = '(unmapped)';

/**
 * The owner of a source path: the package for anything under node_modules (the innermost one when packages
 * nest), else the folder under src/ two levels deep ('src/features/chat', 'src/graphql/generated').
 */
export function ownerOf(source: string): string {
  const parts = source.split('/');
  const packageAt = parts.lastIndexOf('node_modules') + 1;
  if (packageAt > 0) {
    const name = parts[packageAt] ?? source;
    return name.startsWith('@') ? `${name}/${parts[packageAt + 1] ?? ''}` : name;
  }
  const srcAt = parts.indexOf('src');
  if (srcAt === -1) return parts.filter((part) => part !== '..' && part !== '.').join('/') || source;
  const folders = parts.slice(srcAt, -1);
  return folders.slice(0, 3).join('/');
}

/** UTF-8 bytes of `chunk` per owner (see ownerOf); empty when the chunk has no `.map` next to it. */
export function bytesByOwner(chunkPath: string, chunk: string): Map<string, number> {
  const owners = new Map<string, number>();
  const mapPath = `${chunkPath}.map`;
  if (!existsSync(mapPath)) return owners;
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMapFile;
  const sourceOwners = map.sources.map(ownerOf);
  const add = (owner: string, text: string) =>
    owners.set(owner, (owners.get(owner) ?? 0) + Buffer.byteLength(text, 'utf8'));
  const lines = chunk.split('\n');
  const mappings = decode(map.mappings);
  lines.forEach((line, index) => {
    const segments = mappings[index] ?? [];
    add(UNMAPPED, line.slice(0, segments[0]?.[0] ?? line.length) + (index < lines.length - 1 ? '\n' : ''));
    segments.forEach((segment, at) => {
      const end = segments[at + 1]?.[0] ?? line.length;
      const owner = segment.length > 1 ? (sourceOwners[segment[1] as number] ?? UNMAPPED) : UNMAPPED;
      add(owner, line.slice(segment[0], end));
    });
  });
  return owners;
}
