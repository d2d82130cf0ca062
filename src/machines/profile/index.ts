export * from './form.machine';
export * from './language-switch.machine';
export * from './live';
