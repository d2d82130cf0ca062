export * from './dates.machine';
export * from './form.machine';
export * from './list.machine';
export * from './live';
