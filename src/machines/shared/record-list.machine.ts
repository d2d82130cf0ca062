import { assign, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { PagedList } from '../../api/codecs';
import { sameValue } from '../../lib/same-value';
import { loadFailureFromError, type LoadFailureContext } from './load-failure';
import { promiseNotProvided } from './not-provided';

/**
 * The flow of a list of a store's records that arrives whole and is paged on the screen (trucks,
 * pickup locations; spec section 7 reads both as limit 10, offset 0, total = the list's
 * length). Each list is one typed instance of this factory (src/machines/trucks/machine.ts,
 * pickups/machine.ts): `TRecord` is a row, `TQuery` what the server is asked for (a status tab, a
 * search). The page shown is the screen's business: the whole list is in the journal.
 *
 * Two regions run side by side:
 * - `list`: loading → ready | failed ("We have problems, please retry in a moment" with Retry); a
 *   new query (another tab, a search) loads again, replacing a load still running.
 * - `mutation`: idle → confirmingDelete ("Delete truck {name}?") → deleting → idle. The row leaves
 *   the list when the server has deleted it (spec section 4: "deleting removes the item from its
 *   list locally", no reload); a refusal leaves it where it is and says "We have problems, to
 *   delete" (spec section 8).
 */

/** What a list row needs for the machine: its id (the delete call) and a name (the confirmation). */
export interface ListedRecord {
  id: number;
  name: string;
}

export interface RecordListInput<TQuery> {
  query: TQuery;
}

export interface RecordListContext<TRecord, TQuery> extends LoadFailureContext {
  /** What the list on screen answers (or the load under way asks). */
  query: TQuery;
  /** The record a delete confirmation or a running delete is about. */
  deleting: TRecord | null;
}

export type RecordListEvent<TRecord, TQuery> =
  | { type: 'list.show'; query: TQuery }
  | { type: 'list.retry' }
  | { type: 'list.askDelete'; record: TRecord }
  | { type: 'list.cancelDelete' }
  | { type: 'list.confirmDelete' }
  /** Raised by the machine when a delete went through: a load still running may predate it. */
  | { type: 'list.deleted' };

export type RecordListFailure = 'load' | 'delete';

/**
 * A list machine for one kind of record. The `loadList` and `deleteRecord` actors and the journal,
 * snackbar and log actions are injected with `.provide()` (src/machines/trucks/live.ts,
 * pickups/live.ts).
 */
export function createRecordListMachine<TRecord extends ListedRecord, TQuery>({ id }: { id: string }) {
  return setup({
    types: {
      input: {} as RecordListInput<TQuery>,
      context: {} as RecordListContext<TRecord, TQuery>,
      events: {} as RecordListEvent<TRecord, TQuery>,
    },
    actors: {
      loadList: promiseNotProvided<PagedList<TRecord>, { query: TQuery }>('loadList'),
      deleteRecord: promiseNotProvided<void, { id: number }>('deleteRecord'),
    },
    guards: {
      /** The URL changing to what is already shown (or asked) loads nothing. */
      queryChanged: ({ context, event }) => event.type === 'list.show' && !sameValue(event.query, context.query),
    },
    actions: {
      // Injected: the journal, the snackbar and the log.
      recordLoaded: (_, _params: { query: TQuery; list: PagedList<TRecord> }) => {},
      recordDeleted: (_, _params: { record: TRecord }) => {},
      notifyDeleteFailed: () => {},
      logFailure: (_, _params: { what: RecordListFailure; error: unknown }) => {},
    },
  }).createMachine({
    id,
    type: 'parallel',
    context: ({ input }) => ({ query: input.query, deleting: null, loadFailure: null }),
    states: {
      list: {
        initial: 'loading',
        on: {
          // A newer query replaces a load still running (the invoke restarts). Not `reenter`: that
          // would also restart the sibling mutation region and drop a running delete.
          'list.show': { guard: 'queryChanged', target: '.loading', actions: assign({ query: ({ event }) => event.query }) },
        },
        states: {
          loading: {
            tags: 'busy',
            entry: assign({ loadFailure: null }),
            on: {
              // The server may have read the list before the delete: ask again.
              'list.deleted': { target: 'loading', reenter: true },
            },
            invoke: {
              id: 'loadList',
              src: 'loadList',
              input: ({ context }) => ({ query: context.query }),
              onDone: { target: 'ready', actions: { type: 'recordLoaded', params: ({ context, event }) => ({ query: context.query, list: event.output }) } },
              onError: {
                target: 'failed',
                actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logFailure', params: ({ event }) => ({ what: 'load' as const, error: event.error }) }],
              },
            },
          },
          failed: {
            description: 'Nothing to show: "We have problems, please retry in a moment" (or, for an answer the console cannot read, its own message) and Retry.',
            on: { 'list.retry': 'loading' },
          },
          ready: {},
        },
      },
      mutation: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              // Rows are asked about only while they are shown.
              'list.askDelete': { guard: stateIn({ list: 'ready' }), target: 'confirmingDelete', actions: assign({ deleting: ({ event }) => event.record }) },
            },
          },
          confirmingDelete: {
            description: 'The "Delete {name}?" dialog is open.',
            on: {
              'list.cancelDelete': { target: 'idle', actions: assign({ deleting: null }) },
              'list.confirmDelete': 'deleting',
            },
          },
          deleting: {
            description: 'The row stays, marked busy, until the server answers.',
            tags: 'mutating',
            invoke: {
              id: 'deleteRecord',
              src: 'deleteRecord',
              input: ({ context }) => ({ id: context.deleting!.id }),
              onDone: {
                target: 'idle',
                actions: [{ type: 'recordDeleted', params: ({ context }) => ({ record: context.deleting! }) }, assign({ deleting: null }), raise({ type: 'list.deleted' })],
              },
              onError: {
                target: 'idle',
                actions: ['notifyDeleteFailed', { type: 'logFailure', params: ({ event }) => ({ what: 'delete' as const, error: event.error }) }, assign({ deleting: null })],
              },
            },
          },
        },
      },
    },
  });
}

export type RecordListMachine<TRecord extends ListedRecord, TQuery> = ReturnType<typeof createRecordListMachine<TRecord, TQuery>>;
export type RecordListSnapshot<TRecord extends ListedRecord, TQuery> = SnapshotFrom<RecordListMachine<TRecord, TQuery>>;

/** The list region's state for the screen: skeletons, the failure, or the rows. */
export type RecordListPhase = 'loading' | 'failed' | 'ready';
export const selectListPhase = <TRecord extends ListedRecord, TQuery>(s: RecordListSnapshot<TRecord, TQuery>): RecordListPhase =>
  s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'ready';
/** The record whose delete dialog is open, or null. */
export const selectConfirmingDelete = <TRecord extends ListedRecord, TQuery>(s: RecordListSnapshot<TRecord, TQuery>): TRecord | null =>
  s.matches({ mutation: 'confirmingDelete' }) ? s.context.deleting : null;
/** The id of the record being deleted (its row is busy), or null. */
export const selectDeletingId = <TRecord extends ListedRecord, TQuery>(s: RecordListSnapshot<TRecord, TQuery>): number | null =>
  s.matches({ mutation: 'deleting' }) ? (s.context.deleting?.id ?? null) : null;
