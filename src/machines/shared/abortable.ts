import { fromPromise, type PromiseActorLogic } from 'xstate';

/**
 * A promise actor whose call is aborted through its `signal` when the actor stops, and that
 * never settles once aborted: an aborted call has no outcome anyone waits for.
 *
 * Why not plain fromPromise: React's StrictMode (and @xstate/react's rehydration) stops an actor
 * and starts the very same actor again. The stop aborts the call; the restart makes a new call;
 * but the aborted call's rejection ("could not reach the server") still arrives, and the
 * restarted actor, active again, would take it as its own answer and report a failure.
 */
export function fromAbortablePromise<TOutput, TInput>(
  call: (args: { input: TInput; signal: AbortSignal }) => Promise<TOutput>,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    try {
      return await call({ input, signal });
    } catch (error) {
      if (signal.aborted) return new Promise<never>(() => {});
      throw error;
    }
  });
}
