import { HttpResponse } from 'msw';
import * as z from 'zod';
import { OrderFiltersWireSchema, OrderStatusCodeSchema, OrdersQuerySchema, OrderWireSchema, StoreOrdersQuerySchema, defaultSortFor, type OrderFiltersWire, type OrdersSort } from '../../src/api/orders';
import { FinanceRangeWireSchema, OrderSummaryWireSchema, PaymentsQuerySchema, PaymentWireSchema, SUMMARY_FILE_NAME } from '../../src/api/finance';
import { pickupStatus } from '../../src/lib/pickup-status';
import type { OperatorRecord, RecordOf, StoreRecord } from '../db';
import { aggregateSales, salesOfToday } from '../figures';
import type { Kit } from '../kit';
import { badRequest, forbidden, idParam, jsonBody, notFound, paged, problem, queryOf, validated } from '../respond';
import { summaryCsv } from '../summary-csv';
import { DAY_MS, millis, seconds, startOfDay } from '../time';
import { ownRecord } from './offers';

/**
 * Orders (src/api/orders.ts), scoped to the operator's current store. An order of another of the
 * operator's stores is answered 403 (switch store first), one of a store out of reach or an
 * unknown one 404, as GET /stores/orders/{id} does.
 *
 * Status codes (spec section 4): 0 pending, 1 picked up, 2 cancelled by the consumer, 3 by the
 * store, anything else cancelled. A status call moves an order between 0 and 1 only (a pickup
 * and its undo); a cancel call moves 0 to 3. The order's payment follows: picked up → completed,
 * cancelled → canceled, a pickup undone while its window is open → pending again. A cancel gives
 * the order's units back to its offers, so quantity_left stays quantity − units sold.
 *
 * Keep literal paths under /stores/orders/ (pagination/filters, payments, summary, summary_pdf)
 * ahead of GET /stores/orders/:id in this list: MSW answers with the first handler whose path
 * matches, and `:id` matches any segment. GET /stores/{id}/orders is a separate list
 * (storeOrdersHandlers), registered after every other module: its path matches any
 * /stores/{x}/orders.
 */

type OrderRecord = RecordOf<'orders'>;
type PaymentStatus = RecordOf<'payments'>['status'];

/** Answers plain data with exactly the platform's fields. */
const orderWire = (order: OrderRecord) => OrderWireSchema.parse(order);

/** A whole number in the query string for the api's own schema: "", "1.5" or "abc" is a 400, never 0. */
const queryNumber = <S extends z.ZodType<unknown, number>>(schema: S) =>
  z.string().regex(/^\d+$/, 'expected a whole number').transform(Number).pipe(schema);

/** The filters list's paging, like the templates list: limit 1–200 (default 10), offset ≥ 0 (default 0). */
const OrdersParamsSchema = z.object({
  limit: z.coerce.number().pipe(OrdersQuerySchema.shape.limit).default(10),
  offset: z.coerce.number().pipe(OrdersQuerySchema.shape.offset).default(0),
});
const FiltersBodySchema = OrderFiltersWireSchema.strict();

const StoreOrdersParamsSchema = z.object({ status: queryNumber(StoreOrdersQuerySchema.shape.status.unwrap()).optional() }).strict();

const PaymentsParamsSchema = z
  .object({
    date_from: queryNumber(PaymentsQuerySchema.shape.date_from),
    date_to: queryNumber(PaymentsQuerySchema.shape.date_to),
    status: PaymentsQuerySchema.shape.status,
    limit: queryNumber(PaymentsQuerySchema.shape.limit).default(10),
    offset: queryNumber(PaymentsQuerySchema.shape.offset).default(0),
  })
  .strict();

const RangeParamsSchema = z
  .object({
    date_from: queryNumber(FinanceRangeWireSchema.shape.date_from),
    date_to: queryNumber(FinanceRangeWireSchema.shape.date_to),
  })
  .strict();

