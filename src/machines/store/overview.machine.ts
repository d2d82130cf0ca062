import { assign, setup, type SnapshotFrom } from 'xstate';
import type { HomeData } from '../../api/stores';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The overview's data: GET /stores/home. The figures live in the store projection (journal event
 * store.homeLoaded), so a reload of the screen shows the last figures while fresh ones load.
 */
export const overviewMachine = setup({
  types: {
    context: {} as LoadFailureContext,
    events: {} as { type: 'overview.reload' },
  },
  actors: {
    loadHome: promiseNotProvided<HomeData, void>('loadHome'),
  },
  actions: {
    /** Appends store.homeLoaded to the journal. */
    recordHomeLoaded: (_, _params: { home: HomeData }) => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'overview',
  context: { loadFailure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadHome',
        src: 'loadHome',
        onDone: { target: 'loaded', actions: { type: 'recordHomeLoaded', params: ({ event }) => ({ home: event.output }) } },
        onError: { target: 'failed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    loaded: { on: { 'overview.reload': 'loading' } },
    failed: { on: { 'overview.reload': 'loading' } },
  },
});

type OverviewSnapshot = SnapshotFrom<typeof overviewMachine>;
/** The last load failed: the screen offers a retry over the last figures it has. */
export const selectOverviewFailed = (s: OverviewSnapshot) => s.matches('failed');
