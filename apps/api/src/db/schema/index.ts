export * from './clubs';
export * from './users';
export * from './events';
export * from './registrations';
export * from './payments';
export * from './media';
export * from './money';
export * from './messages';
