import fc from 'fast-check';
import type { Account } from '../../src/api/accounts';
import type { PagedList } from '../../src/api/codecs';
import type { Offer } from '../../src/api/offers';
import type { Order } from '../../src/api/orders';
import type { OrdersSync } from '../../src/api/crm-sync';
import type { Template } from '../../src/api/templates';
import { DELIVERY_STATUSES, TRUCK_STATUSES, type Delivery, type PickupLocation, type Truck } from '../../src/api/logistics';
import type { LookupOption, Lookups } from '../../src/api/lookups';
import type { Language, SessionUser } from '../../src/api/session';
import { withoutApiKey, type HomeData, type Review, type StoreNotification, type StoreProfile } from '../../src/api/stores';
import type { DeliveriesFilter, DomainEvent, DomainEventType, EventOf } from '../../src/machines/journal/events';

/**
 * fast-check arbitraries for every domain event, with payloads the api schemas accept. Ids come
 * from small ranges on purpose: generated sequences then hit the interesting cases (a profile for
 * the signed-in store, reading a notification that exists, switching back to a known store).
 * Numbers are integers or finite doubles without -0, so events survive a JSON round trip as is.
 */

/** fc.record with ordinary objects: its default also makes null-prototype ones, which no JSON event is. */
function record<T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }): fc.Arbitrary<T> {
  return fc.record(model, { noNullPrototype: true }) as fc.Arbitrary<T>;
}

const at = fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 });
const storeId = fc.integer({ min: 1, max: 3 });
const smallId = fc.integer({ min: 1, max: 6 });
const count = fc.integer({ min: 0, max: 500 });
const text = fc.string({ maxLength: 12 });
const words = fc.string({ minLength: 1, maxLength: 12 });
const language: fc.Arbitrary<Language> = fc.constantFrom('en', 'es');
const role = fc.constantFrom('OPERATOR', 'MANAGER', 'ADMIN');
const email = fc.constantFrom('ana@store.test', 'luis@store.test', 'eva@store.test');
/** A finite double that is never -0 (JSON would turn it into 0). */
const real = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => n + 0);
const latitude = real(-90, 90);
const longitude = real(-180, 180);

export const sessionUserArbitrary: fc.Arbitrary<SessionUser> = fc
  .record({
    id: smallId,
    email,
    name: words,
    roles: fc.uniqueArray(role, { minLength: 1, maxLength: 3 }),
    storeId,
    language,
    lat: latitude,
    lon: longitude,
  })
  .map((u) => ({
    operator: {
      id: u.id,
      email: u.email,
      name_op: u.name,
      phone: '+34 600 000 000',
      role: u.roles[0],
      rolesList: { roles: u.roles },
      currentAccount: u.storeId,
      preferences: { language: u.language },
    },
    store: { id: u.storeId, name: u.name, lat: u.lat, lon: u.lon },
  }));

export const notificationArbitrary: fc.Arbitrary<StoreNotification> = record({
  id: smallId,
  type: fc.constantFrom('order', 'user', 'project', 'feature'),
  title: text,
  created_at: at,
  click_action: fc.constantFrom('/orders', '/offers', '/profile'),
  read: fc.boolean(),
});

export const storeProfileArbitrary: fc.Arbitrary<StoreProfile> = fc
  .record({
    id: storeId,
    name: words,
    lat: latitude,
    lon: longitude,
    acceptDate: fc.option(at, { nil: null }),
    notifications: fc.uniqueArray(notificationArbitrary, { maxLength: 4, selector: (n) => n.id }),
    color: fc.constantFrom('#112233', '#AABBCC', '#00ff00'),
  })
  .map(({ id, name, lat, lon, acceptDate, notifications, color }) => ({
    id,
    name,
    description: '',
    email: 'store@store.test',
    phone: '+34 600 000 000',
    address: { address_print: 'Calle Mayor 1', city: 'Madrid', country: 'ES', postal_code: '28013' },
    address_lat: lat,
    address_lon: lon,
    lat,
    lon,
    avatar: `https://img.test/${id}.png`,
    logo: '',
    cover: '',
    devicesAllowed: 2,
    devices: [],
    apiKey: 'key',
    sms_send: false,
    sms_text: '',
    color,
    special_terms: { text: 'Terms', accept_date: acceptDate },
    notifications,
  }));

