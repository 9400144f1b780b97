export * as rules from './builders';
export * from './definition';
export { MAX_ERRORS, type FieldError, type Parsed } from './fieldChecks';
export * from './signals';
export * from './templates';
export * from './validation';
