import type * as z from 'zod';
import type { LookupOption } from '../src/api/lookups';
import type { Language } from '../src/api/session';
import type { NotificationWireSchema, StoreProfileWire } from '../src/api/stores';
import { clearDb, type AccountRecord, type Db, type OfferRecord, type OperatorRecord, type RecordOf, type TemplateRecord } from '../mocks/db';
import { distanceKm } from '../mocks/handlers/logistics';
import { aggregateSales, dayFigures, isSale, roundMoney } from '../mocks/figures';
import { createPrng, seedFrom, type Prng } from '../mocks/random';
import { DAY_MS, HOUR_MS, MINUTE_MS, addDays, atHour, millis, seconds, startOfDay } from '../mocks/time';
import { avatarImage, coverImage, logoImage, productImage } from './images';
import { consumerNames, deliveryNotes, driverNotes, emailOf, ratingCategory, reviewTexts } from './people';

/**
 * Seed builders shared by every scenario. A scenario describes its stores (scenarios/catalogues.ts)
 * and operators; `seedStore` turns a store description into believable, internally consistent
 * activity dated relative to `now` (by default two weeks of a small shop; an `Activity` gives
 * another span and volume, e.g. the year of scenarios/busy-store.ts):
 *
 * - offers: past days, today (one earlier or later today, two live right now) and tomorrow;
 * - orders placed inside their offer's order window, never more units than the offer had; an
 *   offer's quantity_left is its quantity minus the units of its non-cancelled orders;
 * - pickup status codes that match the clock (0 only while pickup is open or for no-shows);
 * - ratings and reviews only for picked-up orders, dated after the pickup; one payment per order;
 * - daily summaries computed from the orders for the detailed days, and plausible aggregates
 *   for the rest of the year before them (the annual figures need a history);
 * - the earnings segments by customer type (their values are computed from the orders on each
 *   request, mocks/figures.ts).
 *
 * Everything random comes from the scenario's seeded generator, so the same `now` always gives
 * the same data.
 */

// ---------------------------------------------------------------------------------------------
// Descriptions
// ---------------------------------------------------------------------------------------------

export interface Product {
  name: string;
  /** Product family; its colour (StoreSpec.categoryColors) tints the product image. */
  category: string;
  origin_price: number;
  /** At least 45 % of origin_price (the console's own validation rule). */
  unit_price: number;
  /** Units put on sale, [min, max]. */
  quantity: readonly [number, number];
  offer_type: number[];
  dietary_fit: number[];
  cuisine_type: number[];
  business_type: number[];
}

type Slot = 'morning' | 'evening';

export interface StoreSpec {
  id: number;
  name: string;
  tagline: string;
  description: string;
  email: string;
  phone: string;
  address: StoreProfileWire['address'];
  lat: number;
  lon: number;
  color: string;
  smsText: string;
  /** Average sales a day, for the year of history in the daily summaries. */
  dailyOrders: number;
  categoryColors: Record<string, string>;
  catalogue: Product[];
  templates: Array<{ product: string; repeat_on_days: number[]; slot: Slot }>;
  /** Operator accounts of people who do not sign in to the demo. */
  staff: Array<{ email: string }>;
  devices: Array<{ name: string; model: string }>;
  trucks: Array<Omit<RecordOf<'trucks'>, 'id' | 'store_id'>>;
  pickupLocations: Array<Omit<RecordOf<'pickupLocations'>, 'id' | 'store_id' | 'country'>>;
  deliveryStops: Array<{ area: string; address: string; lat: number; lon: number }>;
}

export type LookupSpec = Record<'offer_type' | 'dietary_fit' | 'cuisine_type' | 'business_type', Array<{ id: number } & Record<Language, string>>>;

/**
 * An operator as a scenario declares it; the sign-in dates are filled in relative to `now`. A
 * seeded account signs in with its published demo password (accounts created by sign-up keep a
 * hash instead, mocks/handlers/registration.ts).
 */
export type OperatorSeed = Omit<OperatorRecord, 'createdAt' | 'lastLoginAt' | 'password' | 'passwordHash'> & { password: string };

// ---------------------------------------------------------------------------------------------
// Seeding context
// ---------------------------------------------------------------------------------------------

const ID_START = {
  offer: 5001,
  template: 301,
  order: 20001,
  payment: 70001,
  summary: 1,
  review: 1,
  truck: 11,
  pickup: 21,
  delivery: 801,
  account: 501,
  earning: 1,
  notification: 1,
  device: 61,
  consumer: 9001,
} as const;
type IdKind = keyof typeof ID_START;

export interface SeedContext {
  db: Db;
  now: number;
  prng: Prng;
  nextId(kind: IdKind): number;
  consumers: Consumer[];
}

export interface Consumer {
  id: number;
  name: string;
  email: string;
  phone: string;
}

/** Clears the db and prepares ids, the consumer pool and a generator seeded by the scenario's name. */
export function createSeedContext(db: Db, now: number, scenarioName: string): SeedContext {
  clearDb(db);
  return seedContextOver(db, now, createPrng(seedFrom(scenarioName)), (kind) => ID_START[kind]);
}

/**
 * A seeding context over a db that already holds data (a store created while the mock runs, by
 * sign-up): nothing is cleared, and every id continues after the highest one in use, so the same
 * builders add records beside the scenario's. `seedName` seeds the generator (the same name and
 * `now` give the same records).
 */
export function continueSeedContext(db: Db, now: number, seedName: string): SeedContext {
  const inUse: Record<IdKind, () => number[]> = {
    offer: () => db.offers.all().map((r) => r.id),
    template: () => db.templates.all().map((r) => r.id),
    order: () => db.orders.all().map((r) => r.id),
    payment: () => db.payments.all().map((r) => r.id),
    summary: () => db.summaries.all().map((r) => r.id),
    // Reviews are keyed by their order.
    review: () => [],
    truck: () => db.trucks.all().map((r) => r.id),
    pickup: () => db.pickupLocations.all().map((r) => r.id),
    delivery: () => db.deliveries.all().map((r) => r.id),
    account: () => db.accounts.all().map((r) => r.id),
    earning: () => db.earnings.all().map((r) => r.id),
    notification: () => db.stores.all().flatMap((store) => store.notifications.map((n) => n.id)),
    device: () => db.stores.all().flatMap((store) => store.devices.map((d) => d.id)),
    // The consumer pool is not stored: it is the same people, with the same ids, in every context.
    consumer: () => [],
  };
  return seedContextOver(db, now, createPrng(seedFrom(seedName)), (kind) => inUse[kind]().reduce((first, id) => Math.max(first, id + 1), ID_START[kind]));
}

