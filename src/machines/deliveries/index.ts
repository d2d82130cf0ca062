export * from './list.machine';
export * from './live';
export * from './map.machine';
export * from './page.machine';
export * from './routes-map.live';
export * from './routes-map.machine';
