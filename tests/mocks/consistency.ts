import type { Db, RecordOf } from '../../mocks/db';
import { PickupLocationInputSchema, TruckInputSchema } from '../../src/api/logistics';
import { isCountryCode } from '../../src/lib/countries';

/**
 * The rules every seeded store keeps, checked with indexes so a 10,000-order store is checked in
 * milliseconds. Returns one line per broken rule (at most a few per rule), so a failing test
 * reads as a list of what is wrong.
 */
const isSale = (order: { status: number }) => order.status === 0 || order.status === 1;
const money = (value: number) => Math.round(value * 100) / 100;

export function inconsistencies(db: Db): string[] {
  const problems: string[] = [];
  const report = (rule: string, what: unknown) => {
    if (problems.filter((p) => p.startsWith(rule)).length < 3) problems.push(`${rule}: ${JSON.stringify(what)}`);
  };

  const offers = new Map(db.offers.all().map((offer) => [offer.id, offer]));
  const paymentsByOrder = new Map<number, Array<RecordOf<'payments'>>>();
  for (const payment of db.payments.all()) {
    const list = paymentsByOrder.get(payment.order_id);
    if (list) list.push(payment);
    else paymentsByOrder.set(payment.order_id, [payment]);
  }
  const reviews = new Map(db.reviews.all().map((review) => [review.order_id, review]));
  const soldUnits = new Map<number, number>();

  for (const order of db.orders.all()) {
    const lines = order.offersOrdered;
    if (order.total_quantity !== lines.reduce((sum, l) => sum + l.quantityOrdered, 0)) report('order quantity', order.id);
    if (Math.abs(order.total_price - lines.reduce((sum, l) => sum + l.quantityOrdered * l.offer.unit_price, 0)) > 0.005) report('order price', order.id);
    for (const line of lines) {
      const offer = offers.get(line.offer.id);
      if (!offer || offer.store_id !== order.store_id) {
        report('order line offer', { order: order.id, offer: line.offer.id });
        continue;
      }
      if (offer.name !== line.offer.name || offer.unit_price !== line.offer.unit_price) report('order line copy', { order: order.id, offer: offer.id });
      if (order.date < offer.order_date_from || order.date >= offer.order_date_to) report('order outside its offer window', { order: order.id, offer: offer.id });
      if (isSale(order)) soldUnits.set(offer.id, (soldUnits.get(offer.id) ?? 0) + line.quantityOrdered);
    }
    const payments = paymentsByOrder.get(order.id) ?? [];
    if (payments.length !== 1 || payments[0].amount !== order.total_price || payments[0].store_id !== order.store_id) report('payment', order.id);
    const payment = payments[0]?.status;
    if (order.status === 1 && payment !== 'completed') report('picked-up order not paid', order.id);
    if (order.status >= 2 && payment !== 'canceled' && payment !== 'rejected') report('cancelled order still paid', order.id);
    // pickup_date is the pickup time (spec section 4): when it was picked up (1); while it waits (0),
    // the end of its pickup window; none once cancelled.
    if (order.status === 1 && order.pickup_date === null) report('picked up without a pickup date', order.id);
    if (order.status === 0 && order.pickup_date !== order.pickup_until) report('waiting order not due by its window end', order.id);
    if (order.status >= 2 && order.pickup_date !== null) report('pickup date of a cancelled order', order.id);

    const review = reviews.get(order.id);
    if (order.rating > 0) {
      if (order.status !== 1 || order.review_date === null || order.pickup_date === null || order.review_date <= order.pickup_date) report('rating before pickup', order.id);
      const expected = { store_id: order.store_id, rating: order.rating, date: order.review_date, review: order.review ?? '', total_price_bt: order.total_price_bt, total_quantity: order.total_quantity };
      if (!review || Object.entries(expected).some(([field, value]) => review[field as keyof typeof review] !== value)) report('review differs from its order', order.id);
    } else if (review) {
      report('review of an unrated order', order.id);
    }
    if (money(order.total_price_bt) !== order.total_price_bt || money(order.total_price) !== order.total_price) report('order money not in cents', order.id);
  }
  const orderIds = new Set(db.orders.all().map((order) => order.id));
  for (const review of db.reviews.all()) if (!orderIds.has(review.order_id)) report('review without an order', review.order_id);

  for (const offer of offers.values()) {
    if (offer.unit_price < offer.origin_price * 0.45) report('offer below 45 % of its price', offer.id);
    if (offer.discount !== Math.round(((offer.origin_price - offer.unit_price) / offer.origin_price) * 100)) report('offer discount', offer.id);
    if (offer.quantity_left !== offer.quantity - (soldUnits.get(offer.id) ?? 0)) report('offer quantity_left', offer.id);
  }
  return problems;
}

