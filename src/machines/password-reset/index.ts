export * from './live';
export * from './machine';
