import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { noPushChannel, type PushChannel } from '../../src/api/push';
import { StoreProfileSchema, type StoreNotification, type StoreProfile } from '../../src/api/stores';
import { clearAppStorage } from '../../src/lib/storage';
import { createJournal, type Journal } from '../../src/machines/journal/journal';
import { livePushMachine } from '../../src/machines/notifications/push.live';
import { selectUnreadNotifications } from '../../src/machines/journal/selectors';
import { liveStoreProfileMachine } from '../../src/machines/store/live';
import { settle } from '../support/deferred';
import { MONDAY_9AM, MONDAY_9AM_SECONDS, sessionUser, storeProfileWire } from '../../src/machines/path-model/fixtures';

/**
 * Read marks (docs/decisions/031): the spec has no call that marks a notification read, so the
 * console keeps the ids an operator read in localStorage, one key per operator. A reload (a new
 * journal, the store profile loaded again with the server's flags) still shows them read; another
 * operator of the same browser does not share them; signing out removes them.
 */
const STORE = 3;
const ANA = 'ana@store.test';
const BEA = 'bea@store.test';

/** The platform's answer: three notifications, none read, the third without a `read` field at all (the spec names none). */
function serverProfile(): StoreProfile {
  const wire = storeProfileWire({
    id: STORE,
    notifications: [
      { id: 1, type: 'order', title: 'New order #1', created_at: MONDAY_9AM_SECONDS - 600, click_action: '/operations/orders/pending', read: false },
      { id: 2, type: 'user', title: 'A new operator joined', created_at: MONDAY_9AM_SECONDS - 300, click_action: '/settings/security', read: false },
      { id: 3, type: 'feature', title: 'Reports are here', created_at: MONDAY_9AM_SECONDS - 60, click_action: '/dashboards/default', read: false },
    ],
  });
  delete (wire.notifications[2] as { read?: boolean }).read;
  return { ...StoreProfileSchema.parse(wire), id: STORE };
}

/** A page load for the operator: a fresh journal, the session, the shell's profile load and the bell. */
async function pageLoad(email: string, storeId = STORE) {
  const journal = createJournal();
  journal.append({ type: 'session.signedIn', at: MONDAY_9AM, user: sessionUser({ storeId, email }), via: 'restored' });
  const profile = createActor(
    liveStoreProfileMachine({ journal }).provide({ actors: { loadProfile: fromPromise(async () => ({ ...serverProfile(), id: storeId })) } }),
    { input: { storeId } },
  ).start();
  await waitFor(profile, (s) => s.matches('loaded'));
  const bell = createActor(livePushMachine({ journal, notify: () => {}, channel: noPushChannel }), { input: { storeId } }).start();
  await settle();
  return { journal, bell, stop: () => (profile.stop(), bell.stop()) };
}

const unreadIds = (journal: Journal) => selectUnreadNotifications(journal.state().notifications).map((n) => n.id);

describe('notification read marks', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('a notification without a read flag is unread; what the operator reads is journalled and kept for them', async () => {
    const page = await pageLoad(ANA);
    expect(unreadIds(page.journal)).toEqual([3, 2, 1]);

    page.bell.send({ type: 'notifications.markRead', ids: [3, 2] });
    expect(page.journal.events().at(-1)).toEqual({ type: 'notifications.read', at: expect.any(Number), ids: [3, 2] });
    expect(unreadIds(page.journal)).toEqual([1]);
    expect(JSON.parse(localStorage.getItem(`console.notifications-read.${ANA}`)!)).toEqual({ [STORE]: [3, 2] });
    page.stop();
  });

  it('survive a reload: the server still says unread, the operator’s marks win', async () => {
    const first = await pageLoad(ANA);
    first.bell.send({ type: 'notifications.markRead', ids: [3, 2] });
    first.stop();

    const reloaded = await pageLoad(ANA);
    expect(serverProfile().notifications.map((n) => n.read)).toEqual([false, false, false]);
    expect(unreadIds(reloaded.journal)).toEqual([1]);
    // The journal carries the marks itself: a replay needs no storage.
    const loaded = reloaded.journal.events().find((e) => e.type === 'store.profileLoaded');
    expect(loaded?.type === 'store.profileLoaded' && loaded.profile.notifications.map((n) => [n.id, n.read])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    reloaded.bell.send({ type: 'notifications.markRead', ids: [1] });
    reloaded.stop();
    expect(unreadIds((await pageLoad(ANA)).journal)).toEqual([]);
  });

  it('are per operator, and per store', async () => {
    const ana = await pageLoad(ANA);
    ana.bell.send({ type: 'notifications.markRead', ids: [3, 2, 1] });
    ana.stop();

    const bea = await pageLoad(BEA);
    expect(unreadIds(bea.journal)).toEqual([3, 2, 1]);
    bea.bell.send({ type: 'notifications.markRead', ids: [1] });
    bea.stop();
    expect(unreadIds((await pageLoad(ANA)).journal)).toEqual([]);
    expect(unreadIds((await pageLoad(BEA)).journal)).toEqual([3, 2]);
    // Ana's other store has notifications with the same ids: not read there.
    expect(unreadIds((await pageLoad(ANA, STORE + 1)).journal)).toEqual([3, 2, 1]);
  });

  it('a notification the operator read in another tab arrives here read', async () => {
    const here = await pageLoad(ANA);
    here.bell.stop();
    // A push bell for this tab; in the other tab, push 4 arrived and the operator read it.
    let deliver!: (n: StoreNotification) => void;
    const channel: PushChannel = { permission: async () => 'granted', requestPermission: async () => 'granted', subscribe: async (_, onPush) => ((deliver = onPush), () => {}) };
    const bell = createActor(livePushMachine({ journal: here.journal, notify: () => {}, channel }), { input: { storeId: STORE } }).start();
    await settle();
    const other = await pageLoad(ANA);
    other.bell.send({ type: 'notifications.markRead', ids: [4] });
    other.stop();

    deliver({ id: 4, type: 'order', title: 'New order #4', created_at: MONDAY_9AM, click_action: '/operations/orders/pending', read: false });
    expect(here.journal.state().notifications.items.map((n) => [n.id, n.read])).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, false],
    ]);
    bell.stop();
    here.stop();
  });

  it('go with sign-out, like everything else the console stored (security: nothing left behind)', async () => {
    const page = await pageLoad(ANA);
    page.bell.send({ type: 'notifications.markRead', ids: [3, 2, 1] });
    page.stop();
    localStorage.setItem('devkit.db', '{}');
    expect(Object.keys(localStorage)).toContain(`console.notifications-read.${ANA}`);
    // What the session's sign-out does to storage (src/machines/session/live.ts recordSignedOut).
    clearAppStorage();
    expect(Object.keys(localStorage)).toEqual(['devkit.db']);
    expect(unreadIds((await pageLoad(ANA)).journal)).toEqual([3, 2, 1]);
  });
});