const reviewArbitrary: fc.Arbitrary<Review> = record({
  order_id: smallId,
  rating: fc.integer({ min: 0, max: 5 }),
  date: at,
  description: text,
  review: text,
  total_price_bt: real(0, 500),
  total_quantity: count,
  category: text,
});

export const homeDataArbitrary: fc.Arbitrary<HomeData> = record({
  offers_qty: count,
  today_sales: real(0, 10_000),
  received_orders: count,
  pickedup_orders: count,
  current_Offers: count,
  rating: real(0, 5),
  rating_qty: count,
  reviews: fc.array(reviewArbitrary, { maxLength: 3 }),
  annual_income: real(0, 1e6),
  new_customers: count,
  sales_ratio: real(0, 100),
  value: real(-1e6, 1e6),
  items_rescued: count,
});

export const accountArbitrary: fc.Arbitrary<Account> = record({
  id: smallId,
  store_id: storeId,
  store_name: words,
  kind: fc.constantFrom('operator', 'device'),
  holder: email,
});

const lookupOptions: fc.Arbitrary<LookupOption[]> = fc.array(record({ id: smallId, name: words }), { maxLength: 3 });
export const lookupsArbitrary: fc.Arbitrary<Lookups> = record({
  offer_type: lookupOptions,
  dietary_fit: lookupOptions,
  cuisine_type: lookupOptions,
  business_type: lookupOptions,
});

export const offerArbitrary: fc.Arbitrary<Offer> = fc
  .record({ id: smallId, name: words, quantity: count, left: count, status: fc.constantFrom(0, 1), price: real(0.5, 20), at, store: storeId })
  .map((o) => ({
    id: o.id,
    name: o.name,
    store_id: o.store,
    quantity: o.quantity,
    quantity_left: Math.min(o.left, o.quantity),
    status: o.status,
    offer_status: 1,
    repeat_on_days: [],
    media: [],
    audit_creation_date: o.at,
    audit_update_date: o.at,
    order_date_from: o.at,
    order_date_to: o.at + 3_600_000,
    pickup_date_from: o.at + 3_600_000,
    pickup_date_to: o.at + 7_200_000,
    lat: 39.47,
    lon: -0.37,
    unit_price: o.price,
    origin_price: o.price * 2,
    discount: 50,
    origin: 'offer' as const,
    template_id: null,
    offer_type: [],
    dietary_fit: [],
    cuisine_type: [],
    business_type: [],
  }));

const offersPageArbitrary: fc.Arbitrary<PagedList<Offer>> = fc
  .uniqueArray(offerArbitrary, { maxLength: 4, selector: (o) => o.id })
  .map((data) => ({ data, limit: 10, offset: 0, total: data.length }));

export const templateArbitrary: fc.Arbitrary<Template> = fc
  .record({ offer: offerArbitrary, days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }), quantity: count })
  .map(({ offer, days, quantity }) => {
    const { id, name, store_id, status, media, audit_creation_date, audit_update_date, ...embedded } = offer;
    return {
      id,
      name,
      store_id,
      repeat_on_days: days,
      template_quantity: quantity,
      media,
      status,
      audit_creation_date,
      audit_update_date,
      offer: { ...embedded, name, store_id, status: 1, media, audit_creation_date, audit_update_date, quantity: 0, quantity_left: 0, origin: 'template' as const },
    };
  });

const templatesPageArbitrary: fc.Arbitrary<PagedList<Template>> = fc
  .uniqueArray(templateArbitrary, { maxLength: 4, selector: (t) => t.id })
  .map((data) => ({ data, limit: 10, offset: 0, total: data.length }));

