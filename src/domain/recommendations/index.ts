export * from './outOfSample';
export * from './rank';
export * from './regime';
export * from './risk';
