import { fromCallback, fromPromise } from 'xstate';
import type { PushChannel } from '../api/push';
import { now } from '../lib/clock';
import type { Journal } from './journal';
import { pushMachine, type PushEvent, type ReceivePushesInput } from './push.machine';
import type { SnackbarRequest } from './snackbar.machine';

export interface PushDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
  /** Firebase Cloud Messaging in live mode, the dev kit's pushes in mock mode (Services.push). */
  channel: PushChannel;
}

/** The push machine with a real channel. */
export function livePushMachine({ journal, notify, channel }: PushDeps) {
  return pushMachine.provide({
    actors: {
      readPermission: fromPromise(() => channel.permission()),
      requestPermission: fromPromise(() => channel.requestPermission()),
      receivePushes: fromCallback<PushEvent, ReceivePushesInput>(({ input, sendBack }) => {
        let stop: (() => void) | undefined;
        let stopped = false;
        channel.subscribe(input.storeId, (notification) => sendBack({ type: 'push.received', notification })).then(
          (unsubscribe) => {
            // Left (store switch, sign-out) before the subscription was made: undo it at once.
            if (stopped) unsubscribe();
            else stop = unsubscribe;
          },
          (error: unknown) => {
            if (!stopped) sendBack({ type: 'push.subscriptionFailed', error });
          },
        );
        return () => {
          stopped = true;
          stop?.();
        };
      }),
    },
    actions: {
      recordReceived: (_, { notification }) => journal.append({ type: 'notifications.received', at: now(), notification }),
      notifyReceived: (_, { title }) => notify({ key: 'notifications.pushReceived', params: { title }, severity: 'info' }),
      logFailure: (_, { error }) => console.info('Push notifications are off', error instanceof Error ? error.message : error),
    },
  });
}
