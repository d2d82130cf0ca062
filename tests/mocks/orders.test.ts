import { beforeAll, describe, expect, it } from 'vitest';
import { OrderRecordSchema, type RecordOf } from '../../mocks/db';
import { aggregateSales, salesOfToday } from '../../mocks/figures';
import { MAX_SUMMARY_DAYS } from '../../mocks/handlers/orders';
import { PICKUP_STATUS_LABELS, SUMMARY_CSV_HEADER, csvDate } from '../../mocks/summary-csv';
import { DAY_MS, HOUR_MS, addDays, millis, seconds, startOfDay } from '../../mocks/time';
import { ApiError } from '../../src/api/errors';
import { OrderWireSchema, OrdersPageWireSchema, StoreOrdersWireSchema, cancelOrder, listOrders, listStoreOrders, ordersFilterBody, setOrderStatus, type OrderFiltersWire } from '../../src/api/orders';
import { PaymentsPageWireSchema, SummariesWireSchema, downloadSummary, listPayments, listSummaries } from '../../src/api/finance';
import { pickupStatus } from '../../src/lib/pickup-status';
import { inconsistencies } from './consistency';
import { DEMO, connectHttpToTestBackend, setupTestBackend, storeCall } from './support';

// A Wednesday morning in the default bakery: this morning's offer is being collected, two offers
// are live, and the fortnight behind holds pickups, no-shows and cancellations.
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const backend = setupTestBackend({ now: NOW });

let token: string;
beforeAll(async () => {
  token = await connectHttpToTestBackend(backend);
});

type OrderRecord = RecordOf<'orders'>;
const FILTERS = '/stores/orders/pagination/filters';

