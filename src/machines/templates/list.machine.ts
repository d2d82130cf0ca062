import { assign, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { PagedList } from '../../api/codecs';
import type { ItemStatus } from '../../api/offers';
import type { Template } from '../../api/templates';
import type { TemplatesFilter } from '../journal/events';
import type { LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';
import { pagedListStates, pageWindow } from '../shared/paged-list';
import { rowMutationStates } from '../shared/row-mutations';

/**
 * The offer templates list (/operations/templates, and /operations/templates/filter/recurring)
 * and what the operator does to its rows. Templates do not poll (spec section 4 polls only offers
 * and past orders): the list loads when its tab, search or page changes, and refreshes quietly
 * after a delete so the next template moves up.
 *
 * Two regions run side by side:
 * - `list`: loading → ready (idle ⇄ refreshing) | failed ("We have problems, please retry in a
 *   moment" with Retry).
 * - `mutation`: one delete (after a confirmation) or one status change at a time, applied to the
 *   journal at once (optimistic) and reverted if the server refuses ("Error on delete", "Error on
 *   change status").
 */
export const TEMPLATES_PAGE_SIZE = 10;

export interface TemplatesPageRequest {
  filter: TemplatesFilter;
  search: string;
  limit: number;
  offset: number;
}

interface TemplatesListContext extends LoadFailureContext {
  filter: TemplatesFilter;
  search: string;
  /** 0-based; the URL shows it 1-based. */
  page: number;
  /** The template a delete confirmation or a running delete is about, where it stood, and on which view. */
  deleting: { template: Template; index: number; view: string } | null;
  /** The status change under way, with the status to put back if the server refuses. */
  changing: { template: Template; status: ItemStatus; previous: number } | null;
}

export type TemplatesListEvent =
  | { type: 'templates.show'; filter: TemplatesFilter; search: string; page: number }
  | { type: 'templates.retry' }
  /** Raised by the machine after a delete. */
  | { type: 'templates.refresh' }
  | { type: 'templates.askDelete'; template: Template; index: number }
  | { type: 'templates.cancelDelete' }
  | { type: 'templates.confirmDelete' }
  | { type: 'templates.setStatus'; template: Template; status: ItemStatus };

const pageRequest = ({ context }: { context: TemplatesListContext }): TemplatesPageRequest => ({
  filter: context.filter,
  search: context.search,
  ...pageWindow(context.page, TEMPLATES_PAGE_SIZE),
});

/** Which page of which list is on screen: a refused delete restores its row only there. */
const viewKey = (context: Pick<TemplatesListContext, 'filter' | 'search' | 'page'>) => `${context.filter}|${context.search}|${context.page}`;

const loadedPage = ({ context, event }: { context: TemplatesListContext; event: { output: PagedList<Template> } }) => ({
  filter: context.filter,
  search: context.search,
  page: event.output,
});

const list = pagedListStates<TemplatesListContext, TemplatesListEvent>();
const rows = rowMutationStates<TemplatesListContext, TemplatesListEvent>();

/**
 * Deleted after the operator confirms; the row leaves the list at once. A refusal puts it back
 * where it stood, on the page it was deleted from; if the operator has moved to another tab,
 * search or page meanwhile, that page is reloaded instead, so the template shows up only where it
 * belongs.
 */
const templateDelete = rows.confirmedFirst({
  start: 'templates.askDelete',
  dismiss: 'templates.cancelDelete',
  confirm: 'templates.confirmDelete',
  confirming: 'confirmingDelete',
  dialog: 'The "Delete template {name}?" dialog is open.',
  state: 'deleting',
  field: 'deleting',
  hold: ({ context, event }) => ({ template: event.template, index: event.index, view: viewKey(context) }),
  src: 'deleteTemplate',
  input: ({ template }) => ({ id: template.id }),
  apply: { type: 'recordDeleted', params: ({ template }) => ({ id: template.id }) },
  revert: { type: 'recordDeleteRefused', params: ({ template, index }) => ({ template, index }) },
  notify: 'notifyDeleteFailed',
  revertOnlyIf: 'sameViewAsDelete',
  // The page is one short now: a refresh brings the next template up (a page still loading
  // ignores it; it brings the settled page anyway).
  refresh: 'templates.refresh',
});

/** A status change shows at once; a refusal puts the previous status back. */
const templateStatusChange = rows.sentAtOnce({
  start: 'templates.setStatus',
  state: 'changingStatus',
  field: 'changing',
  hold: ({ event }) => ({ template: event.template, status: event.status, previous: event.template.status }),
  src: 'setStatus',
  input: ({ template, status }) => ({ id: template.id, status }),
  apply: { type: 'recordStatusChanged', params: ({ template, status }) => ({ id: template.id, status }) },
  revert: { type: 'recordStatusChanged', params: ({ template, previous }) => ({ id: template.id, status: previous }) },
  notify: 'notifyStatusFailed',
});

export const templatesListMachine = setup({
  types: {
    input: {} as { filter: TemplatesFilter; search: string; page: number },
    context: {} as TemplatesListContext,
    events: {} as TemplatesListEvent,
  },
  actors: {
    loadPage: promiseNotProvided<PagedList<Template>, TemplatesPageRequest>('loadPage'),
    deleteTemplate: promiseNotProvided<void, { id: number }>('deleteTemplate'),
    setStatus: promiseNotProvided<Template, { id: number; status: ItemStatus }>('setStatus'),
  },
  guards: {
    sameViewAsDelete: ({ context }) => context.deleting?.view === viewKey(context),
  },
  actions: {
    // Injected: the journal, the snackbar and the log.
    recordLoaded: (_, _params: { filter: TemplatesFilter; search: string; page: PagedList<Template> }) => {},
    recordDeleted: (_, _params: { id: number }) => {},
    recordDeleteRefused: (_, _params: { template: Template; index: number }) => {},
    recordStatusChanged: (_, _params: { id: number; status: number }) => {},
    notifyDeleteFailed: () => {},
    notifyStatusFailed: () => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'templatesList',
  type: 'parallel',
  context: ({ input }) => ({
    filter: input.filter,
    search: input.search,
    page: Math.max(0, input.page),
    deleting: null,
    changing: null,
    loadFailure: null,
  }),
  states: {
    list: {
      initial: 'loading',
      on: {
        // A newer tab, search or page replaces a load still running (the invoke restarts). Not
        // `reenter`: that would also restart the sibling mutation region and drop a running delete.
        'templates.show': {
          target: '.loading',
          actions: assign({
            filter: ({ event }) => event.filter,
            search: ({ event }) => event.search,
            page: ({ event }) => Math.max(0, event.page),
          }),
        },
      },
      states: {
        loading: list.loading('loadPage', { input: pageRequest, loaded: list.recordLoaded(loadedPage) }),
        failed: list.failed('templates.retry'),
        ready: {
          initial: 'idle',
          states: {
            idle: { on: { 'templates.refresh': 'refreshing' } },
            refreshing: {
              description: 'After a delete the page is one short: fetched again while it stays on screen.',
              // Another delete finished meanwhile: this answer may predate it, so ask again.
              on: { 'templates.refresh': { target: 'refreshing', reenter: true } },
              invoke: {
                id: 'refreshPage',
                src: 'loadPage',
                input: pageRequest,
                onDone: [
                  // An answer that arrives while a status change is under way may predate it; the
                  // optimistic row stays and the next load brings the settled page.
                  { guard: stateIn({ mutation: 'idle' }), target: 'idle', actions: { type: 'recordLoaded', params: loadedPage } },
                  { target: 'idle' },
                ],
                // The page on screen is still right but for the row that moved up; logged only.
                onError: { target: 'idle', actions: { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
    mutation: rows.region(templateDelete, templateStatusChange),
  },
});

export type TemplatesListSnapshot = SnapshotFrom<typeof templatesListMachine>;

/** The list region's state for the screen: skeletons, the failure, or the page. */
export type TemplatesListPhase = 'loading' | 'failed' | 'ready';
export const selectPhase = (s: TemplatesListSnapshot): TemplatesListPhase =>
  s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'ready';
export const selectMutating = (s: TemplatesListSnapshot) => !s.matches({ mutation: 'idle' });
export const selectConfirmingDelete = (s: TemplatesListSnapshot) => (s.matches({ mutation: 'confirmingDelete' }) ? (s.context.deleting?.template.name ?? '') : null);
