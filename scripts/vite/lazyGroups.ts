// Helpers for vite.config.ts's chunk groups: a package with everything it depends on, a group kept out of the
// shared chunk, and a check that it stays out of it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** `root` and every package it depends on, transitively (the names in their package.json `dependencies`). */
export function dependencyClosure(root: string, nodeModules: string): Set<string> {
  const names = new Set<string>();
  const pending = [root];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (names.has(name)) continue;
    names.add(name);
    const manifest = join(nodeModules, name, 'package.json');
    if (!existsSync(manifest)) continue; // an optional dependency that is not installed
    const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    pending.push(...Object.keys(dependencies));
  }
  return names;
}

/** Whether the module `id` belongs to one of the packages `names` (in node_modules, at any depth). */
export function inPackages(names: Set<string>): (id: string) => boolean {
  return (id) => {
    const match = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id);
    return match?.[1] !== undefined && names.has(match[1].replace('\\', '/'));
  };
}

/**
 * A chunk group of code that only some lazily loaded pages use, kept apart from `shared` (ahead of it: priority 1).
 * `test` picks its modules; with `ownModulesOnly` the group holds just those (includeDependenciesRecursively off),
 * for a test that already names every module it should hold (a package with its dependencies, `inPackages`),
 * else the modules they import come with them.
 */
export function lazyGroup(name: string, test: RegExp | ((id: string) => boolean), { ownModulesOnly = false } = {}) {
  return { name, priority: 1, ...(ownModulesOnly ? { includeDependenciesRecursively: false } : {}), test };
}

/**
 * Fails the build when the entry or one of the chunks named `loadedFirst` imports a chunk named in `apart`
 * statically: that chunk would load (and run) with every page again, which is what keeping it apart avoids.
 */
export function keptApart(apart: string[], loadedFirst: string[]): Plugin {
  return {
    name: 'kept-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const apartFiles = new Set(chunks.filter((chunk) => apart.includes(chunk.name)).map((chunk) => chunk.fileName));
      for (const chunk of chunks) {
        if (!chunk.isEntry && !loadedFirst.includes(chunk.name)) continue;
        const wrong = chunk.imports.filter((file) => apartFiles.has(file));
        if (wrong.length > 0) {
          this.error(`kept-apart: ${chunk.fileName} imports ${wrong.join(', ')}, which only the pages using it load`);
        }
      }
    },
  };
}