const db = () => backend.current.db;
const serverNow = () => backend.current.ctx.now();
const storeOrders = () => db().orders.all().filter((o) => o.store_id === STORE);
const storePayments = () => db().payments.all().filter((p) => p.store_id === STORE);
const storeSummaries = () => db().summaries.all().filter((s) => s.store_id === STORE);
/** Pending orders whose pickup window ends more than an hour from now. */
const openPending = () => storeOrders().filter((o) => o.status === 0 && millis(o.pickup_until) > serverNow() + HOUR_MS);
const orderRecord = (id: number) => db().orders.findFirst((q) => q.where({ id }))!;
const paymentOf = (orderId: number) => db().payments.findFirst((q) => q.where({ order_id: orderId }))!;
const offerRecord = (id: number) => db().offers.findFirst((q) => q.where({ id }));
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
/** `auth` null: without a session. */
const post = (path: string, body?: unknown, auth: string | null = token) =>
  storeCall(path, auth ?? undefined, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const get = (path: string, auth: string | null = token) => storeCall(path, auth ?? undefined);

const newest = (a: OrderRecord, b: OrderRecord) => b.date - a.date || b.id - a.id;
const oldest = (a: OrderRecord, b: OrderRecord) => a.date - b.date || a.id - b.id;
/** Next pickup first: windows still ahead soonest first, then passed ones, the most recent first. */
const byPickup = (a: OrderRecord, b: OrderRecord) => {
  const nowS = Math.floor(serverNow() / 1000);
  const [aAhead, bAhead] = [a.pickup_until >= nowS, b.pickup_until >= nowS];
  if (aAhead !== bAhead) return aAhead ? -1 : 1;
  return aAhead ? a.pickup_until - b.pickup_until || a.id - b.id : b.pickup_until - a.pickup_until || b.id - a.id;
};
const newestPayment = (a: { audit_creation_date: number; id: number }, b: { audit_creation_date: number; id: number }) =>
  b.audit_creation_date - a.audit_creation_date || b.id - a.id;
const idsOf = (orders: ReadonlyArray<{ id?: number }>) => orders.map((o) => o.id);
/** Accent- and case-insensitive text, as the search compares it. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** YYYY-MM-DD of a local day, as the orders list's URL holds it. */
const localDay = (ms: number) => new Date(ms).toLocaleDateString('sv-SE');
const labelOf = (o: OrderRecord) => pickupStatus({ status: o.status, pickup_date: o.pickup_date === null ? null : millis(o.pickup_date) }, serverNow());

async function filtered(body: unknown, query = 'limit=200&offset=0') {
  const response = await post(`${FILTERS}?${query}`, body);
  expect(response.status).toBe(200);
  return OrdersPageWireSchema.parse(await response.json());
}

async function failure(response: Promise<Response>): Promise<{ status: number; message: string }> {
  const answer = await response;
  return { status: answer.status, message: await messageOf(answer) };
}

async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** A copy of a seeded order, for cases the seed does not hold; removed again by `remove`. */
async function craftOrder(overrides: Partial<OrderRecord>): Promise<OrderRecord> {
  const base = OrderRecordSchema.parse(storeOrders().find((o) => o.status === 0)!);
  return db().orders.create({ ...base, ...overrides });
}
const remove = (id: number) => db().orders.delete((q) => q.where({ id }));

const setOperatorStores = (stores: number[]) =>
  db().operators.update((q) => q.where({ email: DEMO.email }), {
    data(draft) {
      draft.stores = stores;
    },
  });

/** The operator may also act on store 102 (not the current one) while `body` runs. */
async function withAccessTo102(body: () => Promise<void>): Promise<void> {
  await setOperatorStores([STORE, 102]);
  try {
    await body();
  } finally {
    await setOperatorStores([STORE]);
  }
}

describe('POST /stores/orders/pagination/filters', () => {
  it('lists the pending tab (code 0), next pickups first, and the sold tab (every other code), newest first', async () => {
    const pending = await filtered({ tab: 'pending' });
    const expectedPending = storeOrders().filter((o) => o.status === 0);
    expect(expectedPending.length).toBeGreaterThan(3);
    expect(pending).toMatchObject({ limit: 200, offset: 0, total: expectedPending.length });
    expect(idsOf(pending.data)).toEqual(idsOf(expectedPending.sort(byPickup)));

    const sold = await filtered({ tab: 'sold' });
    const expectedSold = storeOrders().filter((o) => o.status !== 0);
    expect(new Set(expectedSold.map((o) => o.status))).toEqual(new Set([1, 2, 3]));
    expect(sold.total).toBe(expectedSold.length);
    expect(idsOf(sold.data)).toEqual(idsOf(expectedSold.sort(newest)));
    expect(pending.total + sold.total).toBe(storeOrders().length);
  });

  it('pages with limit and offset (default 10 and 0), the total counting every match', async () => {
    const all = idsOf(storeOrders().filter((o) => o.status !== 0).sort(newest));
    const first = await filtered({ tab: 'sold' }, '');
    expect(first).toMatchObject({ limit: 10, offset: 0, total: all.length });
    expect(idsOf(first.data)).toEqual(all.slice(0, 10));
    const pages = [];
    for (let offset = 0; offset < all.length; offset += 25) pages.push(...idsOf((await filtered({ tab: 'sold' }, `limit=25&offset=${offset}`)).data));
    expect(pages).toEqual(all);
    const beyond = await filtered({ tab: 'sold' }, `limit=5&offset=${all.length}`);
    expect(beyond).toMatchObject({ data: [], total: all.length, offset: all.length });
  });

  it('answers the platform’s fields only (parsed with the wire schema)', async () => {
    const { data } = await filtered({ tab: 'sold' }, 'limit=3&offset=0');
    for (const order of data) expect(Object.keys(order).sort()).toEqual(Object.keys(OrderWireSchema.shape).sort());
    expect(data[0]).toEqual(OrderWireSchema.parse(orderRecord(data[0].id)));
  });

  it('sorts newest, oldest or by pickup on either tab (ties by id)', async () => {
    for (const tab of ['pending', 'sold'] as const) {
      const orders = storeOrders().filter((o) => (o.status === 0) === (tab === 'pending'));
      expect(idsOf((await filtered({ tab, sort: 'newest' })).data)).toEqual(idsOf(orders.toSorted(newest)));
      expect(idsOf((await filtered({ tab, sort: 'oldest' })).data)).toEqual(idsOf(orders.toSorted(oldest)));
      expect(idsOf((await filtered({ tab, sort: 'pickup' })).data)).toEqual(idsOf(orders.toSorted(byPickup)));
    }
  });

  it('narrows by pickup-status label at the server’s now: PENDING vs NON PICKED UP, and each settled label', async () => {
    const pendingOrders = storeOrders().filter((o) => o.status === 0);
    const late = pendingOrders.filter((o) => labelOf(o) === 'NON_PICKED_UP');
    const open = pendingOrders.filter((o) => labelOf(o) === 'PENDING');
    expect(late.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(0);
    expect(idsOf((await filtered({ tab: 'pending', statuses: ['NON_PICKED_UP'] })).data)).toEqual(idsOf(late.sort(byPickup)));
    expect(idsOf((await filtered({ tab: 'pending', statuses: ['PENDING'] })).data)).toEqual(idsOf(open.sort(byPickup)));
    // A tab and a status of the other tab: nothing.
    expect((await filtered({ tab: 'pending', statuses: ['PICKED_UP'] })).total).toBe(0);

    const otherCode = await craftOrder({ id: 88_001, status: 7 });
    try {
      for (const [label, code] of [
        ['PICKED_UP', 1],
        ['CANCELLED_BY_CONSUMER', 2],
        ['CANCELLED_BY_STORE', 3],
        ['CANCELLED', 7],
      ] as const) {
        const expected = storeOrders().filter((o) => o.status === code);
        expect(expected.length).toBeGreaterThan(0);
        expect(idsOf((await filtered({ tab: 'sold', statuses: [label] })).data)).toEqual(idsOf(expected.sort(newest)));
      }
      const both = await filtered({ tab: 'sold', statuses: ['CANCELLED_BY_CONSUMER', 'CANCELLED_BY_STORE', 'CANCELLED'] });
      expect(both.total).toBe(storeOrders().filter((o) => o.status >= 2).length);
      expect(idsOf(both.data)).toContain(otherCode.id);
    } finally {
      remove(otherCode.id);
    }
  });

  it('bounds the order date, both ends inclusive; the client’s days map to whole local days', async () => {
    const sample = storeOrders().filter((o) => o.status !== 0)[10];
    const exact = await filtered({ tab: 'sold', date_from: sample.date, date_to: sample.date });
    expect(idsOf(exact.data)).toContain(sample.id);
    expect(exact.data.every((o) => o.date === sample.date)).toBe(true);
    expect(idsOf((await filtered({ tab: 'sold', date_from: sample.date + 1 })).data)).not.toContain(sample.id);
    expect(idsOf((await filtered({ tab: 'sold', date_to: sample.date - 1 })).data)).not.toContain(sample.id);

    const [from, to] = [addDays(NOW, -5), addDays(NOW, -3)];
    const inDays = storeOrders().filter((o) => o.status !== 0 && millis(o.date) >= from && millis(o.date) < addDays(to, 1));
    expect(inDays.length).toBeGreaterThan(3);
    const body = ordersFilterBody({ tab: 'sold', statuses: [], from: localDay(from), to: localDay(to), search: '', sort: 'oldest' });
    const page = await listOrders(body, { limit: 200, offset: 0 });
    expect(idsOf(page.data)).toEqual(idsOf(inDays.sort(oldest)));
    // The client works in milliseconds.
    expect(page.data[0].date).toBe(millis(inDays[0].date));
  });

  it('searches order ids (digits, with or without #) and consumers’ names and e-mails, any case and any accents', async () => {
    const sample = storeOrders()[7];
    const digits = String(sample.id).slice(1, 4);
    const containing = (text: string) => storeOrders().filter((o) => String(o.id).includes(text));
    const bothTabs = async (search: string) => {
      const [pending, sold] = [await filtered({ tab: 'pending', search }), await filtered({ tab: 'sold', search })];
      return [...idsOf(pending.data), ...idsOf(sold.data)].sort();
    };
    expect(await bothTabs(String(sample.id))).toEqual([sample.id]);
    expect(await bothTabs(`#${sample.id}`)).toEqual([sample.id]);
    expect(await bothTabs(`  #${sample.id}  `)).toEqual([sample.id]);
    expect(await bothTabs(digits)).toEqual(idsOf(containing(digits)).sort());
    expect(containing(digits).length).toBeGreaterThan(1);

    const lucia = storeOrders().filter((o) => o.consumer.name === 'Lucía Martínez');
    expect(lucia.length).toBeGreaterThan(0);
    const byText = (text: string) =>
      idsOf(storeOrders().filter((o) => fold(o.consumer.name).includes(fold(text)) || fold(o.consumer.email).includes(fold(text)))).sort();
    // Without the accents, in capitals, with the accents, and part of the e-mail.
    expect(await bothTabs('LUCIA MARTINEZ')).toEqual(idsOf(lucia).sort());
    expect(await bothTabs('lucía martínez')).toEqual(idsOf(lucia).sort());
    expect(await bothTabs('Martínez')).toEqual(byText('martinez'));
    expect(byText('martinez').length).toBeGreaterThanOrEqual(lucia.length);
    const emailPart = lucia[0].consumer.email.slice(2, 12);
    expect(await bothTabs(emailPart.toUpperCase())).toEqual(byText(emailPart));
    // Not an id ("#" with text) and nobody's name: nothing.
    expect(await bothTabs('#20a')).toEqual([]);
    expect(await bothTabs('zzzz')).toEqual([]);
    // Blank is no search at all.
    expect((await filtered({ tab: 'sold', search: '   ' })).total).toBe(storeOrders().filter((o) => o.status !== 0).length);
  });

  it('combines every filter', async () => {
    const body: OrderFiltersWire = { tab: 'sold', statuses: ['PICKED_UP'], date_from: seconds(addDays(NOW, -10)), date_to: seconds(NOW), search: 'a', sort: 'oldest' };
    const expected = storeOrders()
      .filter((o) => o.status === 1 && o.date >= body.date_from! && o.date <= body.date_to!)
      .filter((o) => o.consumer.name.toLowerCase().includes('a') || o.consumer.email.includes('a'))
      .sort(oldest);
    expect(expected.length).toBeGreaterThan(5);
    expect(idsOf((await filtered(body)).data)).toEqual(idsOf(expected));
  });

  it('answers 400 for an unknown field, bad values, a reversed range, bad paging or no body; 401 without a session', async () => {
    await expect(failure(post(FILTERS, { tab: 'sold', when: 'today' }))).resolves.toEqual({ status: 400, message: 'Unrecognized key: "when"' });
    await expect(failure(post(FILTERS, { tab: 'past' }))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^tab: /) });
    await expect(failure(post(FILTERS, {}))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^tab: /) });
    await expect(failure(post(FILTERS, { tab: 'sold', statuses: ['LOST'] }))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^statuses\.0: /) });
    await expect(failure(post(FILTERS, { tab: 'sold', sort: 'price' }))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^sort: /) });
    await expect(failure(post(FILTERS, { tab: 'sold', date_from: -1 }))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^date_from: /) });
    await expect(failure(post(FILTERS, { tab: 'sold', date_from: 200, date_to: 100 }))).resolves.toEqual({ status: 400, message: 'date_from (200) is after date_to (100)' });
    await expect(failure(post(`${FILTERS}?limit=0`, { tab: 'sold' }))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^limit: /) });
    await expect(failure(post(`${FILTERS}?limit=201`, { tab: 'sold' }))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^limit: /) });
    await expect(failure(post(`${FILTERS}?offset=-1`, { tab: 'sold' }))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^offset: /) });
    await expect(failure(post(`${FILTERS}?limit=abc`, { tab: 'sold' }))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^limit: /) });
    await expect(failure(post(FILTERS))).resolves.toEqual({ status: 400, message: 'The request needs a JSON body' });
    expect((await post(FILTERS, { tab: 'sold' }, null)).status).toBe(401);
  });
});

