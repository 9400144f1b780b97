export * as rules from './builders';
export * from './definition';
export * from './fieldChecks';
export * from './signals';
export * from './templates';
export * from './validation';
