export * from './address-lookup.machine';
export * from './live';
export * from './machine';
