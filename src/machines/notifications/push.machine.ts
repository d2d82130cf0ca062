import { fromCallback, setup, type SnapshotFrom } from 'xstate';
import { isCallMissing } from '../../api/errors';
import type { PushPermission } from '../../api/push';
import type { StoreNotification } from '../../api/stores';
import { notificationsRefreshMachine } from './refresh.machine';
import { notProvided, promiseNotProvided } from '../shared/not-provided';

/**
 * Push notifications for the current store (spec section 6: topic_storeadmin + store id). One
 * actor per store runs in the shell beside the bell.
 *
 * - At start it reads what the browser allows, without asking. Granted: it subscribes at once.
 *   Not decided yet: the popover offers "Turn on notifications", because browsers only let a
 *   click ask for the permission. Blocked or unsupported: the popover says so, and never asks.
 * - While subscribed, each push appends notifications.received (the bell counts it) and shows
 *   its title in an info snackbar.
 * - A subscription that fails (FCM unreachable, service worker refused) can be tried again. One
 *   the platform answers 404 or 405 (it has no topic subscription call: VITE_PUSH_TOPIC_SUBSCRIBE_PATH
 *   names a call it does not offer) is not retried: the popover says so.
 * - Whenever pushes do not arrive (not subscribed, for whatever reason), the store's notifications
 *   are refreshed every minute instead (notifications/refresh.machine.ts, docs/decisions/031).
 * - The bell's read marks go through here too (notifications.markRead): the journal gets
 *   notifications.read and this browser remembers them for the operator.
 */
export interface PushContext {
  storeId: number;
}

export type PushEvent =
  /** "Turn on notifications" (a click: the only moment a browser lets us ask). */
  | { type: 'push.enable' }
  /** From the subscription: a push arrived. */
  | { type: 'push.received'; notification: StoreNotification }
  /** From the subscription: it could not be made, or it broke. */
  | { type: 'push.subscriptionFailed'; error: unknown }
  /** The operator saw these notifications (opened the popover, or followed one). */
  | { type: 'notifications.markRead'; ids: number[] };

/** What the subscription (an invoked callback actor) is started with. */
export type ReceivePushesInput = { storeId: number };

/**
 * Where pushes do not arrive, the bell refreshes the notifications itself: one child per such
 * state (not while the browser's prompt is open, a moment the operator answers).
 */
const refreshing = {
  id: 'refreshNotifications',
  src: 'refreshNotifications',
  input: ({ context }: { context: PushContext }) => ({ storeId: context.storeId }),
} as const;

export const pushMachine = setup({
  types: {
    input: {} as { storeId: number },
    context: {} as PushContext,
    events: {} as PushEvent,
  },
  actors: {
    readPermission: promiseNotProvided<PushPermission, void>('readPermission'),
    requestPermission: promiseNotProvided<PushPermission, void>('requestPermission'),
    /** The subscription: receives the store's pushes and sends push.received / push.subscriptionFailed back. */
    receivePushes: fromCallback<PushEvent, ReceivePushesInput>(() => notProvided('receivePushes')),
    /** The bell without push: the store's notifications, asked for every minute while visible. */
    refreshNotifications: notificationsRefreshMachine,
  },
  actions: {
    /** Appends notifications.received to the journal. */
    recordReceived: (_, _params: { notification: StoreNotification }) => {},
    /** An info snackbar with the push's title. */
    notifyReceived: (_, _params: { title: string }) => {},
    /** Appends notifications.read to the journal and remembers the marks for the operator. */
    recordRead: (_, _params: { ids: number[] }) => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    answeredGranted: (_, { answer }: { answer: PushPermission }) => answer === 'granted',
    answeredUndecided: (_, { answer }: { answer: PushPermission }) => answer === 'default',
    answeredDenied: (_, { answer }: { answer: PushPermission }) => answer === 'denied',
    answeredUnsupported: (_, { answer }: { answer: PushPermission }) => answer === 'unsupported',
    /** The platform answered the topic subscription 404 or 405: it has no such call. */
    subscriptionCallMissing: (_, { error }: { error: unknown }) => isCallMissing(error),
  },
}).createMachine({
  id: 'push',
  context: ({ input }) => ({ storeId: input.storeId }),
  on: {
    'notifications.markRead': { actions: { type: 'recordRead', params: ({ event }) => ({ ids: event.ids }) } },
  },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'readPermission',
        src: 'readPermission',
        onDone: [
          { guard: { type: 'answeredGranted', params: ({ event }) => ({ answer: event.output }) }, target: 'subscribed' },
          { guard: { type: 'answeredUndecided', params: ({ event }) => ({ answer: event.output }) }, target: 'off' },
          { guard: { type: 'answeredDenied', params: ({ event }) => ({ answer: event.output }) }, target: 'blocked' },
          { target: 'unsupported' },
        ],
        onError: { target: 'unsupported', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    off: {
      description: 'The browser has not asked yet: the popover offers "Turn on notifications".',
      invoke: refreshing,
      on: { 'push.enable': 'asking' },
    },
    asking: {
      tags: 'busy',
      description: "The browser's permission prompt is open.",
      invoke: {
        id: 'requestPermission',
        src: 'requestPermission',
        onDone: [
          { guard: { type: 'answeredGranted', params: ({ event }) => ({ answer: event.output }) }, target: 'subscribed' },
          { guard: { type: 'answeredDenied', params: ({ event }) => ({ answer: event.output }) }, target: 'blocked' },
          { guard: { type: 'answeredUnsupported', params: ({ event }) => ({ answer: event.output }) }, target: 'unsupported' },
          // Dismissed without a choice: the offer stays.
          { target: 'off' },
        ],
        onError: { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    subscribed: {
      description: 'Pushes of the store arrive in the bell.',
      invoke: { id: 'receivePushes', src: 'receivePushes', input: ({ context }) => ({ storeId: context.storeId }) },
      on: {
        'push.received': {
          actions: [
            { type: 'recordReceived', params: ({ event }) => ({ notification: event.notification }) },
            { type: 'notifyReceived', params: ({ event }) => ({ title: event.notification.title }) },
          ],
        },
        'push.subscriptionFailed': [
          {
            guard: { type: 'subscriptionCallMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: 'The subscription could not be made; "Turn on notifications" tries again.',
      invoke: refreshing,
      on: { 'push.enable': 'subscribed' },
    },
    blocked: {
      description: 'The operator refused notifications; only the browser settings can change it.',
      invoke: refreshing,
    },
    unsupported: {
      description: 'No push in this browser or build.',
      invoke: refreshing,
    },
    unavailable: {
      description: 'The platform has no topic subscription call (404/405): the popover says so; nothing is retried.',
      invoke: refreshing,
    },
  },
});

export type PushSnapshot = SnapshotFrom<typeof pushMachine>;
export type PushStatus = 'checking' | 'off' | 'asking' | 'subscribed' | 'failed' | 'blocked' | 'unsupported' | 'unavailable';
export const selectPushStatus = (s: PushSnapshot): PushStatus => s.value as PushStatus;
