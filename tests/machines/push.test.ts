import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { PushChannel, PushPermission } from '../../src/api/push';
import type { StoreNotification } from '../../src/api/stores';
import { createJournal } from '../../src/machines/journal/journal';
import type { notificationsRefreshMachine } from '../../src/machines/notifications/refresh.machine';
import { livePushMachine } from '../../src/machines/notifications/push.live';
import { selectPushStatus } from '../../src/machines/notifications/push.machine';
import { selectUnreadNotifications } from '../../src/machines/journal/selectors';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { devkitPushChannel } from '../../mocks/push-channel';
import { setupTestBackend } from '../mocks/support';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM } from '../../src/machines/path-model/fixtures';

const PUSH: StoreNotification = { id: 501, type: 'order', title: 'New order #20001 from Eva Ruiz', created_at: MONDAY_9AM, click_action: '/operations/orders/pending', read: false };

/** A channel whose answers a test gives: the permission now, the prompt's answer, the subscription. */
function fakeChannel(permission: PushPermission) {
  const subscriptions: Array<{ storeId: number; deliver: (n: StoreNotification) => void; made: Deferred<() => void>; stopped: boolean }> = [];
  const prompts: Array<Deferred<PushPermission>> = [];
  const channel: PushChannel = {
    permission: async () => permission,
    requestPermission: () => {
      const answer = deferred<PushPermission>();
      prompts.push(answer);
      return answer.promise;
    },
    subscribe: (storeId, deliver) => {
      const made = deferred<() => void>();
      const subscription = { storeId, deliver, made, stopped: false };
      subscriptions.push(subscription);
      return made.promise;
    },
  };
  const stopFor = (index: number) => () => {
    subscriptions[index].stopped = true;
  };
  return { channel, subscriptions, prompts, stopFor };
}

function start(channel: PushChannel, storeId = 3) {
  const journal = createJournal();
  const notified: SnackbarRequest[] = [];
  const actor = createActor(livePushMachine({ journal, notify: (m) => notified.push(m), channel }), { input: { storeId } }).start();
  return { actor, journal, notified, status: () => selectPushStatus(actor.getSnapshot()) };
}

