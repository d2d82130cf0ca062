export * from './push.live';
export * from './push.machine';
export * from './read-marks';
export * from './refresh.live';
export * from './refresh.machine';
