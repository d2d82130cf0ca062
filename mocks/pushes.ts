import type * as z from 'zod';
import { NotificationWireSchema } from '../src/api/stores';
import { consumerNames } from '../scenarios/people';
import type { Db } from './db';
import { createPrng, seedFrom } from './random';
import type { ServerClock } from './time';
import { seconds } from './time';

/**
 * Push notifications in mock mode: the messaging provider's stand-in. `push()` writes a
 * notification into a store's profile (so GET /stores/profile/{id} and a reload show it, like a
 * real backend that stores what it sends) and hands it to every `onPush` listener, which is how
 * the app's mock-mode push service receives it (the live app subscribes to the messaging topic
 * `topic_storeadmin<storeId>`, spec section 6; here it subscribes to the dev kit).
 *
 * Sent by `devkit.push()` (the Demo menu, end-to-end tests, the console) and, for scenarios that
 * set `newOrderPushEveryMs` (busy-store), by a timer the browser backend starts
 * (`scheduleNewOrderPushes`, mocks/browser.ts). Node tests get no timer unless they start one.
 */
export type NotificationWire = z.infer<typeof NotificationWireSchema>;

/** What `devkit.push()` takes: every field optional (a new-order notification by default). */
export interface PushInput extends Partial<Omit<NotificationWire, 'id'>> {
  /** The store to notify (default: the store the signed-in operator acts on). */
  storeId?: number;
}

/** One push as a listener receives it: the wire notification (created_at in unix seconds). */
export interface Push {
  /** The messaging topic it was sent to: `topic_storeadmin<storeId>`. */
  topic: string;
  storeId: number;
  notification: NotificationWire;
}

export type PushListener = (push: Push) => void;

/** The bell keeps the latest ones: older notifications drop off the store's profile. */
export const MAX_NOTIFICATIONS = 50;

/** Where a default notification leads: the pending orders list. */
export const NEW_ORDER_CLICK_ACTION = '/operations/orders/pending';

export interface PushesOptions {
  db: Db;
  now: ServerClock;
  /** The scenario the db holds: its first operator's store is the fallback target. */
  scenario: () => { name: string; operators: ReadonlyArray<{ id: number }> };
  /** Writes the db after the change (browser: localStorage). */
  persist: () => void;
}

export interface Pushes {
  push(input?: PushInput): Promise<Push>;
  onPush(listener: PushListener): () => void;
}

export function createPushes({ db, now, scenario, persist }: PushesOptions): Pushes {
  const listeners = new Set<PushListener>();
  // Seeded per scenario: the same scenario names the same consumers in the same order.
  let prng: { name: string; pick<T>(items: readonly T[]): T } | undefined;
  const generator = () => {
    const name = scenario().name;
    if (prng?.name !== name) prng = { name, ...createPrng(seedFrom(`${name}:pushes`)) };
    return prng;
  };

  /**
   * The store the page is signed in for: the current account of the operator of the newest live
   * session; before anyone signs in, the scenario's first operator's (the demo sign-in).
   */
  function targetStore(): number {
    const at = now();
    const sessions = db.sessions.all().filter((session) => session.expiresAt > at);
    sessions.sort((a, b) => b.createdAt - a.createdAt);
    const operatorIds = [...sessions.map((session) => session.operatorId), ...scenario().operators.map((operator) => operator.id)];
    for (const id of operatorIds) {
      const account = db.operators.findFirst((q) => q.where({ id }))?.currentAccount;
      if (account != null) return account;
    }
    const [first] = db.stores.all();
    if (!first) throw new Error('devkit.push: the scenario has no store to notify');
    return first.id;
  }

  /** "New order #N from <consumer>": N follows the highest order number anyone has seen yet. */
  function newOrderTitle(storeId: number): string {
    let highest = 0;
    for (const order of db.orders.all()) highest = Math.max(highest, order.id);
    for (const store of db.stores.all()) {
      for (const { title } of store.notifications) highest = Math.max(highest, Number(/^New order #(\d+)/.exec(title)?.[1] ?? 0));
    }
    const customers = db.orders.findMany((q) => q.where({ store_id: storeId })).map((order) => order.consumer.name);
    const name = customers.length > 0 ? generator().pick(customers) : generator().pick(consumerNames).join(' ');
    return `New order #${highest + 1} from ${name}`;
  }

  return {
    async push(input = {}) {
      const { storeId: requested, ...fields } = input;
      const storeId = requested ?? targetStore();
      const store = db.stores.findFirst((q) => q.where({ id: storeId }));
      if (!store) throw new Error(`devkit.push: no store ${storeId}`);
      let id = 0;
      for (const other of db.stores.all()) for (const n of other.notifications) id = Math.max(id, n.id);
      const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      const notification = NotificationWireSchema.parse({
        id: id + 1,
        type: 'order',
        title: fields.title ?? newOrderTitle(storeId),
        created_at: seconds(now()),
        click_action: NEW_ORDER_CLICK_ACTION,
        read: false,
        ...given,
      });
      await db.stores.update((q) => q.where({ id: storeId }), {
        data(draft) {
          draft.notifications = [notification, ...draft.notifications].slice(0, MAX_NOTIFICATIONS);
        },
      });
      persist();
      const push: Push = { topic: `topic_storeadmin${storeId}`, storeId, notification: { ...notification } };
      for (const listener of listeners) listener(push);
      return push;
    },

    onPush(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Pushes a new-order notification every `everyMs` while the page runs (busy-store: every 3
 * minutes). Returns the function that stops it. The browser backend starts it; tests may, with
 * fake timers. A failed push is reported on the console, never thrown into the timer.
 */
export function scheduleNewOrderPushes(pushes: Pick<Pushes, 'push'>, everyMs: number): () => void {
  const timer = setInterval(() => {
    pushes.push().catch((error: unknown) => console.error('[devkit] The scheduled new-order push failed:', error));
  }, everyMs);
  return () => clearInterval(timer);
}