export const orderArbitrary: fc.Arbitrary<Order> = fc
  .record({ id: smallId, store: storeId, status: fc.integer({ min: 0, max: 4 }), at, price: real(0, 80), quantity: fc.integer({ min: 1, max: 6 }), name: words })
  .map((o) => ({
    id: o.id,
    store_id: o.store,
    status: o.status,
    date: o.at,
    pickup_date: o.status === 1 ? o.at + 3_600_000 : null,
    pickup_until: o.at + 7_200_000,
    total_price: o.price,
    total_price_bt: o.price,
    total_quantity: o.quantity,
    rating: 0,
    review: null,
    review_date: null,
    audit_creation_date: o.at,
    audit_update_date: o.at,
    store: { name: 'Bakery Sol', address: { address_print: 'Calle Mayor 1' } },
    consumer: { id: 1, name: o.name, email: 'eva@store.test', phone: '+34 600 000 000' },
    offersOrdered: [{ id: o.id * 10 + 1, quantityOrdered: o.quantity, offer: { id: 1, name: 'Bread bag', unit_price: o.price / o.quantity } }],
  }));

const ordersPageArbitrary: fc.Arbitrary<PagedList<Order>> = fc
  .uniqueArray(orderArbitrary, { maxLength: 4, selector: (o) => o.id })
  .map((data) => ({ data, limit: 10, offset: 0, total: data.length }));

const pickupStatusArbitrary = fc.constantFrom('PENDING', 'NON_PICKED_UP', 'PICKED_UP', 'CANCELLED_BY_CONSUMER', 'CANCELLED_BY_STORE', 'CANCELLED' as const);
const dayArbitrary = fc.option(fc.constantFrom('2026-11-15', '2026-11-20', '2026-11-22'), { nil: null });

const ordersFilterArbitrary = record({
  tab: fc.constantFrom('pending' as const, 'sold' as const),
  statuses: fc.uniqueArray(pickupStatusArbitrary, { maxLength: 3 }),
  from: dayArbitrary,
  to: dayArbitrary,
  search: fc.constantFrom('', 'ana', '#20001'),
  sort: fc.constantFrom('newest' as const, 'oldest' as const, 'pickup' as const),
});

const ordersSyncArbitrary: fc.Arbitrary<OrdersSync> = fc
  .record({ at, sent: fc.integer({ min: 0, max: 3 }), previous: fc.option(at, { nil: null }) })
  .map(({ at: syncedAt, sent, previous }) => ({
    synced_at: syncedAt,
    since: previous ?? 0,
    previous_synced_at: previous,
    sent,
    created: sent,
    updated: 0,
    orders: Array.from({ length: sent }, (_, i) => ({ order_id: 20001 + i, consumer_email: 'eva@store.test', total_price: 4.5, status: 1, action: 'created' as const })),
  }));

// --- deliveries (issue 7) ---
export const deliveryArbitrary: fc.Arbitrary<Delivery> = fc
  .record({
    id: smallId,
    store: storeId,
    status: fc.constantFrom(...DELIVERY_STATUSES),
    at,
    packages: fc.integer({ min: 0, max: 9 }),
    truck: fc.constantFrom('', 'Van 1', 'Van 2'),
    lat: latitude,
    lon: longitude,
    name: words,
  })
  .map((d) => ({
    id: d.id,
    store_id: d.store,
    pickup_code: `Centro Morning ${100 + d.id}`,
    order_address: 'Calle Mayor 1, Madrid',
    order_delivery_to: d.name,
    order_delivery_to_mail: 'eva@store.test',
    phone: '+34 600 000 000',
    delivery_driver_notes: 'Ring twice',
    delivery_notes: '',
    delivery_status: d.status,
    // Whole seconds, as the server's unix seconds become milliseconds.
    delivery_date: Math.floor(d.at / 1000) * 1000,
    delivery_packages: d.packages,
    delivery_truck: d.truck,
    lat: d.lat,
    lon: d.lon,
  }));