function seedContextOver(db: Db, now: number, prng: Prng, firstId: (kind: IdKind) => number): SeedContext {
  const counters = new Map<IdKind, number>();
  const nextId = (kind: IdKind) => {
    const id = counters.get(kind) ?? firstId(kind);
    counters.set(kind, id + 1);
    return id;
  };
  const consumers = consumerNames.map(([first, last]) => ({
    id: nextId('consumer'),
    name: `${first} ${last}`,
    email: emailOf(first, last),
    phone: `+34 6${prng.int(10, 99)} ${prng.int(100, 999)} ${prng.int(100, 999)}`,
  }));
  return { db, now, prng, nextId, consumers };
}

/** Inserts the scenario's operators, with sign-up and last sign-in dates relative to now. */
export async function seedOperators(sc: SeedContext, operators: readonly OperatorSeed[]): Promise<void> {
  for (const operator of operators) {
    await sc.db.operators.create({ ...operator, createdAt: addDays(sc.now, -420), lastLoginAt: sc.now - DAY_MS });
  }
}

// ---------------------------------------------------------------------------------------------
// Store
// ---------------------------------------------------------------------------------------------

/** How much a store sells and over how long. */
export interface Activity {
  /**
   * Days with offers and orders, today included. Their daily summaries are the orders'
   * aggregates; the older days of the year get plausible totals.
   */
  detailedDays: number;
  /** The offers to publish (past days, today, tomorrow); ids and sales are planned from them. */
  planOffers(sc: SeedContext, spec: StoreSpec): OfferDraft[];
  /** Who places an order at `date` (default: the scenario's consumers, regulars more often). */
  consumerFor?(date: number): Consumer;
  /** Share of the picked-up orders the consumer rates (default 0.55). */
  ratingRate?: number;
}

/** The default activity: a fortnight of a small shop (one or two offers a day). */
export const fortnight: Activity = { detailedDays: 14, planOffers: planFortnight };

/** Everything one store holds; `operators` are the scenario's operators (their accounts are listed). */
export async function seedStore(
  sc: SeedContext,
  spec: StoreSpec,
  operators: readonly OperatorSeed[],
  lookups: LookupSpec,
  activity: Activity = fortnight,
): Promise<void> {
  const templates = await seedTemplates(sc, spec);
  const plans = finishPlans(sc, activity.planOffers(sc, spec), templates);
  const orders = planOrders(sc, plans, activity);
  await writeOffers(sc, spec, plans, orders);
  const written = await writeOrders(sc, spec, orders);
  await seedSummaries(sc, spec, written, activity.detailedDays);
  await seedEarnings(sc, spec);
  await seedStoreProfile(sc, spec, { orders, notifications: true, termsAcceptedAt: addDays(sc.now, -380) + 11 * HOUR_MS, billing: true });
  await seedLogistics(sc, spec);
  await seedAccounts(sc, spec, operators);
  await seedLookups(sc, spec, lookups);
}

/** How a new store starts (seedNewStore); the defaults are empty-store's. */
export interface NewStoreOptions {
  /** When it accepted the special terms (ms), or null: not yet (default: an hour before now). */
  termsAcceptedAt?: number | null;
  /** Seed its billing configuration (default true); without one, GET billing answers 404 (blank form). */
  billing?: boolean;
}

/**
 * A store that has just signed up: its profile (no devices, no notifications), operator
 * accounts, option groups and earnings segments; no offers, templates, orders, payments, reviews,
 * summaries or logistics yet. empty-store's store accepted the terms at sign-up and has its
 * billing; a store created by the sign-up handler has neither yet (options).
 */
export async function seedNewStore(
  sc: SeedContext,
  spec: StoreSpec,
  operators: ReadonlyArray<Pick<OperatorSeed, 'email' | 'stores'>>,
  lookups: LookupSpec,
  options: NewStoreOptions = {},
): Promise<void> {
  const { termsAcceptedAt = sc.now - HOUR_MS, billing = true } = options;
  await seedEarnings(sc, spec);
  await seedStoreProfile(sc, spec, { orders: [], notifications: false, termsAcceptedAt, billing });
  await seedAccounts(sc, spec, operators);
  await seedLookups(sc, spec, lookups);
}

export const isoWeekday = (ms: number) => ((new Date(ms).getDay() + 6) % 7) + 1;
const discountOf = (p: Pick<Product, 'origin_price' | 'unit_price'>) => Math.round(((p.origin_price - p.unit_price) / p.origin_price) * 100);
/** A moment in [from, to), on a whole minute. */
const between = (prng: Prng, from: number, to: number) => from + Math.floor((prng.next() * Math.max(0, to - from)) / MINUTE_MS) * MINUTE_MS;

/** Order and pickup windows of a slot on a day (local hours). */
/**
 * Two offers whose order window is open at `now`, whatever the hour (opened on the quarter hour
 * two hours ago, closing in 2 and 3 hours), published three hours ago: the overview always has
 * current offers to show.
 */
export function addLiveNowOffers(
  add: (product: Product, windows: ReturnType<typeof slotWindows>, fixedCreatedAt?: number) => void,
  now: number,
  first: Product,
  second: Product,
): void {
  const liveFrom = Math.floor((now - 2 * HOUR_MS) / (15 * MINUTE_MS)) * 15 * MINUTE_MS;
  for (const [product, hours] of [
    [first, 4],
    [second, 5],
  ] as const) {
    const orderTo = liveFrom + hours * HOUR_MS;
    add(product, { orderFrom: liveFrom, orderTo, pickupFrom: orderTo, pickupTo: orderTo + 90 * MINUTE_MS }, now - 3 * HOUR_MS);
  }
}

export function slotWindows(day: number, slot: Slot, jitterMinutes: number) {
  const shift = jitterMinutes * MINUTE_MS;
  return slot === 'morning'
    ? { orderFrom: atHour(day, 7.5) + shift, orderTo: atHour(day, 11.5) + shift, pickupFrom: atHour(day, 12) + shift, pickupTo: atHour(day, 13.5) + shift }
    : { orderFrom: atHour(day, 12) + shift, orderTo: atHour(day, 18.5) + shift, pickupFrom: atHour(day, 19) + shift, pickupTo: atHour(day, 20.5) + shift };
}

