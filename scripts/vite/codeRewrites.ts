// Exact rewrites of a package's code in the browser build, checked: a build whose package no longer has a piece
// (a new version) or that never loads a module it rewrites fails, instead of quietly keeping the original.
import type { Plugin } from 'vite';

/** `[module, from, to]`: an exact piece of a module's code (the first module whose path matches) and its replacement. */
export type CodeRewrite = [module: RegExp, from: string, to: string];

/** `code` of the module `id` with each of `edits` that names it applied; null when none names it. */
export function rewriteModule(name: string, edits: readonly CodeRewrite[], code: string, id: string): string | null {
  const own = edits.filter(([module]) => module.test(id));
  if (own.length === 0) return null;
  let result = code;
  for (const [, from, to] of own) {
    if (!result.includes(from)) throw new Error(`${name}: ${id} no longer has ${JSON.stringify(from)}`);
    result = result.replace(from, () => to);
  }
  return result;
}

/**
 * rewriteModule for one build, remembering which of the modules it rewrites it was given: `unseen()` names those
 * it never saw (the package moved or renamed a file, or the app no longer imports it).
 */
export function rewritesOfOneBuild(
  name: string,
  edits: readonly CodeRewrite[],
): { rewrite(code: string, id: string): string | null; unseen(): string[] } {
  const modules = [...new Map(edits.map(([module]) => [module.source, module])).values()];
  const seen = new Set<string>();
  return {
    rewrite(code, id) {
      const result = rewriteModule(name, edits, code, id);
      if (result !== null) for (const module of modules) if (module.test(id)) seen.add(module.source);
      return result;
    },
    unseen: () => modules.filter((module) => !seen.has(module.source)).map((module) => module.source),
  };
}

/**
 * The Vite plugin `name` applying `edits` in the build (not the dev server, which pre-bundles packages and keeps
 * their code as it is). It fails the build if a piece is no longer in the package's code or a module it rewrites
 * never went through the build.
 */
export function codeRewrites(name: string, edits: readonly CodeRewrite[]): Plugin {
  let build = rewritesOfOneBuild(name, edits);
  return {
    name,
    apply: 'build',
    buildStart() {
      build = rewritesOfOneBuild(name, edits);
    },
    transform(code, id) {
      try {
        const result = build.rewrite(code, id);
        return result === null ? null : { code: result, map: null };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
    buildEnd(error) {
      if (error) return;
      const unseen = build.unseen();
      if (unseen.length > 0) {
        this.error(`${name}: no module of the build matched ${unseen.join(', ')}; nothing was rewritten there`);
      }
    },
  };
}
