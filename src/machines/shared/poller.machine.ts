import { assign, sendTo, setup, type AnyActorRef, type EventObject } from 'xstate';
import { oneMoreFailure, pollDelayAfter } from '../../lib/backoff';
import { promiseNotProvided } from './not-provided';
import { watchDocumentVisibility } from './visibility';

/**
 * Polling, in one place: the interval, the back-off (src/lib/backoff.ts: the wait doubles per
 * failed poll up to four times the interval, a success resets it), nothing asked while the browser
 * tab is hidden (visibility.ts; never a screen's effect) and one poll at once when it shows again.
 *
 * - `pollerMachine` is the poller every polling flow runs as its child (the offers and orders
 *   lists, the counter, the delivery map). The flow does the polling itself, in its own
 *   waiting / polling / paused states (what its screen reads and its tests and path models name);
 *   the poller tells it when.
 * - `createPollerMachine` builds a flow that is nothing but a poll (the bell's notifications
 *   refresh) on that same child.
 */

// ---- The poller a flow runs as its child ---------------------------------------------------------

/** What a flow gives the poller it invokes (`pollerInput` builds it). */
export interface PollerInput {
  /** The flow: told `poller.due`, and its own pause and resume events. */
  parent: AnyActorRef;
  /** The usual wait between polls. */
  intervalMs: number;
  /** The flow's event for "the tab is hidden: ask nothing". */
  pause: string;
  /** The flow's event for "the tab shows again: poll at once". */
  resume: string;
}

/** From the tab's visibility (visibility.ts), to either poller. */
export type PollerEvent = { type: 'poller.pause' } | { type: 'poller.resume' };
/** From the flow, each time it waits for its next poll: `failures` polls failed in a row (none: the plain interval). */
export type PollerScheduleEvent = { type: 'poller.schedule'; failures?: number };
/** To the flow: the wait is over, poll now. */
export type PollerDueEvent = { type: 'poller.due' };

/**
 * The poller's input for a flow's invoke, typed by the flow's events so that `pause` and `resume`
 * are events the flow handles: `input: pollerInput<OffersListEvent>(OFFERS_POLL_MS, 'offers.pause', 'offers.resume')`.
 */
export function pollerInput<TEvent extends EventObject>(intervalMs: number, pause: TEvent['type'], resume: TEvent['type']) {
  return ({ self }: { self: AnyActorRef }): PollerInput => ({ parent: self, intervalMs, pause, resume });
}

/**
 *   visible.idle ─poller.schedule→ visible.counting ─(interval, backed off)→ visible.idle + tells poller.due
 *        └──── tab hides: tells `pause` ───→ hidden ── tab shows: tells `resume` (the flow polls at once) ──┘
 *
 * The flow sends `poller.schedule` (with its failures in a row) whenever it starts waiting for its
 * next poll; another schedule restarts the wait. A flow that is not waiting ignores a late
 * `poller.due`, so the poller needs to know nothing of the flow's states.
 */
export const pollerMachine = setup({
  types: {
    input: {} as PollerInput,
    context: {} as PollerInput & { failures: number },
    events: {} as PollerEvent | PollerScheduleEvent,
  },
  actors: {
    /** Sends poller.pause when the tab hides and poller.resume when it shows (poller.pause at once if it starts hidden). */
    watchVisibility: watchDocumentVisibility,
  },
  delays: {
    pollDelay: ({ context }) => pollDelayAfter(context.intervalMs, context.failures),
  },
  actions: {
    tellFlow: sendTo(({ context }) => context.parent, (_, event: { type: string }) => event),
  },
}).createMachine({
  id: 'poller',
  context: ({ input }) => ({ ...input, failures: 0 }),
  invoke: { id: 'watchVisibility', src: 'watchVisibility' },
  initial: 'visible',
  states: {
    visible: {
      initial: 'idle',
      on: {
        // Re-entered: a new schedule restarts the wait.
        'poller.schedule': { target: '.counting', reenter: true, actions: assign({ failures: ({ event }) => event.failures ?? 0 }) },
        'poller.pause': { target: 'hidden', actions: { type: 'tellFlow', params: ({ context }) => ({ type: context.pause }) } },
      },
      states: {
        idle: { description: 'Nothing is due: the flow is loading or polling, or has nothing to poll.' },
        counting: {
          description: 'The flow waits for its next poll: the interval, doubled per failed poll.',
          after: { pollDelay: { target: 'idle', actions: { type: 'tellFlow', params: { type: 'poller.due' } } } },
        },
      },
    },
    hidden: {
      description: 'The browser tab is hidden: nothing is due; when it shows again the flow polls at once.',
      on: { 'poller.resume': { target: 'visible', actions: { type: 'tellFlow', params: ({ context }) => ({ type: context.resume }) } } },
    },
  },
});

// ---- A flow that is nothing but a poll -------------------------------------------------------------

/**
 * A flow that asks by itself (the injected `poll`) each time its poller says so, for a flow that
 * is nothing but a poll (the bell's notifications refresh). The pacing is the child poller's
 * above, as for every polling flow:
 *
 *   waiting ─poller.due→ polling ─→ waiting   (done: recordPolled; error: counted, logged)
 *      │                      │
 *      └── poller.pause ──→ paused ←┘ (a poll under way is dropped)
 *                             └─ poller.resume → polling (at once)
 *
 * It starts waiting: whatever it polls was just loaded by someone else (the shell loads the store
 * profile), so the first ask is one interval later. Each one is a typed instance: `TResult` is
 * what a poll answers, `TInput` what it is started with (and asks with).
 */
export interface PollerContext<TInput> {
  input: TInput;
  /** Polls failed in a row: drives the back-off. */
  failures: number;
}

/** What each poll is asked with: the flow's input. */
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
      events: {} as PollerEvent | PollerDueEvent,
    },
    actors: {
      poll: promiseNotProvided<TResult, PollRequest<TInput>>('poll'),
      poller: pollerMachine,
    },
    actions: {
      schedulePoll: sendTo('poller', ({ context }) => ({ type: 'poller.schedule', failures: context.failures })),
      // Injected: the journal and the log.
      /** What a poll answered, for the journal (when it holds news). */
      recordPolled: (_, _params: { result: TResult }) => {},
      logPollFailure: (_, _params: { error: unknown }) => {},
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ input, failures: 0 }),
    // The child poller tells this flow `poller.pause` / `poller.resume` with the tab, and `poller.due`.
    invoke: { id: 'poller', src: 'poller', input: pollerInput<PollerEvent | PollerDueEvent>(intervalMs, 'poller.pause', 'poller.resume') },
    initial: 'waiting',
    states: {
      waiting: {
        description: 'Until the next poll: the interval, longer after failures.',
        entry: 'schedulePoll',
        on: { 'poller.due': 'polling', 'poller.pause': 'paused' },
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
              assign({ failures: ({ context }) => oneMoreFailure(context.failures) }),
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
