// V8's explicit compile hints for the chunks whose functions run as they load (see compileHints below).
import type { Plugin } from 'vite';

/** The magic comment: V8 compiles every function of the script eagerly, on the thread that streams it. */
export const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad';

interface ChunkInfo {
  name: string;
  isEntry: boolean;
  moduleIds: readonly string[];
}

/**
 * Chromium (V8) compiles a script's functions lazily: only the top level when it loads, each function on the main
 * thread the first time it is called. For a chunk most of whose functions run while it loads, the magic comment
 * `//# allFunctionsCalledOnLoad` has V8 compile them all at once, on the background thread that streams the
 * script. `hinted(chunk)` picks the chunks. The comment is a post-banner: added after minification (which drops
 * comments) and before the .br and .gz copies are made; it is part of the chunk's hash. V8 reads it only before any
 * code: the build fails when a hinted chunk, as written, does not start with it.
 */
export function compileHints(hinted: (chunk: ChunkInfo) => boolean): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    augmentChunkHash: (chunk) => (hinted(chunk) ? ALL_FUNCTIONS_CALLED_ON_LOAD : undefined),
    outputOptions(options) {
      return { ...options, postBanner: (chunk: ChunkInfo) => (hinted(chunk) ? ALL_FUNCTIONS_CALLED_ON_LOAD : '') };
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && hinted(file) && !file.code.startsWith(ALL_FUNCTIONS_CALLED_ON_LOAD)) {
          this.error(
            `${file.fileName}: its compile hint is not its first line (a later step put code above it); V8 would ` +
              'ignore it',
          );
        }
      }
    },
  };
}