const deliveriesPageArbitrary: fc.Arbitrary<PagedList<Delivery>> = fc
  .uniqueArray(deliveryArbitrary, { maxLength: 4, selector: (d) => d.id })
  .map((data) => ({ data, limit: 12, offset: 0, total: data.length }));

const deliveriesFilterArbitrary: fc.Arbitrary<DeliveriesFilter> = record({
  status: fc.option(fc.constantFrom(...DELIVERY_STATUSES), { nil: null }),
  from: dayArbitrary,
  to: dayArbitrary,
  truck: fc.option(fc.constantFrom('Van 1', 'Van 2'), { nil: null }),
  text: fc.constantFrom('', 'ana', 'Centro'),
});

// --- trucks & pickups (issue 7) ---
const truckStatusArbitrary = fc.constantFrom(...TRUCK_STATUSES);

export const truckArbitrary: fc.Arbitrary<Truck> = record({
  id: smallId,
  store_id: storeId,
  name: fc.constantFrom('Van 1 (Centre)', 'Van 2', 'Cargo bike'),
  plate: fc.constantFrom('4821 LKM', '7315 JHB', 'M-CB-0417'),
  capacity: fc.integer({ min: 1, max: 999 }),
  driver_name: fc.constantFrom('', 'Rosa Beltrán'),
  driver_phone: fc.constantFrom('', '+34 622 871 045'),
  status: truckStatusArbitrary,
});

/** A whole list as GET /stores/trucks/{status} reads (spec section 7): limit 10, offset 0, total = its length. */
const trucksListArbitrary: fc.Arbitrary<PagedList<Truck>> = fc
  .uniqueArray(truckArbitrary, { maxLength: 4, selector: (t) => t.id })
  .map((data) => ({ data, limit: 10, offset: 0, total: data.length }));

export const pickupArbitrary: fc.Arbitrary<PickupLocation> = record({
  id: smallId,
  store_id: storeId,
  name: fc.constantFrom('Mercat Central, stall 212', 'Ruzafa collection point', 'Campus lockers'),
  address: fc.constantFrom('Carrer de Sueca 27, 46006 València', 'Rua de Santa Catarina 10, Porto'),
  country: fc.constantFrom('ES', 'PT'),
  lat: latitude,
  lon: longitude,
  opening_hours: fc.constantFrom('', 'Mon–Fri 09:00–20:00'),
  contact_name: fc.constantFrom('', 'Lola Sanz'),
  contact_phone: fc.constantFrom('', '+34 611 402 918'),
});

const pickupsListArbitrary: fc.Arbitrary<PagedList<PickupLocation>> = fc
  .uniqueArray(pickupArbitrary, { maxLength: 4, selector: (p) => p.id })
  .map((data) => ({ data, limit: 10, offset: 0, total: data.length }));

/** Sign-ups: two addresses, so sequences mix the same e-mail's flags with another's. */
const newStoreEmail = fc.constantFrom('new@bakery.test', 'other@bakery.test');

