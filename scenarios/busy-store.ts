import type { Prng } from '../mocks/random';
import { HOUR_MS, MINUTE_MS, addDays } from '../mocks/time';
import {
  addLiveNowOffers,
  createSeedContext,
  isoWeekday,
  seedOperators,
  seedStore,
  slotWindows,
  type Activity,
  type Consumer,
  type OfferDraft,
  type OperatorSeed,
  type Product,
  type SeedContext,
  type StoreSpec,
} from './builders';
import { mercadoGranVia, offerOptions } from './catalogues';
import { demoOperator } from './default';
import { consumerNames, emailOf } from './people';
import type { Scenario } from './scenario';

/**
 * A year of a big city-centre store, for volume: about 300 offers (one large offer a day, Monday
 * to Saturday, plus today's and tomorrow's), 10,000 orders from 1,500 consumers who keep arriving
 * over the year, and 2,000 reviews. Every day of the year is detailed: the daily summaries are
 * the orders' aggregates, so the annual income, the monthly sales and the earnings segments all
 * add up to the same orders. Deterministic for a given `now`, like every scenario.
 *
 * Too big for a localStorage snapshot (~8.5 MB of JSON): the browser keeps the seed moment and
 * the changes since (storage: 'changes', mocks/persistence.ts).
 */
const HISTORY_DAYS = 365;
const CONSUMERS = 1500;
/** Consumers who already shopped at the store before the year began. */
const ESTABLISHED_SHARE = 0.35;
/** How often an order comes from a newcomer, while some are waiting to place their first. */
const NEWCOMER_SHARE = 0.3;
/** Days the store stays shut besides Sundays (holidays, stock-taking). */
const CLOSED_DAY_RATE = 0.04;

const store = mercadoGranVia;
const busyOperator: OperatorSeed = { ...demoOperator, currentAccount: store.id, stores: [store.id] };
const operators = [busyOperator];

export const busyStoreScenario: Scenario = {
  name: 'busy-store',
  description: 'Mercado Gran Vía, a big city-centre store in Madrid: a year of ~300 offers, ~10,000 orders and ~2,000 reviews',
  operators,
  storage: 'changes',
  // A busy store hears from customers all day: a new order's push every 3 minutes (browser only).
  newOrderPushEveryMs: 3 * MINUTE_MS,
  async seed(db, now) {
    const sc = createSeedContext(db, now, 'busy-store');
    await seedOperators(sc, operators);
    await seedStore(sc, store, operators, offerOptions, yearOfActivity(sc));
  },
};

function yearOfActivity(sc: SeedContext): Activity {
  return { detailedDays: HISTORY_DAYS + 1, planOffers: planYear, consumerFor: crowd(sc), ratingRate: 0.245 };
}

/** Bakery goes out after the morning rush; everything else in the evening. */
const slotOf = (product: Product) => (product.category === 'Bakery' ? 'morning' : 'evening');

function planYear(sc: SeedContext, spec: StoreSpec): OfferDraft[] {
  const { prng, now } = sc;
  const drafts: OfferDraft[] = [];
  const add = (product: Product, windows: ReturnType<typeof slotWindows>, fixedCreatedAt?: number) =>
    drafts.push({ product, quantity: prng.int(...product.quantity), ...windows, fixedCreatedAt });

  for (let offset = -HISTORY_DAYS; offset <= -1; offset++) {
    const day = addDays(now, offset);
    if (isoWeekday(day) === 7 || prng.chance(CLOSED_DAY_RATE)) continue;
    const product = prng.pick(spec.catalogue);
    add(product, slotWindows(day, slotOf(product), prng.pick([0, 15, 30])));
  }

  // Today, whatever the weekday and the clock (a demo must look alive): the bakery bag of the
  // morning and two offers live right now; tomorrow's evening bag is already published.
  const bakery = spec.catalogue.filter((p) => p.category === 'Bakery');
  const others = spec.catalogue.filter((p) => p.category !== 'Bakery');
  add(prng.pick(bakery), slotWindows(now, 'morning', 0));
  const [liveA, liveB] = pickDistinct(prng, others, 2);
  addLiveNowOffers(add, now, liveA, liveB);
  add(prng.pick(others), slotWindows(addDays(now, 1), 'evening', 0), now - 2 * HOUR_MS);
  return drafts;
}

function pickDistinct<T>(prng: Prng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  return Array.from({ length: count }, () => pool.splice(prng.int(0, pool.length - 1), 1)[0]);
}

/**
 * 1,500 consumers (every first × last name of scenarios/people.ts, shuffled): a third already
 * knew the store, the rest arrive evenly over the year. An order comes from a newcomer now and
 * then (each newcomer places a first order soon after arriving, so "new customers this month"
 * is about a month's arrivals), otherwise from someone who has ordered before, the earliest
 * customers (the regulars) far more often.
 */
function crowd(sc: SeedContext): (date: number) => Consumer {
  const { prng, now } = sc;
  const firsts = [...new Set(consumerNames.map(([first]) => first))];
  const lasts = [...new Set(consumerNames.map(([, last]) => last))];
  const names = firsts.flatMap((first) => lasts.map((last) => [first, last] as const));
  for (let i = names.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [names[i], names[j]] = [names[j], names[i]];
  }
  const consumers: Consumer[] = names.slice(0, CONSUMERS).map(([first, last]) => ({
    id: sc.nextId('consumer'),
    name: `${first} ${last}`,
    email: emailOf(first, last),
    phone: `+34 6${prng.int(10, 99)} ${prng.int(100, 999)} ${prng.int(100, 999)}`,
  }));

  const start = addDays(now, -HISTORY_DAYS);
  const established = Math.round(consumers.length * ESTABLISHED_SHARE);
  const arrivalOf = (index: number) =>
    index < established ? -Infinity : start + ((index - established + 1) / (consumers.length - established)) * (now - start);

  let arrived = 0;
  const waiting: Consumer[] = [];
  const known: Consumer[] = [];
  return (date) => {
    while (arrived < consumers.length && arrivalOf(arrived) <= date) waiting.push(consumers[arrived++]);
    if (waiting.length > 0 && (known.length === 0 || prng.chance(NEWCOMER_SHARE))) {
      const newcomer = waiting.shift()!;
      known.push(newcomer);
      return newcomer;
    }
    return known[Math.floor(Math.pow(prng.next(), 1.8) * known.length)];
  };
}
