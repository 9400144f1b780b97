/** Parameter optimisation with walk-forward validation (issue 13 point 5): see each file's header. */
export * from './control';
export * from './evaluator';
export * from './evolutionary';
export * from './grid';
export * from './paramSpace';
export * from './report';
export * from './stability';
export * from './walkForwardOptimise';
