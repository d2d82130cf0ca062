export * from './counter.machine';
export * from './detail.machine';
export * from './list.machine';
export * from './live';
export * from './page.machine';
