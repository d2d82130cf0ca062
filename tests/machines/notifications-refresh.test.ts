import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { PushChannel } from '../../src/api/push';
import type { StoreNotification } from '../../src/api/stores';
import { NOTIFICATIONS_REFRESH_MS } from '../../src/lib/constants';
import { createJournal } from '../../src/machines/journal/journal';
import { NOTIFICATIONS_REFRESH_MAX_MS, notificationsRefreshMachine } from '../../src/machines/notifications/refresh.machine';
import { liveNotificationsRefreshMachine } from '../../src/machines/notifications/refresh.live';
import type { PollRequest } from '../../src/machines/shared/poller.machine';
import { livePushMachine } from '../../src/machines/notifications/push.live';
import { selectUnreadNotifications } from '../../src/machines/journal/selectors';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM, sessionUser } from '../../src/machines/path-model/fixtures';

/**
 * The bell without push (docs/decisions/031): the live refresh (real journal actions, the real
 * document visibility watcher) with scripted answers from the store profile, under fake timers.
 */
const STORE = 3;
const note = (id: number, minutesAgo: number, read = false): StoreNotification => ({
  id,
  type: 'order',
  title: `Notification ${id}`,
  created_at: MONDAY_9AM - minutesAgo * 60_000,
  click_action: '/operations/orders/pending',
  read,
});

let visibility: DocumentVisibilityState = 'visible';
/** The browser tab hides or shows, as the browser tells the page. */
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function signedInJournal(held: StoreNotification[] = [note(1, 30)]) {
  const journal = createJournal();
  journal.append({ type: 'session.signedIn', at: MONDAY_9AM, user: sessionUser({ storeId: STORE }), via: 'password' });
  // What the shell's profile load left in the bell.
  for (const n of held) journal.append({ type: 'notifications.received', at: MONDAY_9AM, notification: n });
  return journal;
}