type OfferWire = OfferRecord;
type TemplateWire = TemplateRecord;

function offerFields(spec: StoreSpec, product: Product) {
  return {
    name: product.name,
    store_id: spec.id,
    media: [{ url: productImage(product.name, tint(spec.categoryColors[product.category] ?? spec.color)), kind: 'cover' as const }],
    lat: spec.lat,
    lon: spec.lon,
    unit_price: product.unit_price,
    origin_price: product.origin_price,
    discount: discountOf(product),
    offer_type: product.offer_type,
    dietary_fit: product.dietary_fit,
    cuisine_type: product.cuisine_type,
    business_type: product.business_type,
  };
}

/** A light background for product tiles from a brand colour ("#D9822B" → "#D9822B33" over white). */
const tint = (color: string) => `${color}33`;

async function seedTemplates(sc: SeedContext, spec: StoreSpec): Promise<TemplateWire[]> {
  const created: TemplateWire[] = [];
  for (const [index, t] of spec.templates.entries()) {
    const product = productNamed(spec, t.product);
    const createdAt = addDays(sc.now, -40 + index * 6) + 16 * HOUR_MS;
    const windows = slotWindows(createdAt, t.slot, 0);
    const typical = Math.round((product.quantity[0] + product.quantity[1]) / 2);
    const template: TemplateWire = {
      id: sc.nextId('template'),
      name: product.name,
      store_id: spec.id,
      repeat_on_days: t.repeat_on_days,
      template_quantity: typical,
      media: offerFields(spec, product).media,
      status: 1,
      audit_creation_date: seconds(createdAt),
      audit_update_date: seconds(createdAt),
      offer: {
        ...offerFields(spec, product),
        // The embedded offer of a template carries no stock (spec section 3).
        quantity: 0,
        quantity_left: 0,
        status: 1,
        offer_status: 1,
        repeat_on_days: t.repeat_on_days,
        audit_creation_date: seconds(createdAt),
        audit_update_date: seconds(createdAt),
        order_date_from: seconds(windows.orderFrom),
        order_date_to: seconds(windows.orderTo),
        pickup_date_from: seconds(windows.pickupFrom),
        pickup_date_to: seconds(windows.pickupTo),
        origin: 'template',
        template_id: null,
      },
    };
    const record = await sc.db.templates.create(template);
    created.push(record);
  }
  return created;
}

function productNamed(spec: StoreSpec, name: string): Product {
  const product = spec.catalogue.find((p) => p.name === name);
  if (!product) throw new Error(`${spec.name}: no product named "${name}" in the catalogue`);
  return product;
}

// ---------------------------------------------------------------------------------------------
// Offers and orders
// ---------------------------------------------------------------------------------------------

/** An offer to publish: what, how many, and its order and pickup windows. */
export interface OfferDraft {
  product: Product;
  quantity: number;
  orderFrom: number;
  orderTo: number;
  pickupFrom: number;
  pickupTo: number;
  /** When it was published (default: a few hours before its order window). */
  fixedCreatedAt?: number;
}

interface OfferPlan {
  id: number;
  product: Product;
  quantity: number;
  /** Units still to sell while orders are generated; the offer's quantity_left is computed from orders. */
  toSell: number;
  orderFrom: number;
  orderTo: number;
  pickupFrom: number;
  pickupTo: number;
  createdAt: number;
  status: number;
  origin: OfferWire['origin'];
  template: TemplateWire | null;
}

function planFortnight(sc: SeedContext, spec: StoreSpec): OfferDraft[] {
  const { prng, now } = sc;
  const drafts: OfferDraft[] = [];
  const add = (product: Product, w: ReturnType<typeof slotWindows>, fixedCreatedAt?: number) =>
    drafts.push({ product, quantity: prng.int(...product.quantity), ...w, fixedCreatedAt });
  const distinctProducts = (count: number) => {
    const pool = [...spec.catalogue];
    return Array.from({ length: count }, () => pool.splice(prng.int(0, pool.length - 1), 1)[0]);
  };

  // Past days: one or two offers a day.
  for (let offset = -(fortnight.detailedDays - 1); offset <= -1; offset++) {
    const day = addDays(now, offset);
    const slots: Slot[] = prng.chance(0.75) ? ['morning', 'evening'] : [prng.pick(['morning', 'evening'] as const)];
    const products = distinctProducts(slots.length);
    slots.forEach((slot, i) => add(products[i], slotWindows(day, slot, prng.pick([0, 15, 30]))));
  }

  // Today: one at the usual morning hours (past or still ahead, depending on the clock), and two
  // live right now whatever the time, so the overview always has current offers.
  const [morning, liveA, liveB] = distinctProducts(3);
  add(morning, slotWindows(now, 'morning', 0));
  addLiveNowOffers(add, now, liveA, liveB);

  // Tomorrow: published today, nothing sold yet.
  const tomorrow = addDays(now, 1);
  const [early, late] = distinctProducts(2);
  add(early, slotWindows(tomorrow, 'morning', 0), now - 2 * HOUR_MS);
  add(late, slotWindows(tomorrow, 'evening', 0), now - 90 * MINUTE_MS);
  return drafts;
}

/** Ids, what each offer will sell by now, publication, status and template of the drafts (by order window). */
function finishPlans(sc: SeedContext, offerDrafts: readonly OfferDraft[], templates: readonly TemplateWire[]): OfferPlan[] {
  const { prng, now } = sc;
  const drafts = offerDrafts.toSorted((a, b) => a.orderFrom - b.orderFrom);
  return drafts.map(({ fixedCreatedAt, ...draft }) => {
    const template = templates.find(
      (t) => t.name === draft.product.name && (t.repeat_on_days.length === 0 ? prng.chance(0.5) : t.repeat_on_days.includes(isoWeekday(draft.orderFrom))),
    );
    const elapsed = Math.min(1, Math.max(0, (now - draft.orderFrom) / (draft.orderTo - draft.orderFrom)));
    const demand = prng.next() * 0.45 + 0.55;
    const closed = draft.pickupTo <= now;
    return {
      ...draft,
      id: sc.nextId('offer'),
      toSell: Math.min(draft.quantity, Math.round(draft.quantity * demand * Math.pow(elapsed, 0.7))),
      // Published a few hours ahead of its order window, and never after now.
      createdAt: fixedCreatedAt ?? Math.min(now - 30 * MINUTE_MS, draft.orderFrom - prng.int(2, 14) * HOUR_MS),
      // Operators switch off the odd finished offer; everything else stays active.
      status: closed && prng.chance(0.1) ? 0 : 1,
      origin: template ? (template.repeat_on_days.length > 0 ? 'recurring' : 'template') : 'offer',
      template: template ?? null,
    };
  });
}

