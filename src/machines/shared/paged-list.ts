import { and, assign, stateIn, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import { oneMoreFailure } from '../../lib/backoff';
import { offsetForPage } from '../../lib/paging';
import { loadFailureFromError, type LoadFailureContext } from './load-failure';
import { pollerInput } from './poller.machine';

/**
 * The `list` region the paged lists share (offers, orders, templates, deliveries, accounts; the
 * counter's open orders load the same way):
 *
 *   show ─→ loading ─answer→ ready
 *              └─failure→ failed ─retry→ loading
 *
 * and, for a list that polls (offers, orders), what `ready` holds; the shared poller
 * (poller.machine.ts, invoked as `poller`) says when a poll is due and when the tab hides or shows:
 *
 *   scheduling ─(tab hidden)→ paused ─resume→ polling
 *        ├─→ waiting ─poller.due→ polling ─answer or failure→ waiting (or scheduling)
 *        └─(with `pollsIf`, a page that does not poll)→ still
 *
 * Each list is still its own `setup().createMachine()`: it declares its context, events, actors,
 * guards and actions, and names its own events. These builders return, typed for that context and
 * those events, the state configs above; they use only what every such list declares: the
 * `loadPage` actor (or the `src` given to `loading`), the `logLoadFailure` action, and for a
 * journalled page the `recordLoaded` action and the injected `pageDiffers` guard, for a polled one
 * `isHidden`, `schedulePoll` and `logPollFailure`. The state names, invoke ids and transition
 * order are what the flows' screens, tests and path models name, so they are fixed here.
 */

/**
 * `{ [key]: value }` typed with the key's literal type (a computed key alone would widen it to
 * string): an event's transition, a state named by the flow.
 */
export function keyed<TKey extends string, TValue>(key: TKey, value: TValue) {
  return { [key]: value } as { [K in TKey]: TValue };
}

/** The `limit` and `offset` of the 0-based `page` of a list shown `pageSize` rows at a time. */
export function pageWindow(page: number, pageSize: number) {
  return { limit: pageSize, offset: offsetForPage(page, pageSize) };
}

type Args<TContext, TEvent> = { context: TContext; event: TEvent };

/**
 * An object type spelled out as one: spreads of generic parts are typed as intersections, and
 * XState reads a machine's state values (what `snapshot.matches()` accepts) from the keys of
 * plain `states` objects only.
 */
export type Spelled<T> = { [K in keyof T]: T[K] } & {};
/** `still` is a state only of a page that may not poll. */
type StillIf<TPolls, TStill> = [TPolls] extends [never] ? unknown : { still: TStill };
/** A load's answer, as the actions of its onDone see it. */
type Answered<TContext, TOutput> = Args<TContext, { output: TOutput }>;

/** The state configs of the `list` region, typed for one list's context and events. */
export function pagedListStates<TContext extends LoadFailureContext, TEvent extends EventObject>() {
  // The states below write only LoadFailureContext's fields, which the list's context extends
  // without narrowing them: such a patch is a patch of that context. The generic context hides
  // that from TypeScript, hence this one cast.
  const update = <TExpressionEvent extends EventObject>(patch: (args: Args<TContext, TExpressionEvent>) => Partial<LoadFailureContext>) =>
    assign<TContext, TExpressionEvent, undefined, TEvent, never>((args) => patch(args) as Partial<TContext>);

  const logLoadFailure = { type: 'logLoadFailure', params: ({ event }: Args<TContext, ErrorActorEvent>) => ({ error: event.error }) } as const;

  // Where a load's answer goes, on its way to `ready` (the `loaded` of `loading` and `region`).

  /** Into the machine's context: a list nothing else reads. */
  function keepLoaded<TOutput>(patch: (output: TOutput) => Partial<TContext>) {
    return { target: 'ready', actions: assign<TContext, DoneActorEvent<TOutput>, undefined, TEvent, never>(({ event }) => patch(event.output)) } as const;
  }

  /** To the journal: `recordLoaded`, with these params. */
  function recordLoaded<TOutput, TParams>(params: (args: Answered<TContext, TOutput>) => TParams) {
    return { target: 'ready', actions: { type: 'recordLoaded', params } } as const;
  }

  /**
   * To the journal only when the injected `pageDiffers` guard (given the same params) says the
   * projection does not hold that page yet: an identical page changes nothing anywhere.
   */
  function recordLoadedIfNew<TOutput, TParams>(params: (args: Answered<TContext, TOutput>) => TParams) {
    return [{ guard: { type: 'pageDiffers', params }, target: 'ready', actions: { type: 'recordLoaded', params } }, { target: 'ready' }] as const;
  }

  /**
   * A load by the `src` actor (also the invoke's id): its answer goes to `ready` (`loaded`: one of
   * the three above); its failure to `failed`, kept for the screen (load-failure.ts) and logged.
   */
  function loading<TSrc extends string, TInput, TLoaded>(
    src: TSrc,
    state: { input: (args: { context: TContext }) => TInput; loaded: TLoaded; tags?: 'busy' | 'loading' },
  ) {
    return {
      tags: state.tags ?? 'busy',
      entry: update(() => ({ loadFailure: null })),
      invoke: {
        id: src,
        src,
        input: state.input,
        onDone: state.loaded,
        onError: { target: 'failed', actions: [update<ErrorActorEvent>(({ event }) => ({ loadFailure: loadFailureFromError({ event }) })), logLoadFailure] },
      },
    } as const;
  }

  /** Nothing to show: the screen says why (the context's `loadFailure`) and offers `retry`. */
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- here for its type: `retry` is one of this list's events
  function failed<TRetry extends TEvent['type']>(retry: TRetry, description = 'Nothing to show: the failure and Retry.') {
    return { description, on: keyed(retry, 'loading' as const) };
  }

  /**
   * The whole region of a list whose URL names what it shows: `show` (its tab, filters and page,
   * which `shown` writes into the context) loads that page, replacing a load still running (the
   * invoke restarts). Not `reenter`: that would also restart a sibling region (the offers'
   * mutation) and drop a running delete.
   */
  function region<TShow extends TEvent['type'], TRetry extends TEvent['type'], TInput, TLoaded, TReady extends object = Record<never, never>>(list: {
    show: TShow;
    shown: (event: Extract<TEvent, { type: TShow }>) => Partial<TContext>;
    retry: TRetry;
    /** What `loadPage` is asked with: the page's window (pageWindow) and the list's own terms. */
    input: (args: { context: TContext }) => TInput;
    loaded: TLoaded;
    /** What `ready` holds: nothing (the page is shown until the next `show`), or its own states. */
    ready?: TReady;
  }) {
    const show = assign<TContext, Extract<TEvent, { type: TShow }>, undefined, TEvent, never>(({ event }) => list.shown(event));
    return {
      initial: 'loading',
      on: keyed(list.show, { target: '.loading', actions: show }),
      states: {
        loading: loading('loadPage', { input: list.input, loaded: list.loaded }),
        failed: failed(list.retry),
        ready: list.ready ?? ({} as TReady),
      },
    } as const;
  }

  return { region, loading, failed, keepLoaded, recordLoaded, recordLoadedIfNew };
}

/** What a polled list keeps besides its page. */
export interface PolledListContext extends LoadFailureContext {
  /** Polls failed in a row: drives the back-off and the stale-data note. */
  failures: number;
  /** The browser tab is hidden: no polling until it shows again. */
  hidden: boolean;
}

/** The polling pieces of a list's machine, typed for its context and events. */
export function polledListStates<TContext extends PolledListContext, TEvent extends EventObject>() {
  // As in pagedListStates: the states write only PolledListContext's fields.
  const update = <TExpressionEvent extends EventObject>(patch: (args: Args<TContext, TExpressionEvent>) => Partial<PolledListContext>) =>
    assign<TContext, TExpressionEvent, undefined, TEvent, never>((args) => patch(args) as Partial<TContext>);

  const hide = update(() => ({ hidden: true }));
  const show = update(() => ({ hidden: false }));

  /**
   * For the machine's root: the poller child, and the tab's visibility kept in `hidden` whatever
   * the state (the polling states below also act on it).
   */
  function poller<TPause extends TEvent['type'], TResume extends TEvent['type']>(intervalMs: number, pause: TPause, resume: TResume) {
    return {
      invoke: { id: 'poller', src: 'poller', input: pollerInput<TEvent>(intervalMs, pause, resume) },
      on: { ...keyed(pause, { actions: hide }), ...keyed(resume, { actions: show }) },
    } as const;
  }

  /**
   * `ready` for a polled page: the shared poller paces `polling` (the `loadPage` actor again, as
   * `pollPage`) while the tab is visible. A failed poll keeps the page and counts the failure (the
   * poller backs off); a poll reaches the journal only when `pageDiffers`.
   */
  function ready<
    TPause extends TEvent['type'],
    TResume extends TEvent['type'],
    TRefresh extends TEvent['type'],
    TInput,
    TOutput,
    TParams,
    TPolls extends string = never,
  >(polled: {
    pause: TPause;
    resume: TResume;
    /** Polls at once: only from `waiting`, or (`anywhere`) from any ready state, `still` included. */
    refresh: TRefresh;
    refreshFrom: 'waiting' | 'anywhere';
    input: (args: { context: TContext }) => TInput;
    /** recordLoaded's (and pageDiffers') params for a polled page. */
    record: (args: Answered<TContext, TOutput>) => TParams;
    /** Where a poll's answer or failure leads: straight back to `waiting`, or to `scheduling` to decide again. */
    afterPoll: 'waiting' | 'scheduling';
    /** The guard that says whether this page polls at all; one that does not rests in `still`, without a timer. */
    pollsIf?: TPolls;
  }) {
    const after = polled.afterPoll;
    const polls = polled.pollsIf;
    const pauseHere = keyed(polled.pause, { target: 'paused', actions: hide } as const);
    const pageDiffers = { type: 'pageDiffers', params: polled.record } as const;

    const scheduling = {
      description: 'Decides between waiting for the next poll, waiting for the tab to show again, and (a page that does not poll) staying still.',
      always:
        polls === undefined
          ? ([{ guard: 'isHidden', target: 'paused' }, { target: 'waiting' }] as const)
          : ([{ guard: 'isHidden', target: 'paused' }, { guard: polls, target: 'waiting' }, { target: 'still' }] as const),
    };
    const still = { description: 'A page that does not poll: no timer.', on: pauseHere };
    const waiting = {
      entry: 'schedulePoll',
      on: { 'poller.due': 'polling', ...pauseHere, ...(polled.refreshFrom === 'waiting' ? keyed(polled.refresh, 'polling' as const) : {}) },
    } as const;
    const polling = {
      description: 'The page stays on screen while it is fetched again.',
      invoke: {
        id: 'pollPage',
        src: 'loadPage',
        input: polled.input,
        onDone: [
          {
            // A poll answered while a row is being changed may predate that change; the next
            // poll brings the settled page.
            guard: and([stateIn({ mutation: 'idle' }), pageDiffers]),
            target: after,
            actions: [update(() => ({ failures: 0 })), { type: 'recordLoaded', params: polled.record }],
          },
          { target: after, actions: update(() => ({ failures: 0 })) },
        ],
        onError: {
          target: after,
          actions: [
            update(({ context }) => ({ failures: oneMoreFailure(context.failures) })),
            { type: 'logPollFailure', params: ({ event }: Args<TContext, ErrorActorEvent>) => ({ error: event.error }) },
          ],
        },
      },
      on: pauseHere,
    } as const;
    const paused = {
      description: 'The browser tab is hidden: no requests until it shows again, then one at once.',
      on: keyed(polled.resume, { target: 'polling', actions: show } as const),
    };

    type States = Spelled<
      { scheduling: typeof scheduling } & StillIf<TPolls, typeof still> & { waiting: typeof waiting; polling: typeof polling; paused: typeof paused }
    >;
    const states = (polls === undefined ? { scheduling, waiting, polling, paused } : { scheduling, still, waiting, polling, paused }) as States;
    const refreshAnywhere = polled.refreshFrom === 'anywhere' ? { on: keyed(polled.refresh, '.polling' as const) } : {};
    // One type whether or not `on` is there: XState reads the state values from it.
    return { initial: 'scheduling', ...refreshAnywhere, states } as { initial: 'scheduling'; on?: { [K in TRefresh]: '.polling' }; states: States };
  }

  return { poller, ready };
}