/** Stops, pickup locations and rounds stay this close to their store (km). */
const NEIGHBOURHOOD_KM = 3;

function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  // Equirectangular: exact enough within a city, and independent of the handlers' haversine.
  const rad = Math.PI / 180;
  const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.hypot(x, y) * 6371;
}

/**
 * The rules a store's trucks, pickup locations and deliveries keep, as of `now` (unix ms): every
 * record belongs to an existing store and sits near it; trucks and pickup locations are what the
 * console's own forms would accept; a delivery's truck and status fit each other and the clock;
 * a truck's round never carries more than the truck holds.
 */
export function logisticsInconsistencies(db: Db, now: number): string[] {
  const problems: string[] = [];
  const report = (rule: string, what: unknown) => {
    if (problems.filter((p) => p.startsWith(rule)).length < 3) problems.push(`${rule}: ${JSON.stringify(what)}`);
  };
  const nowS = Math.floor(now / 1000);
  const stores = new Map(db.stores.all().map((store) => [store.id, store]));
  const doorOf = (storeId: number) => {
    const store = stores.get(storeId);
    return store && { lat: store.address_lat ?? store.lat, lon: store.address_lon ?? store.lon };
  };

  const trucks = new Map<string, RecordOf<'trucks'>>();
  const plates = new Set<string>();
  for (const truck of db.trucks.all()) {
    if (!stores.has(truck.store_id)) report('truck without a store', truck.id);
    if (!TruckInputSchema.safeParse(truck).success) report('truck the form would refuse', truck.id);
    const plate = `${truck.store_id} ${truck.plate.replace(/[\s-]/g, '')}`;
    if (plates.has(plate)) report('plate twice in a store', truck.plate);
    plates.add(plate);
    const key = `${truck.store_id} ${truck.name}`;
    if (trucks.has(key)) report('truck name twice in a store', truck.name);
    trucks.set(key, truck);
  }

  for (const location of db.pickupLocations.all()) {
    const door = doorOf(location.store_id);
    if (!door) report('pickup location without a store', location.id);
    else if (kmBetween(door, location) > NEIGHBOURHOOD_KM) report('pickup location far from its store', location.id);
    if (!PickupLocationInputSchema.safeParse(location).success || !isCountryCode(location.country)) report('pickup location the form would refuse', location.id);
  }

  const loads = new Map<string, number>();
  const codes = new Set<string>();
  for (const delivery of db.deliveries.all()) {
    const door = doorOf(delivery.store_id);
    if (!door) report('delivery without a store', delivery.id);
    else if (kmBetween(door, delivery) > NEIGHBOURHOOD_KM) report('delivery far from its store', delivery.id);
    if (!/^\S.* (Morning|Evening) \d{3}$/.test(delivery.pickup_code)) report('pickup code not "{area} {slot} {n}"', delivery.pickup_code);
    const code = `${delivery.store_id} ${delivery.pickup_code.split(' ').at(-1)}`;
    if (codes.has(code)) report('pickup number twice in a store', delivery.pickup_code);
    codes.add(code);

    const truck = trucks.get(`${delivery.store_id} ${delivery.delivery_truck}`);
    const status = delivery.delivery_status;
    if ((status === 'pending') !== (delivery.delivery_truck === '')) report('a truck on a pending delivery, or none on another', delivery.id);
    if (status === 'assigned' && truck?.status !== 'active') report('assigned to a truck that does not drive', delivery.id);
    const done = status === 'delivered' || status === 'rejected';
    if (done !== delivery.delivery_date <= nowS) report('status against the clock', { id: delivery.id, status });
    if (truck) {
      const round = `${truck.id} ${new Date(delivery.delivery_date * 1000).toDateString()}`;
      const load = (loads.get(round) ?? 0) + delivery.delivery_packages;
      loads.set(round, load);
      if (load > truck.capacity) report('round over its truck’s capacity', round);
    }
  }
  return problems;
}
