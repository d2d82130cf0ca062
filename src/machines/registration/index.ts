export * from './city-check.machine';
export * from './live';
export * from './machine';
export * from './recovery.machine';
