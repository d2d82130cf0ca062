export * from './live';
export * from './overview.machine';
export * from './profile.machine';
export * from './switch.machine';