describe('push machine with a channel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a browser that allows notifications subscribes to the store at once; a push reaches the bell and the snackbar', async () => {
    const fake = fakeChannel('granted');
    const { journal, notified, status } = start(fake.channel);
    await settle();
    expect(status()).toBe('subscribed');
    expect(fake.subscriptions.map((s) => s.storeId)).toEqual([3]);
    expect(fake.prompts).toEqual([]);
    fake.subscriptions[0].made.resolve(fake.stopFor(0));
    await settle();

    fake.subscriptions[0].deliver(PUSH);
    expect(journal.events()).toEqual([{ type: 'notifications.received', at: expect.any(Number), notification: PUSH }]);
    expect(selectUnreadNotifications(journal.state().notifications)).toEqual([PUSH]);
    expect(notified).toEqual([{ key: 'notifications.pushReceived', params: { title: PUSH.title }, severity: 'info' }]);
  });

  it('a browser that has not decided asks only on "Turn on notifications", and subscribes when allowed', async () => {
    const fake = fakeChannel('default');
    const { actor, status } = start(fake.channel);
    await settle();
    expect(status()).toBe('off');
    expect(fake.prompts).toEqual([]);
    expect(fake.subscriptions).toEqual([]);

    actor.send({ type: 'push.enable' });
    expect(status()).toBe('asking');
    expect(fake.prompts).toHaveLength(1);
    fake.prompts[0].resolve('granted');
    await settle();
    expect(status()).toBe('subscribed');
    expect(fake.subscriptions).toHaveLength(1);
  });

  it.each<[PushPermission, string]>([
    ['denied', 'blocked'],
    ['default', 'off'],
    ['unsupported', 'unsupported'],
  ])('answered "%s" at the prompt, it is %s and subscribes to nothing', async (answer, expected) => {
    const fake = fakeChannel('default');
    const { actor, status } = start(fake.channel);
    await settle();
    actor.send({ type: 'push.enable' });
    fake.prompts[0].resolve(answer);
    await settle();
    expect(status()).toBe(expected);
    expect(fake.subscriptions).toEqual([]);
  });

  it('a subscription that cannot be made is reported; "Turn on notifications" tries again', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const fake = fakeChannel('granted');
    const { actor, status } = start(fake.channel);
    await settle();
    fake.subscriptions[0].made.reject(new Error('Service worker registration failed'));
    await settle();
    expect(status()).toBe('failed');
    expect(console.info).toHaveBeenCalledWith('Push notifications are off', 'Service worker registration failed');

    actor.send({ type: 'push.enable' });
    expect(status()).toBe('subscribed');
    expect(fake.subscriptions).toHaveLength(2);
  });

  it.each([404, 405])('a platform that answers the topic subscription %i has no such call: said once, not retried, and the bell refreshes instead', async (status) => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const fake = fakeChannel('granted');
    const { actor, status: pushStatus } = start(fake.channel);
    await settle();
    fake.subscriptions[0].made.reject(new ApiError({ kind: 'http', status, operation: 'POST push topic subscription', message: 'Not Found' }));
    await settle();
    expect(pushStatus()).toBe('unavailable');
    const refresh = actor.getSnapshot().children.refreshNotifications?.getSnapshot() as SnapshotFrom<typeof notificationsRefreshMachine> | undefined;
    expect(refresh?.value).toBe('waiting');
    actor.send({ type: 'push.enable' });
    expect(pushStatus()).toBe('unavailable');
    expect(fake.subscriptions).toHaveLength(1);
    actor.stop();
  });

  it('any other refusal of the subscription call keeps "try again"', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const fake = fakeChannel('granted');
    const { status } = start(fake.channel);
    await settle();
    fake.subscriptions[0].made.reject(new ApiError({ kind: 'http', status: 500, operation: 'POST push topic subscription', message: 'Internal error' }));
    await settle();
    expect(status()).toBe('failed');
  });

  it('stops the subscription when the bell goes (sign-out, store switch), even one still being made', async () => {
    const fake = fakeChannel('granted');
    const first = start(fake.channel);
    await settle();
    fake.subscriptions[0].made.resolve(fake.stopFor(0));
    await settle();
    first.actor.stop();
    expect(fake.subscriptions[0].stopped).toBe(true);

    const second = start(fake.channel);
    await settle();
    second.actor.stop();
    // Made after the bell went: undone at once, and nothing it delivers reaches the journal.
    fake.subscriptions[1].made.resolve(fake.stopFor(1));
    await settle();
    expect(fake.subscriptions[1].stopped).toBe(true);
  });
});

describe('the dev kit’s push channel (mock mode)', () => {
  const backend = setupTestBackend();

  it('reads as granted and hands the app the pushes of its store only, created_at in milliseconds', async () => {
    const channel = devkitPushChannel(backend.current.devkit);
    await expect(channel.permission()).resolves.toBe('granted');
    await expect(channel.requestPermission()).resolves.toBe('granted');
    const [store, other] = backend.current.devkit.records('stores') as Array<{ id: number }>;
    const received: StoreNotification[] = [];
    const stop = await channel.subscribe(store.id, (n) => received.push(n));

    const push = await backend.current.devkit.push({ storeId: store.id, title: 'Your weekly report is ready', type: 'feature', click_action: '/dashboards/default' });
    if (other) await backend.current.devkit.push({ storeId: other.id, title: 'Not for this store' });
    expect(received).toEqual([{ ...push.notification, created_at: push.notification.created_at * 1000 }]);
    expect(received[0]).toMatchObject({ title: 'Your weekly report is ready', type: 'feature', read: false });

    stop();
    await backend.current.devkit.push({ storeId: store.id });
    expect(received).toHaveLength(1);
  });
});