interface OrderLine {
  plan: OfferPlan;
  units: number;
}

interface OrderPlan {
  id: number;
  date: number;
  lines: OrderLine[];
  consumer: Consumer;
  status: number;
  pickupDate: number | null;
  updatedAt: number;
  pickupUntil: number;
  rating: number;
  review: string | null;
  reviewDate: number | null;
}

function planOrders(sc: SeedContext, plans: OfferPlan[], activity: Activity): OrderPlan[] {
  const { prng, now } = sc;
  const orders: Array<Omit<OrderPlan, 'id'>> = [];
  const ratingRate = activity.ratingRate ?? 0.55;
  // Regulars order more often than the occasional customer.
  const consumerFor = activity.consumerFor ?? (() => sc.consumers[Math.floor(Math.pow(prng.next(), 1.6) * sc.consumers.length)]);

  for (const plan of plans) {
    while (plan.toSell > 0) {
      const date = between(prng, plan.orderFrom, Math.min(plan.orderTo, now - MINUTE_MS));
      const status = pickupStatus(prng, plan, now);
      const cancelled = status > 1;
      const units = Math.min(cancelled ? 3 : plan.toSell, prng.weighted([[1, 0.65], [2, 0.27], [3, 0.08]] as const));
      const lines: OrderLine[] = [{ plan, units }];
      if (!cancelled) plan.toSell -= units;
      // Now and then a second item from another offer open at the same moment.
      const other = plans.find((p) => p !== plan && p.toSell > 0 && p.orderFrom <= date && date < p.orderTo);
      if (other && !cancelled && prng.chance(0.15)) {
        lines.push({ plan: other, units: 1 });
        other.toSell -= 1;
      }
      orders.push({ date, lines, consumer: consumerFor(date), status, ...afterPickup(prng, plan, date, status, now, ratingRate), pickupUntil: plan.pickupTo });
    }
  }
  // Order numbers grow with time, as the platform assigns them.
  orders.sort((a, b) => a.date - b.date);
  return orders.map((order) => ({ ...order, id: sc.nextId('order') }));
}

/** A pickup status code that fits the clock: 0 pending, 1 picked up, 2/3 cancelled by consumer/store. */
function pickupStatus(prng: Prng, plan: OfferPlan, now: number): number {
  if (plan.pickupTo <= now) return prng.weighted([[1, 0.8], [0, 0.06], [2, 0.09], [3, 0.05]] as const);
  if (plan.pickupFrom <= now) return prng.weighted([[1, 0.45], [0, 0.5], [2, 0.05]] as const);
  return prng.weighted([[0, 0.93], [2, 0.07]] as const);
}

function afterPickup(prng: Prng, plan: OfferPlan, date: number, status: number, now: number, ratingRate: number) {
  const none = { pickupDate: null, rating: 0, review: null, reviewDate: null };
  if (status === 0) return { ...none, updatedAt: date };
  if (status > 1) return { ...none, updatedAt: Math.min(now, date + prng.int(10, 180) * MINUTE_MS) };
  const pickupDate = between(prng, Math.max(plan.pickupFrom, date), Math.min(plan.pickupTo, now));
  const reviewDate = pickupDate + prng.int(30, 20 * 60) * MINUTE_MS;
  if (reviewDate > now - 5 * MINUTE_MS || !prng.chance(ratingRate)) return { ...none, pickupDate, updatedAt: pickupDate };
  const rating = prng.weighted([[5, 0.45], [4, 0.35], [3, 0.12], [2, 0.06], [1, 0.02]] as const);
  const review = prng.chance(0.85) ? prng.pick(reviewTexts[rating]) : null;
  return { pickupDate, rating, review, reviewDate, updatedAt: reviewDate };
}

/** Units of each offer held by sales (pending or picked-up orders). */
function soldUnitsByOffer(orders: readonly OrderPlan[]): Map<number, number> {
  const sold = new Map<number, number>();
  for (const order of orders) {
    if (!isSale(order)) continue;
    for (const line of order.lines) sold.set(line.plan.id, (sold.get(line.plan.id) ?? 0) + line.units);
  }
  return sold;
}

async function writeOffers(sc: SeedContext, spec: StoreSpec, plans: readonly OfferPlan[], orders: readonly OrderPlan[]): Promise<void> {
  const sold = soldUnitsByOffer(orders);
  for (const plan of plans) {
    await sc.db.offers.create({
      ...offerFields(spec, plan.product),
      id: plan.id,
      quantity: plan.quantity,
      // Cancelled orders gave their units back; only sales hold stock.
      quantity_left: plan.quantity - (sold.get(plan.id) ?? 0),
      status: plan.status,
      offer_status: 1,
      repeat_on_days: plan.template?.repeat_on_days ?? [],
      audit_creation_date: seconds(plan.createdAt),
      audit_update_date: seconds(plan.createdAt),
      order_date_from: seconds(plan.orderFrom),
      order_date_to: seconds(plan.orderTo),
      pickup_date_from: seconds(plan.pickupFrom),
      pickup_date_to: seconds(plan.pickupTo),
      origin: plan.origin,
      template_id: plan.template?.id ?? null,
    });
  }
}

/** Spanish VAT on food (10 %): total_price_bt is the price before tax. */
const VAT_RATE = 0.1;

type OrderWire = RecordOf<'orders'>;