/** The status path segment: 0 or 1 only (a store cannot set a cancellation code this way). */
const StatusParamSchema = z.object({
  status: z.string().regex(/^[01]$/, 'expected 0 (pending) or 1 (picked up)').transform(Number).pipe(OrderStatusCodeSchema),
});

/** The longest range GET /stores/orders/summary answers, in local days (a leap year). */
export const MAX_SUMMARY_DAYS = 366;

function checkRange({ date_from, date_to }: { date_from: number; date_to: number }): void {
  if (date_from > date_to) throw badRequest(`date_from (${date_from}) is after date_to (${date_to})`);
}

/** Local calendar days from the day of `fromS` to the day of `toS`, both counted (unix seconds). */
const daysSpanned = (fromS: number, toS: number) => Math.round((startOfDay(millis(toS)) - startOfDay(millis(fromS))) / DAY_MS) + 1;

// ---------------------------------------------------------------------------------------------
// The filters list
// ---------------------------------------------------------------------------------------------

/** Lower case without accents, so "jose" finds "José" and "MUNOZ" finds "Muñoz". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Folded names and e-mails, memoised by their text: folding costs about 2 µs a string, and a
 * search over busy-store's 10,000 orders reads only its 1,500 consumers' names and e-mails, so
 * after the first search each order costs two map look-ups and two substring tests.
 */
const foldedTexts = new Map<string, string>();
function foldedOf(text: string): string {
  let value = foldedTexts.get(text);
  if (value === undefined) {
    value = folded(text);
    foldedTexts.set(text, value);
  }
  return value;
}

/** The search box: digits (with or without "#") find order ids; any other text part of the consumer's name or e-mail. */
function searchMatcher(search: string | undefined): ((order: OrderRecord) => boolean) | undefined {
  const text = search?.trim() ?? '';
  if (text === '') return undefined;
  const id = /^#?(\d+)$/.exec(text);
  if (id) return (order) => String(order.id).includes(id[1]);
  const needle = folded(text);
  return (order) => foldedOf(order.consumer.name).includes(needle) || foldedOf(order.consumer.email).includes(needle);
}

type OrderComparator = (a: OrderRecord, b: OrderRecord) => number;

/**
 * "Next pickup first" at `nowS` (unix seconds): pickups still ahead, soonest first, then those
 * whose window has passed, the most recent first (a late customer is likelier than an old one).
 */
function nextPickupFirst(nowS: number): OrderComparator {
  return (a, b) => {
    const [aAhead, bAhead] = [a.pickup_until >= nowS, b.pickup_until >= nowS];
    if (aAhead !== bAhead) return aAhead ? -1 : 1;
    return aAhead ? a.pickup_until - b.pickup_until || a.id - b.id : b.pickup_until - a.pickup_until || b.id - a.id;
  };
}

function orderSort(sort: OrdersSort, nowS: number): OrderComparator {
  switch (sort) {
    case 'newest':
      return (a, b) => b.date - a.date || b.id - a.id;
    case 'oldest':
      return (a, b) => a.date - b.date || a.id - b.id;
    case 'pickup':
      return nextPickupFirst(nowS);
  }
}

/**
 * The store's orders a filter body selects, sorted. One pass over the collection's own array
 * (no per-record query objects) and the memoised folding keep busy-store's 10,000 orders fast.
 */
