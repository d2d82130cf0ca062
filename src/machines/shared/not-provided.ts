import { fromPromise } from 'xstate';

/**
 * Placeholder implementation for actors and actions a machine declares but whose real
 * implementation is injected with machine.provide() (the app, a test, or path generation).
 */
export function notProvided(name: string): never {
  throw new Error(`${name} was not provided to the machine`);
}

export function promiseNotProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => notProvided(name));
}
