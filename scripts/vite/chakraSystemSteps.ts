// Chakra's createSystem in steps for the browser build (see chakraSystemInSteps below and src/theme/appSystem.ts).
import type { Plugin } from 'vite';
import { codeRewrites, rewriteModule, rewritesOfOneBuild, type CodeRewrite } from './codeRewrites';

/** Each `[module, from, to]`: an exact piece of Chakra 3.37.0's code and what the browser build has instead. */
export const CHAKRA_SYSTEM_STEPS: CodeRewrite[] = [
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

const NAME = 'chakra-system-in-steps';

/** `code` of the module `id` as the browser build has it; null when `id` is not one of the two modules. */
export const withSystemSteps = (code: string, id: string): string | null =>
  rewriteModule(NAME, CHAKRA_SYSTEM_STEPS, code, id);

/**
 * withSystemSteps for one build: `unseen()` names the modules it rewrites that it never saw (Chakra moved or
 * renamed a file, or the app no longer imports it: the build would quietly keep Chakra's createSystem in one go).
 */
export const systemStepsOfOneBuild = () => rewritesOfOneBuild(NAME, CHAKRA_SYSTEM_STEPS);

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
  return codeRewrites(NAME, CHAKRA_SYSTEM_STEPS);
}