/** One arbitrary per event type; the mapped type makes a new event type a compile error here. */
export const eventArbitraries: { [K in DomainEventType]: fc.Arbitrary<EventOf<K>> } = {
  'session.signedIn': record({
    type: fc.constant('session.signedIn'),
    at,
    user: sessionUserArbitrary,
    via: fc.constantFrom('password', 'provider', 'restored'),
  }),
  'session.resuming': record({ type: fc.constant('session.resuming'), at, user: sessionUserArbitrary }),
  'session.notResumed': record({ type: fc.constant('session.notResumed'), at }),
  'session.refreshed': record({ type: fc.constant('session.refreshed'), at }),
  'session.signInFailed': record({
    type: fc.constant('session.signInFailed'),
    at,
    email,
    reason: fc.constantFrom('credentials', 'unavailable'),
  }),
  'session.signedOut': record({ type: fc.constant('session.signedOut'), at, reason: fc.constantFrom('user', 'expired') }),
  'session.roleSwitched': record({ type: fc.constant('session.roleSwitched'), at, role }),
  'store.switched': record({ type: fc.constant('store.switched'), at, fromStoreId: storeId, toStoreId: storeId }),
  'store.profileLoaded': record({ type: fc.constant('store.profileLoaded'), at, profile: storeProfileArbitrary.map(withoutApiKey) }),
  'store.profileSaved': record({ type: fc.constant('store.profileSaved'), at, profile: storeProfileArbitrary.map(withoutApiKey) }),
  'store.mediaSaved': record({
    type: fc.constant('store.mediaSaved'),
    at,
    storeId,
    avatar: fc.constantFrom('', 'data:image/jpeg;base64,AAAA'),
    logo: fc.constantFrom('', 'data:image/jpeg;base64,BBBB'),
    cover: fc.constantFrom('', 'data:image/jpeg;base64,CCCC'),
  }),
  'store.termsAccepted': record({ type: fc.constant('store.termsAccepted'), at, storeId, acceptDate: at }),
  'store.devicesChanged': record({
    type: fc.constant('store.devicesChanged'),
    at,
    storeId,
    devicesAllowed: fc.integer({ min: 0, max: 10 }),
    devices: fc.array(record({ id: fc.integer({ min: 1, max: 99 }), name: fc.constantFrom('Counter tablet', 'Scanner'), model: fc.constantFrom('TC22', 'Tab A9'), registered_at: at }), { maxLength: 3 }),
  }),
  'store.apiKeyRenewed': record({ type: fc.constant('store.apiKeyRenewed'), at, storeId }),
  'store.billingSaved': record({
    type: fc.constant('store.billingSaved'),
    at,
    billing: record({
      store_id: storeId,
      legal_name: fc.constantFrom('Forn, S.L.', 'Obrador, S.L.'),
      tax_id: fc.constant('B68983329'),
      billing_email: fc.constant('billing@store.test'),
      address_print: fc.constant('Plaça del Mercat 34'),
      city: fc.constant('València'),
      postal_code: fc.constant('46001'),
      country: fc.constant('ES'),
      iban: fc.constant('ES04 3058 6118 2607 5468 8919'),
      invoice_frequency: fc.constantFrom('weekly' as const, 'monthly' as const),
    }),
  }),
  'operator.profileSaved': record({ type: fc.constant('operator.profileSaved'), at, operator: sessionUserArbitrary.map((u) => u.operator) }),
  'store.homeLoaded': record({ type: fc.constant('store.homeLoaded'), at, home: homeDataArbitrary }),
  'accounts.loaded': record({ type: fc.constant('accounts.loaded'), at, accounts: fc.array(accountArbitrary, { maxLength: 4 }) }),
  'lookups.loaded': record({ type: fc.constant('lookups.loaded'), at, lang: language, lookups: lookupsArbitrary }),
  'notifications.read': record({ type: fc.constant('notifications.read'), at, ids: fc.uniqueArray(smallId, { maxLength: 3 }) }),
  'notifications.received': record({ type: fc.constant('notifications.received'), at, notification: notificationArbitrary }),
  'preferences.languageChanged': record({ type: fc.constant('preferences.languageChanged'), at, language }),
  'consent.given': record({ type: fc.constant('consent.given'), at }),
  'page.viewed': record({ type: fc.constant('page.viewed'), at, path: fc.constantFrom('/', '/offers', '/orders'), title: text }),
  'offers.loaded': record({ type: fc.constant('offers.loaded'), at, filter: fc.constantFrom('all', 'active'), page: offersPageArbitrary }),
  'offer.saved': record({ type: fc.constant('offer.saved'), at, offer: offerArbitrary }),
  'offer.deleted': record({ type: fc.constant('offer.deleted'), at, id: smallId }),
  'offer.deleteRefused': record({ type: fc.constant('offer.deleteRefused'), at, offer: offerArbitrary, index: fc.integer({ min: 0, max: 4 }) }),
  'orders.loaded': record({ type: fc.constant('orders.loaded'), at, filter: ordersFilterArbitrary, page: ordersPageArbitrary }),
  'order.statusChanged': record({ type: fc.constant('order.statusChanged'), at, order: orderArbitrary, status: fc.constantFrom(0, 1) }),
  'order.cancelled': record({ type: fc.constant('order.cancelled'), at, order: orderArbitrary }),
  'order.changeRefused': record({
    type: fc.constant('order.changeRefused'),
    at,
    order: orderArbitrary,
    attempted: fc.constantFrom(0, 1, 3),
  }),
  'orders.synchronized': record({ type: fc.constant('orders.synchronized'), at, sync: ordersSyncArbitrary }),
  'offer.statusChanged': record({ type: fc.constant('offer.statusChanged'), at, id: smallId, status: fc.constantFrom(0, 1) }),
  'templates.loaded': record({
    type: fc.constant('templates.loaded'),
    at,
    filter: fc.constantFrom('all', 'recurring'),
    search: fc.constantFrom('', 'bread'),
    page: templatesPageArbitrary,
  }),
  'template.saved': record({ type: fc.constant('template.saved'), at, template: templateArbitrary }),
  'template.deleted': record({ type: fc.constant('template.deleted'), at, id: smallId }),
  'template.deleteRefused': record({ type: fc.constant('template.deleteRefused'), at, template: templateArbitrary, index: fc.integer({ min: 0, max: 4 }) }),
  'template.statusChanged': record({ type: fc.constant('template.statusChanged'), at, id: smallId, status: fc.constantFrom(0, 1) }),
  // --- deliveries (issue 7) ---
  'deliveries.loaded': record({ type: fc.constant('deliveries.loaded'), at, filter: deliveriesFilterArbitrary, page: deliveriesPageArbitrary }),
  'deliveries.todayLoaded': record({
    type: fc.constant('deliveries.todayLoaded'),
    at,
    day: fc.constantFrom('2026-11-21', '2026-11-22'),
    deliveries: fc.uniqueArray(deliveryArbitrary, { maxLength: 4, selector: (d) => d.id }),
  }),
  // --- trucks & pickups (issue 7) ---
  'trucks.loaded': record({ type: fc.constant('trucks.loaded'), at, status: truckStatusArbitrary, search: fc.constantFrom('', 'van'), page: trucksListArbitrary }),
  'truck.saved': record({ type: fc.constant('truck.saved'), at, truck: truckArbitrary }),
  'truck.deleted': record({ type: fc.constant('truck.deleted'), at, id: smallId }),
  'pickups.loaded': record({ type: fc.constant('pickups.loaded'), at, search: fc.constantFrom('', 'lola'), page: pickupsListArbitrary }),
  'pickup.saved': record({ type: fc.constant('pickup.saved'), at, pickup: pickupArbitrary }),
  'pickup.deleted': record({ type: fc.constant('pickup.deleted'), at, id: smallId }),
  // --- registration (issue 8) ---
  'registration.emailSent': record({ type: fc.constant('registration.emailSent'), at, email: newStoreEmail, resend: fc.boolean() }),
  'registration.verified': record({ type: fc.constant('registration.verified'), at, email: newStoreEmail }),
  'registration.verificationFailed': record({ type: fc.constant('registration.verificationFailed'), at, email: newStoreEmail }),
};

export const domainEventTypes = Object.keys(eventArbitraries) as DomainEventType[];

/**
 * Any domain event. Sign-out resets everything, so it is made rarer than the rest; otherwise most
 * sequences would end close to the initial state and prove little.
 */
export const domainEventArbitrary: fc.Arbitrary<DomainEvent> = fc.oneof(
  ...domainEventTypes.map((type) => ({
    arbitrary: eventArbitraries[type] as fc.Arbitrary<DomainEvent>,
    weight: type === 'session.signedOut' ? 1 : 4,
  })),
);

export const domainEventsArbitrary = (options: { maxLength?: number } = {}) =>
  fc.array(domainEventArbitrary, { maxLength: options.maxLength ?? 40 });
