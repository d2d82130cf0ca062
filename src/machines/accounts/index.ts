export * from './list.machine';
export * from './live';
