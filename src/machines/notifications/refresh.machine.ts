import type { StoreNotification } from '../../api/stores';
import { maxPollDelayMs } from '../../lib/backoff';
import { NOTIFICATIONS_REFRESH_MS } from '../../lib/constants';
import { createPollerMachine } from '../shared/poller.machine';

/**
 * The bell without push (docs/decisions/031): the store's notifications are asked for every
 * NOTIFICATIONS_REFRESH_MS while the console is visible, with the shared poller's pause and
 * back-off (60 s → 120 s → 240 s). Each refresh appends what is new to the journal
 * (notifications.received), so the badge counts it. The push machine runs it whenever pushes do
 * not arrive (src/machines/notifications/push.machine.ts); the live wiring is refresh.live.ts.
 */
export interface NotificationsRefreshInput {
  storeId: number;
}

/** The longest wait between refreshes while they keep failing. */
export const NOTIFICATIONS_REFRESH_MAX_MS = maxPollDelayMs(NOTIFICATIONS_REFRESH_MS);

export const notificationsRefreshMachine = createPollerMachine<StoreNotification[], NotificationsRefreshInput>({
  id: 'notificationsRefresh',
  intervalMs: NOTIFICATIONS_REFRESH_MS,
});