/** The refresh as the bell runs it, each poll waiting on an answer the test gives. */
function harness(journal = signedInJournal()) {
  const polls: Array<{ storeId: number; reply: Deferred<StoreNotification[]> }> = [];
  const machine = liveNotificationsRefreshMachine({ journal }).provide({
    actors: {
      poll: fromPromise<StoreNotification[], PollRequest<{ storeId: number }>>(({ input }) => {
        const reply = deferred<StoreNotification[]>();
        polls.push({ storeId: input.input.storeId, reply });
        return reply.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { storeId: STORE } });
  return { journal, actor, polls, lastPoll: () => polls.at(-1)! };
}

describe('notifications refresh (the bell without push)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks every minute while visible; what is new is appended (the badge counts it), a quiet refresh appends nothing', async () => {
    const h = harness(signedInJournal([note(1, 30)]));
    h.actor.start();
    // The shell has just loaded the list: the first refresh is one interval later.
    expect(h.polls).toHaveLength(0);
    vi.advanceTimersByTime(NOTIFICATIONS_REFRESH_MS - 1);
    expect(h.polls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(h.polls.map((p) => p.storeId)).toEqual([STORE]);

    h.lastPoll().reply.resolve([note(3, 1), note(2, 5), note(1, 30)]);
    await settle();
    const received = h.journal.events().filter((e) => e.type === 'notifications.received').slice(1);
    // Oldest first, as they happened.
    expect(received.map((e) => e.type === 'notifications.received' && e.notification.id)).toEqual([2, 3]);
    expect(selectUnreadNotifications(h.journal.state().notifications).map((n) => n.id)).toEqual([3, 2, 1]);

    const before = h.journal.events().length;
    vi.advanceTimersByTime(NOTIFICATIONS_REFRESH_MS);
    expect(h.polls).toHaveLength(2);
    h.lastPoll().reply.resolve([note(3, 1), note(2, 5), note(1, 30)]);
    await settle();
    expect(h.journal.events()).toHaveLength(before);
    h.actor.stop();
  });

  it('hidden, it asks nothing however long; shown again, it asks at once and then every minute', async () => {
    const h = harness();
    h.actor.start();
    setVisibility('hidden');
    expect(h.actor.getSnapshot().value).toBe('paused');
    vi.advanceTimersByTime(10 * NOTIFICATIONS_REFRESH_MS);
    expect(h.polls).toHaveLength(0);

    setVisibility('visible');
    expect(h.polls).toHaveLength(1);
    h.lastPoll().reply.resolve([note(4, 0), note(1, 30)]);
    await settle();
    expect(selectUnreadNotifications(h.journal.state().notifications).map((n) => n.id)).toEqual([4, 1]);
    vi.advanceTimersByTime(NOTIFICATIONS_REFRESH_MS);
    expect(h.polls).toHaveLength(2);

    // Hidden while a refresh is under way: its answer is dropped; shown again asks anew.
    setVisibility('hidden');
    h.polls[1].reply.resolve([note(5, 0), note(4, 0), note(1, 30)]);
    await settle();
    expect(h.journal.state().notifications.items.map((n) => n.id)).toEqual([4, 1]);
    setVisibility('visible');
    expect(h.polls).toHaveLength(3);
    h.actor.stop();
  });

  it('a console opened in a hidden tab waits until it is shown', () => {
    visibility = 'hidden';
    const h = harness();
    h.actor.start();
    expect(h.actor.getSnapshot().value).toBe('paused');
    vi.advanceTimersByTime(10 * NOTIFICATIONS_REFRESH_MS);
    expect(h.polls).toHaveLength(0);
    setVisibility('visible');
    expect(h.polls).toHaveLength(1);
    h.actor.stop();
  });

  it('failed refreshes keep the list and back off 60 s → 120 s → 240 s, capped; a good one resets it', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(NOTIFICATIONS_REFRESH_MAX_MS).toBe(240_000);
    const h = harness();
    h.actor.start();
    const failAfter = async (wait: number) => {
      const count = h.polls.length;
      vi.advanceTimersByTime(wait - 1);
      expect(h.polls).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(h.polls).toHaveLength(count + 1);
      h.lastPoll().reply.reject(new Error('offline'));
      await settle();
    };
    await failAfter(60_000);
    await failAfter(120_000);
    await failAfter(240_000);
    await failAfter(240_000);
    expect(console.info).toHaveBeenCalledWith('Notifications did not refresh', expect.any(Error));
    expect(h.journal.state().notifications.items.map((n) => n.id)).toEqual([1]);

    vi.advanceTimersByTime(240_000);
    h.lastPoll().reply.resolve([note(1, 30)]);
    await settle();
    const count = h.polls.length;
    vi.advanceTimersByTime(NOTIFICATIONS_REFRESH_MS);
    expect(h.polls).toHaveLength(count + 1);
    h.actor.stop();
  });
});

/** A push channel whose browser allows pushes (granted) or has none (unsupported). */
const channelWith = (permission: 'granted' | 'unsupported'): PushChannel => ({
  permission: async () => permission,
  requestPermission: async () => permission,
  subscribe: async () => () => {},
});

/** The state of the bell's refresh child, if one runs. */
function refreshState(actor: ReturnType<typeof startPush>) {
  const child = actor.getSnapshot().children.refreshNotifications;
  return child ? (child.getSnapshot() as SnapshotFrom<typeof notificationsRefreshMachine>).value : undefined;
}

function startPush(channel: PushChannel) {
  return createActor(livePushMachine({ journal: signedInJournal(), notify: () => {}, channel }), { input: { storeId: STORE } }).start();
}

describe('the push machine runs the refresh whenever pushes do not arrive', () => {
  afterEach(() => vi.restoreAllMocks());

  it('without push (not configured, or not in this browser) the bell refreshes; subscribed it does not', async () => {
    const without = startPush(channelWith('unsupported'));
    await settle();
    expect(without.getSnapshot().value).toBe('unsupported');
    expect(refreshState(without)).toBe('waiting');
    without.stop();

    const subscribed = startPush(channelWith('granted'));
    await settle();
    expect(subscribed.getSnapshot().value).toBe('subscribed');
    expect(refreshState(subscribed)).toBeUndefined();
    subscribed.stop();
  });
});
