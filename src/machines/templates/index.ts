export * from './form.machine';
export * from './list.machine';
export * from './live';