describe('GET /stores/{id}/orders', () => {
  it('answers every order of the current store, next pickups first, optionally one status code', async () => {
    const all = StoreOrdersWireSchema.parse(await (await get(`/stores/${STORE}/orders`)).json()).data;
    expect(idsOf(all)).toEqual(idsOf(storeOrders().sort(byPickup)));
    const pending = await listStoreOrders(STORE, { status: 0 });
    expect(idsOf(pending)).toEqual(idsOf(storeOrders().filter((o) => o.status === 0).sort(byPickup)));
    expect(pending[0].pickup_until).toBe(millis(orderRecord(pending[0].id).pickup_until));
    const cancelled = StoreOrdersWireSchema.parse(await (await get(`/stores/${STORE}/orders?status=2`)).json()).data;
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o) => o.status === 2)).toBe(true);
    expect((await listStoreOrders(STORE, { status: 9 })).length).toBe(0);
  });

  it('answers 403 for another store, 400 for a bad status or an unknown parameter, 401 without a session', async () => {
    await expect(failure(get('/stores/102/orders'))).resolves.toEqual({ status: 403, message: "Store 102 is not the operator's current store" });
    await expect(failure(get(`/stores/${STORE}/orders?status=abc`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^status: /) });
    await expect(failure(get(`/stores/${STORE}/orders?status=`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^status: /) });
    await expect(failure(get(`/stores/${STORE}/orders?status=10`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^status: /) });
    await expect(failure(get(`/stores/${STORE}/orders?state=0`))).resolves.toMatchObject({ status: 400, message: 'Unrecognized key: "state"' });
    expect((await get(`/stores/${STORE}/orders`, null)).status).toBe(401);
  });

  it('leaves other modules’ GET /stores/{x}/{y} paths to them', async () => {
    // Answered by GET /stores/offers/{id} and GET /stores/orders/{id}, not by GET /stores/{id}/orders.
    await expect(failure(get('/stores/offers/orders'))).resolves.toEqual({ status: 404, message: 'Offer orders not found' });
    await expect(failure(get('/stores/templates/orders'))).resolves.toEqual({ status: 404, message: 'Template orders not found' });
    const order = storeOrders()[0];
    expect((await get(`/stores/orders/${order.id}`)).status).toBe(200);
  });
});

