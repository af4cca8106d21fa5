export * from './clubs';
export * from './users';
