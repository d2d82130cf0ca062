import { fromPromise } from 'xstate';
import { getStoreProfile, type StoreNotification } from '../../api/stores';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';
import { notificationsRefreshMachine, type NotificationsRefreshInput } from './refresh.machine';
import type { PollRequest } from '../shared/poller.machine';
import { operatorOf, readMarks, withReadMarks } from './read-marks';
import { describeError as describe } from '../shared/describe-error';

/**
 * The notifications refresh with its real effects: the store profile (the only call that carries
 * the notifications, GET /stores/profile/{id}) and the journal; the poller watches the tab's
 * visibility itself.
 */
export function liveNotificationsRefreshMachine({ journal }: { journal: Journal }) {
  return notificationsRefreshMachine.provide({
    actors: {
      poll: fromPromise(async ({ input }: { input: PollRequest<NotificationsRefreshInput> }) => (await getStoreProfile(input.input.storeId)).notifications),
    },
    actions: {
      recordPolled: ({ context }, { result }) => recordNew(journal, context.input.storeId, result),
      // Like the store profile's own load (spec section 8: list loads are only logged).
      logPollFailure: (_, { error }) => console.info('Notifications did not refresh', describe(error)),
    },
  });
}

/**
 * Appends the notifications the bell does not hold yet, oldest first, with the operator's read
 * marks. Nothing new: nothing appended (a quiet refresh changes nothing anywhere).
 */
function recordNew(journal: Journal, storeId: number, notifications: StoreNotification[]): void {
  const held = new Set(journal.state().notifications.items.map((n) => n.id));
  const fresh = notifications.filter((n) => !held.has(n.id)).sort((a, b) => a.created_at - b.created_at || a.id - b.id);
  if (fresh.length === 0) return;
  for (const notification of withReadMarks(fresh, readMarks(operatorOf(journal), storeId))) {
    journal.append({ type: 'notifications.received', at: now(), notification });
  }
}