function filterOrders(all: readonly OrderRecord[], storeId: number, filters: OrderFiltersWire, now: number): OrderRecord[] {
  const statuses = filters.statuses && filters.statuses.length > 0 ? new Set(filters.statuses) : undefined;
  const search = searchMatcher(filters.search);
  const { date_from: from, date_to: to } = filters;
  const pending = filters.tab === 'pending';
  const selected = all.filter(
    (order) =>
      order.store_id === storeId &&
      (order.status === 0) === pending &&
      (from === undefined || order.date >= from) &&
      (to === undefined || order.date <= to) &&
      // The wire holds unix seconds; pickupStatus compares milliseconds.
      (statuses === undefined || statuses.has(pickupStatus({ status: order.status, pickup_date: order.pickup_date === null ? null : millis(order.pickup_date) }, now))) &&
      (search === undefined || search(order)),
  );
  return selected.sort(orderSort(filters.sort ?? defaultSortFor(filters.tab), seconds(now)));
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

export function ordersHandlers(kit: Kit) {
  const { ctx } = kit;

  // Lookups by a plain predicate: @msw/data's object queries cost ~5 ms over busy-store's 10,000
  // orders and payments, a function a tenth of that (a status change reads three of them).
  const findOrder = (id: number, store: StoreRecord, operator: OperatorRecord) =>
    ownRecord(
      ctx.db.orders.all().find((o) => o.id === id),
      'Order',
      id,
      store,
      operator,
    );

  /** The order's payment follows its status (an order created without one has nothing to follow). */
  async function setPaymentStatus(order: OrderRecord, status: PaymentStatus, nowS: number): Promise<void> {
    await ctx.db.payments.update((q) => q.where((p) => p.order_id === order.id && p.store_id === order.store_id), {
      data(draft) {
        if (draft.status === status) return;
        draft.status = status;
        draft.audit_update_date = nowS;
      },
    });
  }

  /** Units of a cancelled order back on its offers, never above their quantity; offers since deleted are skipped. */
  async function giveUnitsBack(order: OrderRecord, nowS: number): Promise<void> {
    for (const line of order.offersOrdered) {
      await ctx.db.offers.update((q) => q.where((o) => o.id === line.offer.id && o.store_id === order.store_id), {
        data(draft) {
          draft.quantity_left = Math.min(draft.quantity, draft.quantity_left + line.quantityOrdered);
          draft.audit_update_date = nowS;
        },
      });
    }
  }

  return [
    /**
     * POST /stores/orders/pagination/filters?limit&offset — one page of the store's orders.
     * Body (strict): tab pending = code 0, sold = every other code; statuses = pickup-status labels
     * at the server's now; date_from / date_to = inclusive bounds on the order date; search =
     * digits (optionally "#") inside the order id, or part of the consumer's name or e-mail (any
     * case, any accents); sort newest / oldest / pickup, by default pickup while pending and
     * newest once sold. Ties go by id.
     */
    kit.route(
      'post',
      '/stores/orders/pagination/filters',
      kit.withStore(async ({ request, store }) => {
        const paging = validated(OrdersParamsSchema, queryOf(request));
        const filters = validated(FiltersBodySchema, await jsonBody(request));
        if (filters.date_from !== undefined && filters.date_to !== undefined) checkRange({ date_from: filters.date_from, date_to: filters.date_to });
        const orders = filterOrders(ctx.db.orders.all(), store.id, filters, ctx.now());
        const page = paged(orders, paging);
        return HttpResponse.json({ ...page, data: page.data.map(orderWire) });
      }),
    ),

    /**
     * GET /stores/orders/payments?date_from&date_to[&status]&limit&offset — the store's payments
     * created in the range (unix seconds, inclusive), newest first (ties: the later id), paged.
     */
    kit.route(
      'get',
      '/stores/orders/payments',
      kit.withStore(({ request, store }) => {
        const query = validated(PaymentsParamsSchema, queryOf(request));
        checkRange(query);
        const payments = ctx.db.payments
          .all()
          .filter(
            (p) =>
              p.store_id === store.id &&
              p.audit_creation_date >= query.date_from &&
              p.audit_creation_date <= query.date_to &&
              (query.status === undefined || p.status === query.status),
          )
          .sort((a, b) => b.audit_creation_date - a.audit_creation_date || b.id - a.id);
        const page = paged(payments, query);
        return HttpResponse.json({ ...page, data: page.data.map((p) => PaymentWireSchema.parse(p)) });
      }),
    ),

    /**
     * GET /stores/orders/summary?date_from&date_to — one summary per local day the range touches,
     * oldest first, at most 366 days. Closed days answer the store's stored daily summary (a day
     * with none, before the store's history, is left out: there is nothing to report). Today is
     * summarised live from its sales with the seeds' own code (mocks/figures.ts), because a day's
     * summary is only written once it is over; it carries id 0 (not stored yet) and now as its
     * audit dates. Days after today are not listed.
     */
    kit.route(
      'get',
      '/stores/orders/summary',
      kit.withStore(({ request, store }) => {
        const range = validated(RangeParamsSchema, queryOf(request));
        checkRange(range);
        const days = daysSpanned(range.date_from, range.date_to);
        if (days > MAX_SUMMARY_DAYS) throw badRequest(`The range covers ${days} days; a summary covers at most ${MAX_SUMMARY_DAYS}`);
        const now = ctx.now();
        const [firstDay, lastDay, today] = [seconds(startOfDay(millis(range.date_from))), seconds(startOfDay(millis(range.date_to))), seconds(startOfDay(now))];
        const closed = ctx.db.summaries
          .all()
          .filter((s) => s.store_id === store.id && s.day >= firstDay && s.day <= lastDay && s.day < today)
          .sort((a, b) => a.day - b.day || a.id - b.id)
          .map((s) => OrderSummaryWireSchema.parse(s));
        if (firstDay <= today && today <= lastDay) {
          const nowS = seconds(now);
          closed.push({
            id: 0,
            store_id: store.id,
            day: today,
            ...aggregateSales(salesOfToday(ctx.db, store.id, now)),
            audit_creation_date: nowS,
            audit_update_date: nowS,
          });
        }
        return HttpResponse.json({ data: closed });
      }),
    ),

    /**
     * GET /stores/orders/summary_pdf/{id}?date_from&date_to — {id} is the current store. Despite
     * the platform's path, a CSV (saved as summary.csv): every order dated in the range, any
     * status, oldest first (ties: the lower id), built by mocks/summary-csv.ts.
     */
    kit.route(
      'get',
      '/stores/orders/summary_pdf/:id',
      kit.withStore(
        ({ request, store }) => {
          const range = validated(RangeParamsSchema, queryOf(request));
          checkRange(range);
          const orders = ctx.db.orders
            .all()
            .filter((o) => o.store_id === store.id && o.date >= range.date_from && o.date <= range.date_to)
            .sort(orderSort('oldest', 0));
          const ids = new Set(orders.map((o) => o.id));
          const paymentStatuses = new Map<number, PaymentStatus>();
          for (const payment of ctx.db.payments.all()) {
            if (payment.store_id === store.id && ids.has(payment.order_id)) paymentStatuses.set(payment.order_id, payment.status);
          }
          const csv = summaryCsv({ orders, paymentStatuses, now: ctx.now() });
          // A byte-order mark first: spreadsheet apps then read the file as UTF-8 (names, "×").
          return new HttpResponse(`\uFEFF${csv}`, {
            headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${SUMMARY_FILE_NAME}"` },
          });
        },
        { storeParam: 'id' },
      ),
    ),

    /**
     * POST /stores/orders/{id}/status/{status} — 0 or 1. 0 → 1 hands the order over (pickup_date
     * now, payment completed); 1 → 0 undoes it (pickup_date the pickup time again: the end of its
     * pickup window; payment pending again while the window is open, else it stays completed),
     * unless the consumer has already reviewed
     * the order (409: a review needs a pickup). The same status answers the order untouched; a
     * cancelled order (2, 3 or any other code) is 409. Answers the order.
     */
    kit.route(
      'post',
      '/stores/orders/:id/status/:status',
      kit.withStore(async ({ params, store, operator }) => {
        const order = findOrder(idParam(params.id, 'Order'), store, operator);
        const { status } = validated(StatusParamSchema, { status: params.status });
        if (order.status !== 0 && order.status !== 1) throw problem(409, `Order ${order.id} is cancelled; its status cannot change`);
        if (order.status === status) return HttpResponse.json(orderWire(order));
        if (status === 0 && (order.rating > 0 || order.review !== null)) {
          throw problem(409, `Order ${order.id} has been reviewed by the consumer; its pickup cannot be undone`);
        }
        const now = ctx.now();
        const nowS = seconds(now);
        const updated = await ctx.db.orders.update((q) => q.where((o) => o.id === order.id), {
          data(draft) {
            draft.status = status;
            // pickup_date is the order's pickup time (spec section 4): when it was handed over, or
            // while it waits, the time it is due by.
            draft.pickup_date = status === 1 ? nowS : order.pickup_until;
            draft.audit_update_date = nowS;
          },
        });
        // "At or before the pickup time" is still pending (src/lib/pickup-status.ts).
        const windowOpen = now <= millis(order.pickup_until);
        await setPaymentStatus(order, status === 1 || !windowOpen ? 'completed' : 'pending', nowS);
        return HttpResponse.json(orderWire(updated ?? order));
      }),
    ),

    /**
     * POST /stores/orders/{id}/cancel — a pending order (0) becomes cancelled by the store (3):
     * its payment is canceled (refunded) and its units go back to its offers. A picked-up order,
     * or one already cancelled, is 409. Answers the order.
     */
    kit.route(
      'post',
      '/stores/orders/:id/cancel',
      kit.withStore(async ({ params, store, operator }) => {
        const order = findOrder(idParam(params.id, 'Order'), store, operator);
        if (order.status === 1) throw problem(409, `Order ${order.id} was picked up and cannot be cancelled`);
        if (order.status !== 0) throw problem(409, `Order ${order.id} is already cancelled`);
        const nowS = seconds(ctx.now());
        const updated = await ctx.db.orders.update((q) => q.where((o) => o.id === order.id), {
          data(draft) {
            draft.status = 3;
            // A cancelled order has no pickup time any more (the seeds' cancelled orders neither).
            draft.pickup_date = null;
            draft.audit_update_date = nowS;
          },
        });
        await setPaymentStatus(order, 'canceled', nowS);
        await giveUnitsBack(order, nowS);
        return HttpResponse.json(orderWire(updated ?? order));
      }),
    ),

    /**
     * GET /stores/orders/{id} — an order of the current store. Unknown ids are answered 404; an
     * order of another of the operator's stores 403 (switch store first); an order of a store the
     * operator has no access to 404, like an unknown one (its existence is not disclosed).
     */
    kit.route(
      'get',
      '/stores/orders/:id',
      kit.withStore(({ params, operator, store }) => {
        const id = idParam(params.id, 'Order');
        const order = ctx.db.orders.findFirst((q) => q.where({ id }));
        if (!order || (order.store_id !== store.id && !operator.stores.includes(order.store_id))) throw notFound(`Order ${id} not found`);
        if (order.store_id !== store.id) throw forbidden(`Order ${id} belongs to store ${order.store_id}, not the operator's current store`);
        // Parsing with the wire schema answers plain data, exactly the platform's fields.
        return HttpResponse.json(OrderWireSchema.parse(order));
      }),
    ),
  ];
}

/**
 * GET /stores/{id}/orders[?status] — every order of the store {id}, which must be the current
 * store (403 otherwise), optionally only those with one status code; not paged; the next pickups
 * first (pickup_until, then id). Registered after every other module (mocks/handlers/index.ts):
 * its path matches any /stores/{x}/orders, and must not answer another module's GET.
 */
export function storeOrdersHandlers(kit: Kit) {
  const { ctx } = kit;
  return [
    kit.route(
      'get',
      '/stores/:id/orders',
      kit.withStore(
        ({ request, store }) => {
          const { status } = validated(StoreOrdersParamsSchema, queryOf(request));
          const orders = ctx.db.orders
            .all()
            .filter((o) => o.store_id === store.id && (status === undefined || o.status === status))
            .sort(orderSort('pickup', seconds(ctx.now())));
          return HttpResponse.json({ data: orders.map(orderWire) });
        },
        { storeParam: 'id' },
      ),
    ),
  ];
}
