import { assign, setup } from 'xstate';
import type { MessageKey, TranslateParams } from '../../i18n';
import { SNACKBAR_AUTO_HIDE_MS, SNACKBAR_SUPERSEDED_MS } from '../../lib/constants';

/**
 * The one notification bar (spec: floating bottom centre, error by default, closes on its button,
 * ignores click-away). Messages queue: a second message waits until the first is closed or hides,
 * but a message with others behind it stays only SNACKBAR_SUPERSEDED_MS more, so news (a retry's
 * "Successfully saved") never waits out the full 6 s of an older error, and no message of a burst
 * is skipped. Messages are i18n keys, so a message already on screen follows a language switch.
 */
export type SnackbarSeverity = 'success' | 'warning' | 'error' | 'info';

export interface SnackbarMessage {
  id: number;
  key: MessageKey;
  params?: TranslateParams;
  severity: SnackbarSeverity;
  autoHideMs: number;
}

export type SnackbarRequest = Omit<SnackbarMessage, 'id' | 'severity' | 'autoHideMs'> &
  Partial<Pick<SnackbarMessage, 'severity' | 'autoHideMs'>>;

export type SnackbarEvent = { type: 'snackbar.show'; message: SnackbarRequest } | { type: 'snackbar.close' };

interface SnackbarContext {
  queue: SnackbarMessage[];
  nextId: number;
}

export const snackbarMachine = setup({
  types: { context: {} as SnackbarContext, events: {} as SnackbarEvent },
  actions: {
    enqueue: assign(({ context }, params: { message: SnackbarRequest }) => ({
      nextId: context.nextId + 1,
      queue: [
        ...context.queue,
        {
          severity: 'error' as const,
          autoHideMs: SNACKBAR_AUTO_HIDE_MS,
          ...params.message,
          id: context.nextId,
        },
      ],
    })),
    dequeue: assign(({ context }) => ({ queue: context.queue.slice(1) })),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    hasNext: ({ context }) => context.queue.length > 1,
  },
  delays: {
    autoHide: ({ context }) => context.queue[0]?.autoHideMs ?? SNACKBAR_AUTO_HIDE_MS,
    superseded: SNACKBAR_SUPERSEDED_MS,
  },
}).createMachine({
  id: 'snackbar',
  context: { queue: [], nextId: 1 },
  initial: 'idle',
  on: {
    'snackbar.show': { actions: { type: 'enqueue', params: ({ event }) => ({ message: event.message }) } },
  },
  states: {
    idle: {
      always: { guard: 'hasQueued', target: 'showing' },
    },
    showing: {
      on: { 'snackbar.close': { target: 'idle', actions: 'dequeue' } },
      initial: 'current',
      states: {
        current: {
          always: { guard: 'hasNext', target: 'superseded' },
          after: { autoHide: { target: '#snackbar.idle', actions: 'dequeue' } },
        },
        superseded: {
          description: 'Newer messages wait: this one gives way soon (or at once when closed).',
          after: { superseded: { target: '#snackbar.idle', actions: 'dequeue' } },
        },
      },
    },
  },
});

export const selectCurrentMessage = (snapshot: { context: SnackbarContext; value: unknown }) =>
  snapshot.value === 'idle' ? undefined : snapshot.context.queue[0];