/** Orders with their payment and, when rated, their review; resolves to the orders as written. */
async function writeOrders(sc: SeedContext, spec: StoreSpec, orders: readonly OrderPlan[]): Promise<OrderWire[]> {
  const { prng } = sc;
  const written: OrderWire[] = [];
  for (const order of orders) {
    const total_price = roundMoney(order.lines.reduce((sum, l) => sum + l.units * l.plan.product.unit_price, 0));
    const total_price_bt = roundMoney(total_price / (1 + VAT_RATE));
    const total_quantity = order.lines.reduce((sum, l) => sum + l.units, 0);
    const record: OrderWire = {
      id: order.id,
      store_id: spec.id,
      status: order.status,
      date: seconds(order.date),
      // The pickup time (spec section 4): when it was picked up; while it waits, the end of its
      // pickup window (PENDING up to then, NON PICKED UP after); none once cancelled.
      pickup_date: order.pickupDate !== null ? seconds(order.pickupDate) : order.status === 0 ? seconds(order.pickupUntil) : null,
      pickup_until: seconds(order.pickupUntil),
      total_price,
      total_price_bt,
      total_quantity,
      rating: order.rating,
      review: order.review,
      review_date: order.reviewDate === null ? null : seconds(order.reviewDate),
      audit_creation_date: seconds(order.date),
      audit_update_date: seconds(order.updatedAt),
      store: { name: spec.name, address: { address_print: spec.address.address_print } },
      consumer: order.consumer,
      offersOrdered: order.lines.map((line, index) => ({
        id: order.id * 10 + index + 1,
        quantityOrdered: line.units,
        offer: { id: line.plan.id, name: line.plan.product.name, unit_price: line.plan.product.unit_price },
      })),
    };
    await sc.db.orders.create(record);
    written.push(record);

    await sc.db.payments.create({
      id: sc.nextId('payment'),
      store_id: spec.id,
      order_id: order.id,
      amount: total_price,
      method: prng.weighted([['card', 0.7], ['wallet', 0.25], ['cash', 0.05]] as const),
      status: paymentStatus(prng, order, sc.now),
      audit_creation_date: seconds(order.date),
      audit_update_date: seconds(order.updatedAt),
    });

    if (order.rating > 0 && order.reviewDate !== null) {
      await sc.db.reviews.create({
        store_id: spec.id,
        order_id: order.id,
        rating: order.rating,
        date: seconds(order.reviewDate),
        description: order.lines.map((l) => `${l.units} × ${l.plan.product.name}`).join(', '),
        review: order.review ?? '',
        total_price_bt,
        total_quantity,
        category: ratingCategory[order.rating as 1 | 2 | 3 | 4 | 5],
      });
    }
  }
  return written;
}

/** Paid up front: pending only while the pickup is still ahead; a cancelled order is refunded (canceled) or was never paid (rejected). */
function paymentStatus(prng: Prng, order: OrderPlan, now: number): RecordOf<'payments'>['status'] {
  if (order.status === 1) return 'completed';
  if (order.status === 0) return order.pickupUntil > now ? 'pending' : 'completed';
  if (order.status === 2 && prng.chance(0.35)) return 'rejected';
  return 'canceled';
}

// ---------------------------------------------------------------------------------------------
// Aggregates
// ---------------------------------------------------------------------------------------------

const HISTORY_DAYS = 365;
/** Demand by weekday (1 = Monday): Saturday mornings are busy, Sundays and Mondays quiet. */
const WEEKDAY_DEMAND = [0, 0.85, 0.95, 1, 1, 1.1, 1.3, 0.8];

/**
 * One summary per closed day. For the detailed days they are aggregated from the orders with the
 * same code the handlers use; before them, plausible totals around the store's usual volume.
 */
async function seedSummaries(sc: SeedContext, spec: StoreSpec, orders: readonly OrderWire[], detailedDays: number): Promise<void> {
  const { prng, now } = sc;
  const averagePrice = spec.catalogue.reduce((sum, p) => sum + p.unit_price, 0) / spec.catalogue.length;
  // Sales by local day, in the order they were written (the order a db query returns them in).
  const salesByDay = new Map<number, OrderWire[]>();
  for (const order of orders.filter(isSale)) {
    const day = startOfDay(millis(order.date));
    const sales = salesByDay.get(day);
    if (sales) sales.push(order);
    else salesByDay.set(day, [order]);
  }
  for (let offset = -HISTORY_DAYS; offset <= -1; offset++) {
    const day = addDays(now, offset);
    const next = addDays(now, offset + 1);
    let figures: ReturnType<typeof dayFigures>;
    if (offset >= -(detailedDays - 1)) {
      figures = aggregateSales(salesByDay.get(day) ?? []);
    } else {
      // Busier in winter with a summer dip, and growing over the year.
      const season = 1 + 0.12 * Math.cos((new Date(day).getMonth() / 12) * 2 * Math.PI);
      const growth = 0.7 + 0.3 * ((offset + HISTORY_DAYS) / HISTORY_DAYS);
      const count = Math.round(spec.dailyOrders * WEEKDAY_DEMAND[isoWeekday(day)] * season * growth * (0.75 + prng.next() * 0.5));
      const items = Math.round(count * (1.3 + prng.next() * 0.5));
      figures = dayFigures(count, items, items * averagePrice * (0.92 + prng.next() * 0.16));
    }
    const closedAt = seconds(next + HOUR_MS);
    await sc.db.summaries.create({ id: sc.nextId('summary'), store_id: spec.id, day: seconds(day), ...figures, audit_creation_date: closedAt, audit_update_date: closedAt });
  }
}

/**
 * The earnings segmentation of the dashboard, by customer type: a sale counts for the segment of
 * the consumer's n-th sale at the store (mocks/figures.ts earningsSegments computes the values).
 */
export const customerSegments: ReadonlyArray<{ label: string; min_orders: number; color: string }> = [
  { label: 'New customers', min_orders: 1, color: '#4A90B8' },
  { label: 'Returning customers', min_orders: 2, color: '#E8A33C' },
  { label: 'Regulars', min_orders: 5, color: '#3F8F4E' },
];

async function seedEarnings(sc: SeedContext, spec: StoreSpec): Promise<void> {
  for (const segment of customerSegments) await sc.db.earnings.create({ id: sc.nextId('earning'), store_id: spec.id, ...segment });
}

// ---------------------------------------------------------------------------------------------
// Store profile, logistics, accounts, lookups
// ---------------------------------------------------------------------------------------------

type NotificationWire = z.infer<typeof NotificationWireSchema>;

