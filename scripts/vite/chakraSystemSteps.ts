// Chakra's createSystem in steps for the browser build (see chakraSystemInSteps below and src/theme/appSystem.ts).
import type { Plugin } from 'vite';

/** Each `[module, from, to]`: an exact piece of Chakra 3.37.0's code and what the browser build has instead. */
export const CHAKRA_SYSTEM_STEPS: [RegExp, string, string][] = [
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/,
    'function createTokenDictionary(options) {',
    'function* createTokenDictionarySteps(options) {',
  ],
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/,
    `  function build() {
    applyMiddlewares("pre");
    applyTransforms("pre");
    addConditionalTokens();
    addReferences();
    expandTokenReferences$1();
    applyMiddlewares("post");
    applyTransforms("post");
    setupViews();
  }
  registerTokens();
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  build();
  return dictionary;
}`,
    `  function* build() {
    applyMiddlewares("pre");
    yield;
    applyTransforms("pre");
    yield;
    addConditionalTokens();
    addReferences();
    yield;
    expandTokenReferences$1();
    yield;
    applyMiddlewares("post");
    yield;
    applyTransforms("post");
    yield;
    setupViews();
  }
  registerTokens();
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  yield;
  yield* build();
  return dictionary;
}
function createTokenDictionary(options) {
  const steps = createTokenDictionarySteps(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}`,
  ],
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/,
    'export { createTokenDictionary, tokenCategories };',
    'export { createTokenDictionary, createTokenDictionarySteps, tokenCategories };',
  ],
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
    "import { createTokenDictionary } from './token-dictionary.js';",
    "import { createTokenDictionarySteps } from './token-dictionary.js';",
  ],
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
    `function createSystem(...configs) {
  const config = mergeConfigs(...configs);`,
    `function* createSystemSteps(...configs) {
  const config = mergeConfigs(...configs);
  yield;`,
  ],
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
    '  const tokens = createTokenDictionary({',
    '  yield;\n  const tokens = yield* createTokenDictionarySteps({',
  ],
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
    '  const breakpoints = createBreakpoints(',
    '  yield;\n  const breakpoints = createBreakpoints(',
  ],
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
    '  assignComposition();',
    '  yield;\n  assignComposition();',
  ],
  [
    /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
    'function getTokenMap(tokens) {',
    `function createSystem(...configs) {
  const steps = createSystemSteps(...configs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
createSystem.steps = createSystemSteps;
function getTokenMap(tokens) {`,
  ],
];

/** The distinct module patterns of CHAKRA_SYSTEM_STEPS: the modules the browser build rewrites. */
const STEP_MODULES = [...new Map(CHAKRA_SYSTEM_STEPS.map(([module]) => [module.source, module])).values()];

/** `code` of the module `id` as the browser build has it; null when `id` is not one of the two modules. */
export function withSystemSteps(code: string, id: string): string | null {
  const edits = CHAKRA_SYSTEM_STEPS.filter(([module]) => module.test(id));
  if (edits.length === 0) return null;
  let result = code;
  for (const [, from, to] of edits) {
    if (!result.includes(from)) throw new Error(`chakra-system-in-steps: ${id} no longer has ${JSON.stringify(from)}`);
    result = result.replace(from, () => to);
  }
  return result;
}

/**
 * withSystemSteps for one build, remembering which of the modules it rewrites it was given: `unseen()` names those
 * it never saw (Chakra moved or renamed a file, or the app no longer imports it: the build would quietly keep
 * Chakra's createSystem in one go).
 */
export function systemStepsOfOneBuild(): { rewrite(code: string, id: string): string | null; unseen(): string[] } {
  const seen = new Set<string>();
  return {
    rewrite(code, id) {
      const result = withSystemSteps(code, id);
      if (result !== null) for (const module of STEP_MODULES) if (module.test(id)) seen.add(module.source);
      return result;
    },
    unseen: () => STEP_MODULES.filter((module) => !seen.has(module.source)).map((module) => module.source),
  };
}

/**
 * Chakra's createSystem in steps (src/theme/appSystem.ts): in the browser build, `createSystem.steps` is a
 * generator that does the same work as createSystem (the same code, in the same order) and pauses between its
 * phases (merging the configs, each phase of building the token dictionary, the utilities, the rest), so the entry
 * runs each phase in a task of its own; on a phone the whole was one task of a hundred milliseconds and more.
 * createSystem itself runs the steps to the end at once, as before. The build fails if a piece is no longer in
 * Chakra's code or a module it rewrites never went through the build (a new Chakra version: look again); the dev
 * server (which pre-bundles Chakra) keeps the original, where the app creates the system in one go.
 */
export function chakraSystemInSteps(): Plugin {
  let build = systemStepsOfOneBuild();
  return {
    name: 'chakra-system-in-steps',
    apply: 'build',
    buildStart() {
      build = systemStepsOfOneBuild();
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
        this.error(
          `chakra-system-in-steps: no module of the build matched ${unseen.join(', ')}; nothing was rewritten there`,
        );
      }
    },
  };
}
