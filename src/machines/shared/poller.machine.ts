import { assign, fromCallback, setup } from 'xstate';
import { MAX_BACKOFF_STEPS, pollDelayAfter } from '../../lib/backoff';
import { notProvided, promiseNotProvided } from './not-provided';

/**
 * A background poller: asks every `intervalMs` while the browser tab is visible, backs off on
 * failures (src/lib/backoff.ts: the wait doubles per failure up to four times the interval, a
 * success resets it), asks nothing while the tab is hidden and asks at once when it shows again.
 *
 *   waiting ─(interval, backed off)→ polling ─→ waiting   (done: recordPolled; error: counted, logged)
 *      │                                 │
 *      └──────── poller.pause ───→ paused ←┘ (a poll under way is dropped)
 *                                    └─ poller.resume → polling (at once)
 *
 * It starts waiting: whatever it polls was just loaded by someone else (the shell loads the store
 * profile), so the first ask is one interval later. The tab's visibility reaches it through the
 * invoked `watchVisibility` (poller.pause / poller.resume), so the machine, not a component,
 * decides when to ask. Each poller is one typed instance: `TResult` is what a poll answers,
 * `TInput` what it is started with (and asks with).
 */
export interface PollerContext<TInput> {
  input: TInput;
  /** Polls failed in a row: drives the back-off. */
  failures: number;
}

export type PollerEvent = { type: 'poller.pause' } | { type: 'poller.resume' };

/** What each poll is asked with: the poller's input. */
export interface PollRequest<TInput> {
  input: TInput;
}

export interface PollerDefinition {
  /** The machine's id (and the prefix of its state ids). */
  id: string;
  /** The usual wait between polls. */
  intervalMs: number;
}

export function createPollerMachine<TResult, TInput>({ id, intervalMs }: PollerDefinition) {
  return setup({
    types: {
      input: {} as TInput,
      context: {} as PollerContext<TInput>,
      events: {} as PollerEvent,
    },
    actors: {
      poll: promiseNotProvided<TResult, PollRequest<TInput>>('poll'),
      /** Sends poller.pause when the tab hides and poller.resume when it shows (and the state at start). */
      watchVisibility: fromCallback<PollerEvent>(() => notProvided('watchVisibility')),
    },
    delays: {
      pollDelay: ({ context }) => pollDelayAfter(intervalMs, context.failures),
    },
    actions: {
      // Injected: the journal and the log.
      /** What a poll answered, for the journal (when it holds news). */
      recordPolled: (_, _params: { result: TResult }) => {},
      logPollFailure: (_, _params: { error: unknown }) => {},
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ input, failures: 0 }),
    invoke: { id: 'watchVisibility', src: 'watchVisibility' },
    initial: 'waiting',
    states: {
      waiting: {
        description: 'Until the next poll: the interval, longer after failures.',
        after: { pollDelay: 'polling' },
        on: { 'poller.pause': 'paused' },
      },
      polling: {
        invoke: {
          id: 'poll',
          src: 'poll',
          input: ({ context }) => ({ input: context.input }),
          onDone: {
            target: 'waiting',
            actions: [assign({ failures: 0 }), { type: 'recordPolled', params: ({ event }) => ({ result: event.output }) }],
          },
          onError: {
            target: 'waiting',
            actions: [
              assign({ failures: ({ context }) => Math.min(context.failures + 1, MAX_BACKOFF_STEPS) }),
              { type: 'logPollFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
        // Hidden mid-poll: the answer is dropped; showing again asks anew.
        on: { 'poller.pause': 'paused' },
      },
      paused: {
        description: 'The browser tab is hidden: no requests until it shows again, then one at once.',
        on: { 'poller.resume': 'polling' },
      },
    },
  });
}