interface ProfileOptions {
  /** The store's orders, for the notifications about the latest ones. */
  orders: readonly OrderPlan[];
  /** The bell's news (a brand-new store has none yet). */
  notifications: boolean;
  /** When the store accepted the platform's special terms (ms), or null: not yet. */
  termsAcceptedAt: number | null;
  /** Whether it has configured its billing yet. */
  billing: boolean;
}

async function seedStoreProfile(sc: SeedContext, spec: StoreSpec, { orders, notifications, termsAcceptedAt, billing }: ProfileOptions): Promise<void> {
  const { prng, now } = sc;
  const devices = spec.devices.map((device, index) => ({
    id: sc.nextId('device'),
    ...device,
    registered_at: seconds(addDays(now, -200 + index * 45) + 10 * HOUR_MS),
  }));
  const apiKey = `sk_mock_${Array.from({ length: 32 }, () => prng.int(0, 15).toString(16)).join('')}`;
  await sc.db.stores.create({
    id: spec.id,
    name: spec.name,
    description: spec.description,
    email: spec.email,
    phone: spec.phone,
    address: spec.address,
    // The geocoded door; the console prefers these over lat/lon when present (spec section 3).
    address_lat: spec.lat,
    address_lon: spec.lon,
    lat: spec.lat,
    lon: spec.lon,
    avatar: avatarImage(spec.name, spec.color),
    logo: logoImage(spec.name, spec.color),
    cover: coverImage(spec.name, spec.tagline, spec.color),
    devicesAllowed: spec.devices.length + 1,
    devices,
    apiKey,
    sms_send: true,
    sms_text: spec.smsText,
    color: spec.color,
    special_terms: {
      text: 'Surplus food is sold as it is at the end of the day. The store keeps cold items refrigerated until pickup and lists allergens on each offer.',
      accept_date: termsAcceptedAt === null ? null : seconds(termsAcceptedAt),
    },
    notifications: notifications ? notificationsFor(sc, spec, orders) : [],
  });
  if (billing) await sc.db.billing.create(billingFor(spec));
}

/** Spanish banks' entity codes (CaixaBank, Santander, BBVA, Sabadell, Cajamar), for the seeded IBANs. */
const BANK_CODES = ['2100', '0049', '0182', '0081', '3058'] as const;

/**
 * The store's billing configuration: the company behind it (an S.L., with a well-formed CIF),
 * a Spanish IBAN with correct check digits, the invoicing mailbox of its domain, its address,
 * invoiced monthly. Drawn from a generator of its own (seeded by the store id), so adding it did
 * not shift the scenario's main sequence: every other seeded record stayed as it was.
 */
function billingFor(spec: StoreSpec): RecordOf<'billing'> {
  const prng = createPrng(seedFrom(`billing:${spec.id}`));
  const digits = (count: number) => Array.from({ length: count }, () => prng.int(0, 9)).join('');
  const cif = `B${digits(7)}`;
  return {
    store_id: spec.id,
    legal_name: `${spec.name}, S.L.`,
    tax_id: `${cif}${cifControlDigit(cif.slice(1))}`,
    billing_email: `facturacion@${spec.email.split('@')[1]}`,
    address_print: spec.address.address_print,
    city: spec.address.city,
    postal_code: spec.address.postal_code,
    country: spec.address.country,
    iban: spanishIban(prng.pick(BANK_CODES), digits(4), digits(10)),
    invoice_frequency: 'monthly',
  };
}

