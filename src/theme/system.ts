import { createAppSystem } from './appSystem';

/**
 * The app's Chakra system (see ./appSystem.ts), created when this module loads: for the build (vite.config.ts
 * writes its global CSS into index.html) and tests. The browser entry (src/main.tsx) creates its own in steps
 * (createAppSystemInSteps), each in a task of its own.
 */
export const system = createAppSystem();