describe('POST /stores/orders/{id}/status/{status}', () => {
  it('0 → 1 hands the order over: pickup date now, payment completed, audit date bumped', async () => {
    const order = openPending()[0];
    expect(paymentOf(order.id).status).toBe('pending');
    const before = seconds(serverNow());
    const answered = await setOrderStatus(order.id, 1);
    const stored = orderRecord(order.id);
    expect(stored).toMatchObject({ status: 1 });
    expect(stored.pickup_date).toBeGreaterThanOrEqual(before);
    expect(stored.pickup_date).toBeLessThanOrEqual(seconds(serverNow()));
    expect(stored.audit_update_date).toBe(stored.pickup_date);
    expect(stored.audit_update_date).toBeGreaterThan(order.audit_update_date);
    expect(answered).toMatchObject({ id: order.id, status: 1, pickup_date: millis(stored.pickup_date!) });
    expect(paymentOf(order.id)).toMatchObject({ status: 'completed', audit_update_date: stored.audit_update_date });
    expect(inconsistencies(db())).toEqual([]);
  });

  it('1 → 0 undoes a pickup: due by its window end again, payment pending again while the window is open, still completed after it', async () => {
    const open = openPending()[0];
    await setOrderStatus(open.id, 1);
    const undone = await setOrderStatus(open.id, 0);
    expect(undone).toMatchObject({ status: 0, pickup_date: millis(open.pickup_until) });
    expect(orderRecord(open.id)).toMatchObject({ status: 0, pickup_date: open.pickup_until });
    expect(paymentOf(open.id).status).toBe('pending');

    const closed = storeOrders().find((o) => o.status === 1 && o.rating === 0 && o.review === null && millis(o.pickup_until) < serverNow())!;
    const response = await post(`/stores/orders/${closed.id}/status/0`);
    expect(response.status).toBe(200);
    expect(OrderWireSchema.parse(await response.json())).toMatchObject({ id: closed.id, status: 0, pickup_date: closed.pickup_until });
    expect(orderRecord(closed.id).audit_update_date).toBeGreaterThan(closed.audit_update_date);
    expect(paymentOf(closed.id).status).toBe('completed');
    // A no-show now: the pending tab lists it as NON PICKED UP.
    expect(idsOf((await filtered({ tab: 'pending', statuses: ['NON_PICKED_UP'] })).data)).toContain(closed.id);
    expect(inconsistencies(db())).toEqual([]);
  });

  it('answers the order untouched when it already has that status', async () => {
    const pickedUp = storeOrders().find((o) => o.status === 1)!;
    const pending = storeOrders().find((o) => o.status === 0)!;
    const [pickedUpBefore, pendingBefore] = [OrderWireSchema.parse(pickedUp), OrderWireSchema.parse(pending)];
    const paymentBefore = { ...paymentOf(pickedUp.id) };
    const again = await post(`/stores/orders/${pickedUp.id}/status/1`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(pickedUpBefore);
    expect(OrderWireSchema.parse(orderRecord(pickedUp.id))).toEqual(pickedUpBefore);
    expect(paymentOf(pickedUp.id)).toEqual(paymentBefore);
    await setOrderStatus(pending.id, 0);
    expect(OrderWireSchema.parse(orderRecord(pending.id))).toEqual(pendingBefore);
  });

  it('answers 409 for a cancelled order and for undoing the pickup of a reviewed one', async () => {
    for (const code of [2, 3]) {
      const cancelled = storeOrders().find((o) => o.status === code)!;
      await expect(failure(post(`/stores/orders/${cancelled.id}/status/1`))).resolves.toEqual({
        status: 409,
        message: `Order ${cancelled.id} is cancelled; its status cannot change`,
      });
      expect(orderRecord(cancelled.id).status).toBe(code);
    }
    const other = await craftOrder({ id: 88_002, status: 5 });
    try {
      await expect(apiFailure(setOrderStatus(other.id, 0))).resolves.toMatchObject({ status: 409, message: 'Order 88002 is cancelled; its status cannot change' });
    } finally {
      remove(other.id);
    }
    const reviewed = storeOrders().find((o) => o.status === 1 && o.rating > 0)!;
    await expect(failure(post(`/stores/orders/${reviewed.id}/status/0`))).resolves.toEqual({
      status: 409,
      message: `Order ${reviewed.id} has been reviewed by the consumer; its pickup cannot be undone`,
    });
    expect(orderRecord(reviewed.id).status).toBe(1);
  });

  it('answers 400 for a status other than 0 or 1, 404 for an unknown order, 401 without a session', async () => {
    const order = storeOrders().find((o) => o.status === 0)!;
    for (const status of ['2', '3', '10', 'x', '-1', '01']) {
      await expect(failure(post(`/stores/orders/${order.id}/status/${status}`))).resolves.toEqual({
        status: 400,
        message: 'status: expected 0 (pending) or 1 (picked up)',
      });
    }
    expect(orderRecord(order.id).status).toBe(0);
    await expect(failure(post('/stores/orders/424242/status/1'))).resolves.toEqual({ status: 404, message: 'Order 424242 not found' });
    await expect(failure(post('/stores/orders/abc/status/1'))).resolves.toEqual({ status: 404, message: 'Order abc not found' });
    expect((await post(`/stores/orders/${order.id}/status/1`, undefined, null)).status).toBe(401);
    expect(orderRecord(order.id).status).toBe(0);
  });
});

describe('POST /stores/orders/{id}/cancel', () => {
  it('cancels a pending order for the store: code 3, payment canceled, units back on its offers, data consistent', async () => {
    expect(inconsistencies(db())).toEqual([]);
    const order = storeOrders().find((o) => o.status === 0 && o.offersOrdered.length > 0 && millis(o.pickup_until) > serverNow())!;
    const leftBefore = new Map(order.offersOrdered.map((line) => [line.offer.id, offerRecord(line.offer.id)!.quantity_left]));
    const cancelled = await cancelOrder(order.id);
    expect(cancelled).toMatchObject({ id: order.id, status: 3, pickup_date: null });
    const stored = orderRecord(order.id);
    expect(stored.status).toBe(3);
    expect(stored.audit_update_date).toBeGreaterThanOrEqual(seconds(NOW));
    expect(paymentOf(order.id)).toMatchObject({ status: 'canceled', audit_update_date: stored.audit_update_date });
    for (const line of order.offersOrdered) expect(offerRecord(line.offer.id)!.quantity_left).toBe(leftBefore.get(line.offer.id)! + line.quantityOrdered);
    expect(inconsistencies(db())).toEqual([]);
    // It moved from the pending tab to the sold one, as cancelled by the store.
    expect(idsOf((await filtered({ tab: 'pending' })).data)).not.toContain(order.id);
    expect(idsOf((await filtered({ tab: 'sold', statuses: ['CANCELLED_BY_STORE'] })).data)).toContain(order.id);
    // A no-show can be cancelled too.
    const noShow = storeOrders().find((o) => o.status === 0 && millis(o.pickup_until) < serverNow())!;
    expect((await post(`/stores/orders/${noShow.id}/cancel`)).status).toBe(200);
    expect(inconsistencies(db())).toEqual([]);
  });

  it('never gives back more than an offer’s quantity, and skips offers that no longer exist', async () => {
    const offer = db().offers.all().find((o) => o.store_id === STORE && o.quantity_left === o.quantity)!;
    const full = await craftOrder({ id: 88_003, offersOrdered: [{ id: 880_031, quantityOrdered: 2, offer: { id: offer.id, name: offer.name, unit_price: offer.unit_price } }] });
    const gone = await craftOrder({ id: 88_004, offersOrdered: [{ id: 880_041, quantityOrdered: 1, offer: { id: 999_999, name: 'Retired offer', unit_price: 2 } }] });
    try {
      expect((await post(`/stores/orders/${full.id}/cancel`)).status).toBe(200);
      expect(offerRecord(offer.id)!.quantity_left).toBe(offer.quantity);
      expect((await post(`/stores/orders/${gone.id}/cancel`)).status).toBe(200);
      expect(orderRecord(gone.id).status).toBe(3);
      expect(offerRecord(999_999)).toBeUndefined();
    } finally {
      remove(full.id);
      remove(gone.id);
    }
  });

  it('answers 409 for a picked-up or already cancelled order, 404 for an unknown one, 401 without a session', async () => {
    const pickedUp = storeOrders().find((o) => o.status === 1)!;
    await expect(failure(post(`/stores/orders/${pickedUp.id}/cancel`))).resolves.toEqual({ status: 409, message: `Order ${pickedUp.id} was picked up and cannot be cancelled` });
    expect(orderRecord(pickedUp.id).status).toBe(1);
    for (const code of [2, 3]) {
      const cancelled = storeOrders().find((o) => o.status === code)!;
      await expect(apiFailure(cancelOrder(cancelled.id))).resolves.toMatchObject({ status: 409, message: `Order ${cancelled.id} is already cancelled` });
    }
    const other = await craftOrder({ id: 88_005, status: 6 });
    try {
      await expect(failure(post(`/stores/orders/${other.id}/cancel`))).resolves.toEqual({ status: 409, message: 'Order 88005 is already cancelled' });
    } finally {
      remove(other.id);
    }
    await expect(failure(post('/stores/orders/424242/cancel'))).resolves.toEqual({ status: 404, message: 'Order 424242 not found' });
    const pending = storeOrders().find((o) => o.status === 0)!;
    expect((await post(`/stores/orders/${pending.id}/cancel`, undefined, null)).status).toBe(401);
    expect(orderRecord(pending.id).status).toBe(0);
  });
});

describe('orders of other stores', () => {
  it('are 404 when out of reach and 403 when the operator may switch to them, for status and cancel', async () => {
    await craftOrder({ id: 88_006, store_id: 102 });
    try {
      await expect(failure(post('/stores/orders/88006/status/1'))).resolves.toEqual({ status: 404, message: 'Order 88006 not found' });
      await expect(failure(post('/stores/orders/88006/cancel'))).resolves.toEqual({ status: 404, message: 'Order 88006 not found' });
      await withAccessTo102(async () => {
        const message = "Order 88006 belongs to store 102, not the operator's current store";
        await expect(failure(post('/stores/orders/88006/status/1'))).resolves.toEqual({ status: 403, message });
        await expect(failure(post('/stores/orders/88006/cancel'))).resolves.toEqual({ status: 403, message });
      });
      expect(orderRecord(88_006).status).toBe(0);
      // Nor do they show in the current store's lists.
      expect(idsOf((await filtered({ tab: 'pending' })).data)).not.toContain(88_006);
      expect(idsOf(await listStoreOrders(STORE))).not.toContain(88_006);
    } finally {
      remove(88_006);
    }
  });
});

describe('GET /stores/orders/payments', () => {
  it('pages the store’s payments created in the range, newest first, optionally one status', async () => {
    const [from, to] = [seconds(addDays(NOW, -6)), seconds(addDays(NOW, -2)) - 1];
    const inRange = storePayments()
      .filter((p) => p.audit_creation_date >= from && p.audit_creation_date <= to)
      .sort(newestPayment);
    expect(inRange.length).toBeGreaterThan(10);
    const first = PaymentsPageWireSchema.parse(await (await get(`/stores/orders/payments?date_from=${from}&date_to=${to}&limit=10&offset=0`)).json());
    expect(first).toMatchObject({ limit: 10, offset: 0, total: inRange.length });
    const rest = await listPayments({ date_from: from, date_to: to, limit: 200, offset: 10 });
    expect([...idsOf(first.data), ...idsOf(rest.data)]).toEqual(idsOf(inRange));
    expect(rest.data[0].audit_creation_date).toBe(millis(inRange[10].audit_creation_date));

    for (const status of ['completed', 'canceled'] as const) {
      const page = await listPayments({ date_from: from, date_to: to, status, limit: 200, offset: 0 });
      expect(idsOf(page.data)).toEqual(idsOf(inRange.filter((p) => p.status === status)));
      expect(page.total).toBeGreaterThan(0);
    }
    // Both ends inclusive.
    const edge = inRange[3];
    const exact = await listPayments({ date_from: edge.audit_creation_date, date_to: edge.audit_creation_date, limit: 200, offset: 0 });
    expect(idsOf(exact.data)).toContain(edge.id);
  });

  it('follows a cancel: the refunded payment reads canceled', async () => {
    const order = storeOrders().find((o) => o.status === 0)!;
    await cancelOrder(order.id);
    const payment = paymentOf(order.id);
    const page = await listPayments({ date_from: payment.audit_creation_date, date_to: payment.audit_creation_date, status: 'canceled', limit: 200, offset: 0 });
    expect(idsOf(page.data)).toContain(payment.id);
  });

  it('answers 400 for a reversed or missing range, bad paging, an unknown status or parameter; 401 without a session', async () => {
    const path = '/stores/orders/payments';
    await expect(failure(get(`${path}?date_from=200&date_to=100`))).resolves.toEqual({ status: 400, message: 'date_from (200) is after date_to (100)' });
    await expect(failure(get(`${path}?date_from=100`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^date_to: /) });
    await expect(failure(get(`${path}?date_from=abc&date_to=100`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^date_from: /) });
    await expect(failure(get(`${path}?date_from=0&date_to=100&limit=0`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^limit: /) });
    await expect(failure(get(`${path}?date_from=0&date_to=100&status=paid`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^status: /) });
    await expect(failure(get(`${path}?date_from=0&date_to=100&page=2`))).resolves.toEqual({ status: 400, message: 'Unrecognized key: "page"' });
    expect((await get(`${path}?date_from=0&date_to=100`, null)).status).toBe(401);
  });
});

describe('GET /stores/orders/summary', () => {
  it('answers one summary a day, oldest first: the stored ones for closed days, today live from its sales (id 0)', async () => {
    const [from, to] = [seconds(addDays(NOW, -6)), seconds(NOW)];
    const data = await listSummaries({ date_from: from, date_to: to });
    expect(data.map((s) => s.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(NOW, i - 6)));
    const stored = storeSummaries()
      .filter((s) => s.day >= seconds(addDays(NOW, -6)) && s.day < seconds(startOfDay(NOW)))
      .sort((a, b) => a.day - b.day);
    const wire = SummariesWireSchema.parse(await (await get(`/stores/orders/summary?date_from=${from}&date_to=${to}`)).json()).data;
    expect(wire.slice(0, 6)).toEqual(stored.map((s) => ({ ...s })));
    const today = wire[6];
    expect(today).toMatchObject({ id: 0, store_id: STORE, day: seconds(startOfDay(NOW)), ...aggregateSales(salesOfToday(db(), STORE, serverNow())) });
    expect(today.orders).toBeGreaterThan(0);
    expect(today.audit_creation_date).toBeGreaterThanOrEqual(seconds(NOW));
  });

  it('counts every day the range touches, from its first to its last local day; leaves out days after today', async () => {
    const noon = (days: number) => seconds(addDays(NOW, days) + 12 * HOUR_MS);
    const past = await listSummaries({ date_from: noon(-20), date_to: noon(-18) });
    expect(past.map((s) => s.day)).toEqual([addDays(NOW, -20), addDays(NOW, -19), addDays(NOW, -18)]);
    expect(past.every((s) => s.id! > 0)).toBe(true);
    const ahead = await listSummaries({ date_from: noon(-1), date_to: noon(3) });
    expect(ahead.map((s) => s.day)).toEqual([addDays(NOW, -1), startOfDay(NOW)]);
    expect(await listSummaries({ date_from: noon(1), date_to: noon(2) })).toEqual([]);
  });

  it('follows today’s changes: a cancelled sale leaves today’s summary at once', async () => {
    const range = { date_from: seconds(startOfDay(NOW)), date_to: seconds(NOW) };
    const [before] = await listSummaries(range);
    const sale = storeOrders().find((o) => o.status === 0 && o.date >= seconds(startOfDay(NOW)))!;
    await cancelOrder(sale.id);
    const [after] = await listSummaries(range);
    expect(after.orders).toBe(before.orders! - 1);
    expect(after.items).toBe(before.items! - sale.total_quantity);
    expect(after.gross).toBeCloseTo(before.gross! - sale.total_price, 2);
  });

  it(`answers 400 for a reversed range, more than ${MAX_SUMMARY_DAYS} days or a missing bound; 401 without a session`, async () => {
    const path = '/stores/orders/summary';
    const today = seconds(NOW);
    const yearAgo = seconds(addDays(NOW, -(MAX_SUMMARY_DAYS - 1)));
    await expect(failure(get(`${path}?date_from=${today}&date_to=${today - 1}`))).resolves.toEqual({
      status: 400,
      message: `date_from (${today}) is after date_to (${today - 1})`,
    });
    const longest = await listSummaries({ date_from: yearAgo, date_to: today });
    expect(longest.length).toBeLessThanOrEqual(MAX_SUMMARY_DAYS);
    expect(longest.at(-1)?.id).toBe(0);
    await expect(failure(get(`${path}?date_from=${yearAgo - DAY_MS / 1000}&date_to=${today}`))).resolves.toEqual({
      status: 400,
      message: `The range covers ${MAX_SUMMARY_DAYS + 1} days; a summary covers at most ${MAX_SUMMARY_DAYS}`,
    });
    await expect(failure(get(`${path}?date_from=${today}`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^date_to: /) });
    expect((await get(`${path}?date_from=0&date_to=1`, null)).status).toBe(401);
  });
});

describe('GET /stores/orders/summary_pdf/{id}', () => {
  it('downloads summary.csv: every order dated in the range, any status, oldest first', async () => {
    const [from, to] = [seconds(addDays(NOW, -4)), seconds(NOW)];
    const response = await get(`/stores/orders/summary_pdf/${STORE}?date_from=${from}&date_to=${to}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="summary.csv"');
    const rows = (await response.text()).split('\r\n');
    expect(rows.at(-1)).toBe('');
    expect(rows[0]).toBe(SUMMARY_CSV_HEADER.join(','));

    const expected = storeOrders()
      .filter((o) => o.date >= from && o.date <= to)
      .sort(oldest);
    expect(new Set(expected.map((o) => o.status)).size).toBeGreaterThanOrEqual(3);
    const body = rows.slice(1, -1);
    expect(body.map((row) => Number(row.split(',')[0]))).toEqual(idsOf(expected));
    for (const [index, order] of expected.entries()) {
      expect(body[index]).toBe(
        [
          order.id,
          csvDate(order.date),
          PICKUP_STATUS_LABELS[labelOf(order)],
          order.consumer.name,
          order.consumer.email,
          order.offersOrdered.map((l) => `${l.quantityOrdered} × ${l.offer.name}`).join('; '),
          order.total_quantity,
          order.total_price.toFixed(2),
          order.total_price_bt.toFixed(2),
          paymentOf(order.id).status,
        ].join(','),
      );
    }
  });

  it('is what the client saves: a Blob of the same CSV', async () => {
    const range = { date_from: seconds(addDays(NOW, -1)), date_to: seconds(NOW) };
    const blob = await downloadSummary(STORE, range);
    expect(blob).toBeInstanceOf(Blob);
    const text = await blob.text();
    expect(text.split('\r\n').length - 2).toBe(storeOrders().filter((o) => o.date >= range.date_from && o.date <= range.date_to).length);
  });

  it('answers 403 for another store, 400 for a bad range, 401 without a session', async () => {
    const path = '/stores/orders/summary_pdf';
    await expect(failure(get(`${path}/102?date_from=0&date_to=1`))).resolves.toEqual({ status: 403, message: "Store 102 is not the operator's current store" });
    await expect(failure(get(`${path}/${STORE}?date_from=5&date_to=1`))).resolves.toEqual({ status: 400, message: 'date_from (5) is after date_to (1)' });
    await expect(failure(get(`${path}/${STORE}?date_to=1`))).resolves.toMatchObject({ status: 400, message: expect.stringMatching(/^date_from: /) });
    expect((await get(`${path}/${STORE}?date_from=0&date_to=1`, null)).status).toBe(401);
  });
});

describe('fault injection', () => {
  it('reaches every orders call by its spec section 7 name, and a failed change leaves the data alone', async () => {
    const pending = storeOrders().find((o) => o.status === 0)!;
    const range = `date_from=0&date_to=${seconds(NOW)}`;
    const calls: Array<[string, () => Promise<Response>]> = [
      ['POST /stores/orders/pagination/filters', () => post(FILTERS, { tab: 'sold' })],
      ['GET /stores/{id}/orders', () => get(`/stores/${STORE}/orders`)],
      ['POST /stores/orders/{id}/status/{status}', () => post(`/stores/orders/${pending.id}/status/1`)],
      ['POST /stores/orders/{id}/cancel', () => post(`/stores/orders/${pending.id}/cancel`)],
      ['GET /stores/orders/payments', () => get(`/stores/orders/payments?${range}`)],
      ['GET /stores/orders/summary', () => get(`/stores/orders/summary?${range}`)],
      ['GET /stores/orders/summary_pdf/{id}', () => get(`/stores/orders/summary_pdf/${STORE}?${range}`)],
    ];
    for (const [operation, call] of calls) {
      backend.current.devkit.fail(operation, 503);
      expect({ operation, status: (await call()).status }).toEqual({ operation, status: 503 });
      backend.current.devkit.clearFaults();
    }
    expect(orderRecord(pending.id)).toMatchObject({ status: 0, pickup_date: pending.pickup_until });
    expect(paymentOf(pending.id).status).not.toBe('canceled');
  });
});