/** The control digit of a company CIF whose letter takes a digit (A, B, …): from its seven digits. */
export function cifControlDigit(sevenDigits: string): number {
  let sum = 0;
  for (const [index, char] of [...sevenDigits].entries()) {
    const digit = Number(char);
    // Odd positions (1st, 3rd, …) are doubled and their digits added; even ones are added as they are.
    sum += index % 2 === 1 ? digit : Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A Spanish IBAN, grouped by four ("ES91 2100 0418 4502 0005 1332"): the account's own two
 * control digits (CCC, mod 11) and the IBAN check digits (ISO 13616, mod 97).
 */
export function spanishIban(bank: string, branch: string, account: string): string {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const control = (ten: string) => {
    const rest = 11 - ([...ten].reduce((sum, char, i) => sum + Number(char) * weights[i], 0) % 11);
    return rest === 11 ? 0 : rest === 10 ? 1 : rest;
  };
  const bban = `${bank}${branch}${control(`00${bank}${branch}`)}${control(account)}${account}`;
  const check = 98 - ibanRemainder(`${bban}ES00`);
  return `ES${String(check).padStart(2, '0')}${bban}`.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The IBAN's mod-97 remainder of `text` with letters as numbers (A = 10 … Z = 35), piece by piece. */
export function ibanRemainder(text: string): number {
  const numeric = [...text].map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join('');
  let remainder = 0;
  for (let i = 0; i < numeric.length; i += 7) remainder = Number(`${remainder}${numeric.slice(i, i + 7)}`) % 97;
  return remainder;
}

/** The bell's content: the latest order and cancellation (unread), plus older news (some read). */
function notificationsFor(sc: SeedContext, spec: StoreSpec, orders: readonly OrderPlan[]): NotificationWire[] {
  const { now } = sc;
  const past = orders.filter((o) => o.date <= now);
  const latest = past[past.length - 1];
  const cancelled = past.toReversed().find((o) => o.status === 2);
  const list: Array<Omit<NotificationWire, 'id'>> = [];
  if (latest) {
    const items = latest.lines.map((l) => `${l.units} × ${l.plan.product.name}`).join(', ');
    list.push({ type: 'order', title: `New order #${latest.id}: ${items}`, created_at: seconds(latest.date), click_action: `/operations/order/${latest.id}`, read: false });
  }
  if (cancelled) {
    list.push({ type: 'order', title: `Order #${cancelled.id} was cancelled by the consumer`, created_at: seconds(cancelled.updatedAt), click_action: `/operations/order/${cancelled.id}`, read: false });
  }
  list.push(
    { type: 'project', title: 'Add opening hours to your business info so customers find you', created_at: seconds(now - 2 * DAY_MS), click_action: '/settings/general', read: false },
    { type: 'user', title: `${spec.staff[0]?.email ?? spec.email} joined your team as an operator`, created_at: seconds(now - 6 * DAY_MS), click_action: '/accounts', read: true },
    { type: 'feature', title: 'New: recurring offers publish a template on the weekdays you choose', created_at: seconds(now - 10 * DAY_MS), click_action: '/operations/templates', read: true },
  );
  return list.sort((a, b) => b.created_at - a.created_at).map((n) => ({ id: sc.nextId('notification'), ...n }));
}

// ---------------------------------------------------------------------------------------------
// Logistics: trucks, pickup locations and delivery rounds
// ---------------------------------------------------------------------------------------------

/** Delivery rounds run between these local hours: vans leave after 08:00 and are back by 21:00. */
const ROUND_HOURS = { from: 8, to: 21 } as const;
/** Minutes at each door (parking, stairs, a signature). */
const HANDOVER_MINUTES = 6;
/** A van's average speed in a city centre (km/h): traffic, one-way streets, loading zones. */
const CITY_KMH = 14;
/** Days of delivery history before today. */
const DELIVERY_HISTORY_DAYS = 6;
/** How far into today's round each truck is when the scenario is seeded (by truck). */
const ROUND_PROGRESS = [0.55, 0.3, 0.8] as const;

type Truck = RecordOf<'trucks'>;
type DeliveryStatus = RecordOf<'deliveries'>['delivery_status'];

/** A delivery address of the store and the person who lives there. */
interface Door {
  area: string;
  address: string;
  lat: number;
  lon: number;
  recipient: Consumer;
}

interface PlannedDelivery {
  door: Door;
  at: number;
  status: DeliveryStatus;
  truck?: Truck;
  /** Packages the delivery carries (a round never carries more than its truck holds). */
  packages: number;
}

/**
 * The store's fleet, pickup locations and delivery rounds around its own door. Every active truck
 * drives one round a day: a week of history without Sundays (delivered, some rejected), today's
 * round straddling the clock when it is within round hours (the doors already passed delivered or
 * rejected, the rest assigned), a few of today's later deliveries still pending without a truck,
 * and tomorrow's planned morning rounds. A round visits its doors nearest first, in one sector
 * around the store per truck, at city driving speed. Drawn from a generator of the store's own,
 * so the rest of the scenario does not depend on it.
 */
async function seedLogistics(sc: SeedContext, spec: StoreSpec): Promise<void> {
  const { now } = sc;
  const prng = createPrng(seedFrom(`logistics:${spec.id}`));
  const trucks: Truck[] = [];
  for (const truck of spec.trucks) trucks.push(await sc.db.trucks.create({ id: sc.nextId('truck'), store_id: spec.id, ...truck }));
  for (const location of spec.pickupLocations) {
    await sc.db.pickupLocations.create({ id: sc.nextId('pickup'), store_id: spec.id, country: spec.address.country, ...location });
  }
  if (spec.deliveryStops.length === 0) return;

  const recipients = shuffled(prng, sc.consumers);
  const doors: Door[] = spec.deliveryStops.map((stop, index) => ({ ...stop, recipient: recipients[index % recipients.length] }));
  const active = trucks.filter((t) => t.status === 'active');
  const planned: PlannedDelivery[] = [];
  const done = (): DeliveryStatus => (prng.chance(0.9) ? 'delivered' : 'rejected');

  for (let offset = -DELIVERY_HISTORY_DAYS; offset <= -1; offset++) {
    const day = addDays(now, offset);
    if (isoWeekday(day) === 7) continue;
    const starts = atHour(day, prng.pick([9, 9.5, 10, 16, 16.5, 17]));
    const { rounds } = planRounds(prng, spec, doors, active.map(() => prng.int(3, 5)));
    for (const [index, round] of rounds.entries()) {
      const times = roundTimes(spec, round, starts + index * 20 * MINUTE_MS);
      planned.push(...round.map((door, stop) => ({ door, at: times[stop], status: done(), truck: active[index], packages: 0 })));
    }
  }

  // Today, whatever the weekday: one round per active truck, around the clock.
  const today = startOfDay(now);
  const perTruck = active.length === 1 ? [6, 7] : active.length === 2 ? [4, 5] : [3, 4];
  const todays = planRounds(prng, spec, doors, active.map(() => prng.int(perTruck[0], perTruck[1])), prng.int(1, 2));
  for (const [index, truck] of active.entries()) {
    const round = todays.rounds[index];
    const duration = roundDuration(spec, round);
    const earliest = atHour(today, ROUND_HOURS.from + index * 0.25);
    const latest = atHour(today, ROUND_HOURS.to) - duration;
    const wanted = now - ROUND_PROGRESS[index % ROUND_PROGRESS.length] * duration;
    const start = Math.max(earliest, Math.min(latest, Math.floor(wanted / (5 * MINUTE_MS)) * 5 * MINUTE_MS));
    const times = roundTimes(spec, round, start);
    planned.push(...round.map((door, stop) => ({ door, at: times[stop], status: times[stop] <= now ? done() : ('assigned' as const), truck, packages: 0 })));
  }
  // Still waiting for a truck: later today, while rounds still run.
  const pendingFrom = Math.max(now + 45 * MINUTE_MS, atHour(today, 9));
  const pendingTo = Math.min(pendingFrom + 3 * HOUR_MS, atHour(today, ROUND_HOURS.to));
  if (pendingFrom < pendingTo) {
    for (const door of todays.waiting) planned.push({ door, at: roundedTo5(between(prng, pendingFrom, pendingTo)), status: 'pending', packages: 0 });
  }

  // Tomorrow: the morning rounds are planned, and one order waits for a truck.
  const tomorrow = addDays(now, 1);
  const tomorrows = planRounds(prng, spec, doors, active.map(() => prng.int(2, 3)), 1);
  for (const [index, truck] of active.entries()) {
    const times = roundTimes(spec, tomorrows.rounds[index], atHour(tomorrow, 9) + index * 20 * MINUTE_MS);
    planned.push(...tomorrows.rounds[index].map((door, stop) => ({ door, at: times[stop], status: 'assigned' as const, truck, packages: 0 })));
  }
  planned.push({ door: tomorrows.waiting[0], at: atHour(tomorrow, prng.pick([11, 11.5, 12, 12.5])), status: 'pending', packages: 0 });

  loadPackages(prng, planned);
  const codes = new Set<number>();
  for (const delivery of planned.sort((a, b) => a.at - b.at)) {
    // Pickup codes end in a number the store does not repeat (while it has numbers left).
    if (codes.size === 900) codes.clear();
    let code = prng.int(100, 999);
    while (codes.has(code)) code = prng.int(100, 999);
    codes.add(code);
    const { door } = delivery;
    await sc.db.deliveries.create({
      id: sc.nextId('delivery'),
      store_id: spec.id,
      pickup_code: `${door.area} ${new Date(delivery.at).getHours() < 14 ? 'Morning' : 'Evening'} ${code}`,
      order_address: door.address,
      order_delivery_to: door.recipient.name,
      order_delivery_to_mail: door.recipient.email,
      phone: door.recipient.phone,
      delivery_driver_notes: prng.pick(driverNotes),
      delivery_notes: prng.pick(deliveryNotes),
      delivery_status: delivery.status,
      delivery_date: seconds(delivery.at),
      delivery_packages: delivery.packages,
      // A pending delivery has no truck yet.
      delivery_truck: delivery.truck?.name ?? '',
      lat: door.lat,
      lon: door.lon,
    });
  }
}

function shuffled<T>(prng: Prng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

const roundedTo5 = (ms: number) => Math.floor(ms / (5 * MINUTE_MS)) * 5 * MINUTE_MS;

/**
 * Distinct doors for a day: one round per size, and `waiting` more for the orders no truck has
 * yet. The rounds' doors are split into sectors by their bearing from the store, so trucks do not
 * cross each other's paths, and each round visits its doors nearest first.
 */
function planRounds(prng: Prng, store: Position, doors: readonly Door[], sizes: readonly number[], waiting = 0): { rounds: Door[][]; waiting: Door[] } {
  const inRounds = sizes.reduce((sum, n) => sum + n, 0);
  const pool = shuffled(prng, doors);
  const chosen = Array.from({ length: inRounds + waiting }, (_, i) => pool[i % pool.length]);
  const bearing = (door: Door) => Math.atan2((door.lon - store.lon) * Math.cos((store.lat * Math.PI) / 180), door.lat - store.lat);
  const bySector = chosen.slice(0, inRounds).sort((a, b) => bearing(a) - bearing(b));
  let next = 0;
  const rounds = sizes.map((size) => {
    next += size;
    return nearestFirst(store, bySector.slice(next - size, next));
  });
  return { rounds, waiting: chosen.slice(inRounds) };
}

interface Position {
  lat: number;
  lon: number;
}

/** The doors in driving order: from the store to the nearest door, then to the nearest of the rest. */
function nearestFirst(store: Position, doors: readonly Door[]): Door[] {
  const left = [...doors];
  const order: Door[] = [];
  let at: Position = store;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (distanceKm(at, left[i]) < distanceKm(at, left[best])) best = i;
    const [door] = left.splice(best, 1);
    order.push(door);
    at = door;
  }
  return order;
}

/** When the round reaches each door, leaving the store at `start` (whole minutes). */
function roundTimes(store: Position, round: readonly Door[], start: number): number[] {
  let at = start;
  let from: Position = store;
  return round.map((door) => {
    const driving = Math.max(4, Math.round((distanceKm(from, door) / CITY_KMH) * 60));
    at += driving * MINUTE_MS;
    from = door;
    const arrival = at;
    at += HANDOVER_MINUTES * MINUTE_MS;
    return arrival;
  });
}

/** From leaving the store to the last door. */
function roundDuration(store: Position, round: readonly Door[]): number {
  const times = roundTimes(store, round, 0);
  return times.length === 0 ? 0 : times[times.length - 1];
}

/** 1–4 packages a door, never more than a truck's capacity over its round (a cargo bike carries little). */
function loadPackages(prng: Prng, planned: PlannedDelivery[]): void {
  const rounds = new Map<string, PlannedDelivery[]>();
  for (const delivery of planned) {
    const key = delivery.truck ? `${delivery.truck.id} ${startOfDay(delivery.at)}` : 'waiting';
    rounds.set(key, [...(rounds.get(key) ?? []), delivery]);
  }
  for (const [, round] of rounds) {
    const capacity = round[0].truck?.capacity ?? 4 * round.length;
    const most = Math.max(1, Math.min(4, Math.floor(capacity / round.length)));
    for (const delivery of round) delivery.packages = prng.int(1, most);
  }
}

/** Operator accounts (scenario operators with access, then staff) and device accounts. */
async function seedAccounts(sc: SeedContext, spec: StoreSpec, operators: ReadonlyArray<Pick<OperatorSeed, 'email' | 'stores'>>): Promise<void> {
  const holders: Array<Pick<AccountRecord, 'kind' | 'holder'>> = [
    ...operators.filter((o) => o.stores.includes(spec.id)).map((o) => ({ kind: 'operator' as const, holder: o.email })),
    ...spec.staff.map((s) => ({ kind: 'operator' as const, holder: s.email })),
    ...spec.devices.map((d) => ({ kind: 'device' as const, holder: d.name })),
  ];
  for (const holder of holders) {
    await sc.db.accounts.create({ id: sc.nextId('account'), store_id: spec.id, store_name: spec.name, ...holder });
  }
}

async function seedLookups(sc: SeedContext, spec: StoreSpec, options: LookupSpec): Promise<void> {
  const inLanguage = (lang: Language) => (group: LookupSpec[keyof LookupSpec]): LookupOption[] => group.map((o) => ({ id: o.id, name: o[lang] }));
  for (const lang of ['en', 'es'] as const) {
    const names = inLanguage(lang);
    await sc.db.lookups.create({
      store_id: spec.id,
      lang,
      offer_type: names(options.offer_type),
      dietary_fit: names(options.dietary_fit),
      cuisine_type: names(options.cuisine_type),
      business_type: names(options.business_type),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Whole scenario
// ---------------------------------------------------------------------------------------------

export interface ScenarioData {
  /** Seeds the generator: the same name and `now` always give the same data. */
  name: string;
  operators: readonly OperatorSeed[];
  stores: readonly StoreSpec[];
  lookups: LookupSpec;
}

/** Replaces the db's content with the scenario's operators and stores. */
export async function seedScenario(db: Db, now: number, data: ScenarioData): Promise<void> {
  const sc = createSeedContext(db, now, data.name);
  await seedOperators(sc, data.operators);
  for (const store of data.stores) await seedStore(sc, store, data.operators, data.lookups);
}
