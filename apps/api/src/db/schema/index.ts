export * from './clubs';
export * from './users';
export * from './events';
