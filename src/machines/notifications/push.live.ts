import { fromCallback, fromPromise } from 'xstate';
import type { PushChannel } from '../../api/push';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';
import { operatorOf, readMarks, rememberRead, withReadMarks } from './read-marks';
import { liveNotificationsRefreshMachine } from './refresh.live';
import { pushMachine, type PushEvent, type ReceivePushesInput } from './push.machine';
import type { SnackbarRequest } from '../snackbar/machine';

export interface PushDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
  /** Firebase Cloud Messaging in live mode, the dev kit's pushes in mock mode (Services.push). */
  channel: PushChannel;
}

/** The push machine with a real channel, the notifications refresh for when pushes do not arrive, and the read marks. */
export function livePushMachine({ journal, notify, channel }: PushDeps) {
  return pushMachine.provide({
    actors: {
      refreshNotifications: liveNotificationsRefreshMachine({ journal }),
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
      recordReceived: ({ context }, { notification }) => {
        const [marked] = withReadMarks([notification], readMarks(operatorOf(journal), context.storeId));
        journal.append({ type: 'notifications.received', at: now(), notification: marked });
      },
      recordRead: ({ context }, { ids }) => {
        journal.append({ type: 'notifications.read', at: now(), ids });
        rememberRead(operatorOf(journal), context.storeId, ids);
      },
      notifyReceived: (_, { title }) => notify({ key: 'notifications.pushReceived', params: { title }, severity: 'info' }),
      logFailure: (_, { error }) => console.info('Push notifications are off', error instanceof Error ? error.message : error),
    },
  });
}
