import type { Account } from '../../api/accounts';
import type { SignInFailureReason } from '../../api/identity';
import type { Lookups } from '../../api/lookups';
import type { PagedList } from '../../api/codecs';
import type { Offer } from '../../api/offers';
import type { Order } from '../../api/orders';
import type { OrdersSync } from '../../api/crm-sync';
import type { Delivery, PickupLocation, Truck, TruckStatus } from '../../api/logistics';
import type { Template } from '../../api/templates';
import type { Language, SessionUser } from '../../api/session';
import type { HomeData, JournalStoreProfile, StoreNotification } from '../../api/stores';
import { GUEST_ROLE } from '../../lib/constants';
import { sameValue } from '../../lib/same-value';
import { sameOperator } from '../../lib/operator-identity';
import { pickupDateAfter } from '../../lib/pickup-status';
import type { DeliveriesFilter, OrdersListFilter, TemplatesFilter } from './events';
import { defineProjection } from './projection';

export interface SessionView {
  user: SessionUser | null;
  /** A failed sign-in leaves a guest with an error flag (spec section 4). */
  guest: { role: typeof GUEST_ROLE; error: true; email: string; reason: SignInFailureReason } | null;
  signedInAt: number | null;
  refreshedAt: number | null;
}

export const sessionProjection = defineProjection<SessionView>({
  name: 'session',
  initial: { user: null, guest: null, signedInAt: null, refreshedAt: null },
  on: {
    // The remembered operator is usually the one who signs in: the same user object is kept, so
    // the shell (everything that reads the user) does not draw itself again for nothing.
    'session.signedIn': (view, event) => ({ user: sameValue(view.user, event.user) ? view.user : event.user, guest: null, signedInAt: event.at, refreshedAt: null }),
    // The remembered operator until the session is back (signedInAt stays null meanwhile).
    'session.resuming': (view, event) => ({ ...view, user: event.user }),
    'session.notResumed': (view) => ({ ...view, user: null }),
    'session.refreshed': (view, event) => ({ ...view, refreshedAt: event.at }),
    'session.signInFailed': (view, event) => ({
      ...view,
      user: null,
      guest: { role: GUEST_ROLE, error: true, email: event.email, reason: event.reason },
    }),
    'session.roleSwitched': (view, event) =>
      view.user ? { ...view, user: { ...view.user, operator: { ...view.user.operator, role: event.role } } } : view,
    'store.switched': (view, event) =>
      view.user ? { ...view, user: { ...view.user, operator: { ...view.user.operator, currentAccount: event.toStoreId } } } : view,
    'preferences.languageChanged': (view, event) =>
      view.user
        ? { ...view, user: { ...view.user, operator: { ...view.user.operator, preferences: { language: event.language } } } }
        : view,
    'store.profileLoaded': (view, event) => withStoreProfile(view, event.profile),
    'store.profileSaved': (view, event) => withStoreProfile(view, event.profile),
    'store.mediaSaved': (view, event) =>
      view.user && view.user.store.id === event.storeId ? { ...view, user: { ...view.user, store: { ...view.user.store, avatar: event.avatar } } } : view,
    'operator.profileSaved': (view, event) =>
      view.user && sameOperator(view.user.operator, event.operator)
        ? { ...view, user: { ...view.user, operator: { ...view.user.operator, ...event.operator, role: view.user.operator.role } } }
        : view,
  },
});

/** The session's store card (name, position, avatar) follows the store's profile. */
function withStoreProfile(view: SessionView, profile: JournalStoreProfile): SessionView {
  if (!view.user || view.user.store.id !== profile.id) return view;
  // The spec does not name the profile's store name ('' when the platform leaves it out): the
  // session's, which it does name, stays then.
  const store = { ...view.user.store, name: profile.name || view.user.store.name, lat: profile.lat, lon: profile.lon, avatar: profile.avatar };
  // Unchanged (the usual case when a page loads the profile it was signed in with): same view.
  if (sameValue(view.user.store, store)) return view;
  return { ...view, user: { ...view.user, store } };
}

/** Status codes that count as a sale (pending or picked up), as GET /stores/home counts them. */
const isSaleStatus = (status: number) => status === 0 || status === 1;
const ORDER_CANCELLED_BY_STORE = 3;

function sameLocalDay(a: number, b: number): boolean {
  const [x, y] = [new Date(a), new Date(b)];
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}

/**
 * The overview's figures after an order of today moved from status `from` to `to`: orders today
 * and sales today count sales (codes 0 and 1), picked up orders count code 1. Orders of other days
 * do not touch today's figures.
 */
function homeAfterChange(home: HomeData | null, order: Order, from: number, to: number, at: number): HomeData | null {
  if (!home || from === to || !sameLocalDay(order.date, at)) return home;
  const sale = Number(isSaleStatus(to)) - Number(isSaleStatus(from));
  const pickedUp = Number(to === 1) - Number(from === 1);
  return {
    ...home,
    received_orders: Math.max(0, home.received_orders + sale),
    today_sales: Math.max(0, Math.round((home.today_sales + sale * order.total_price) * 100) / 100),
    pickedup_orders: Math.max(0, home.pickedup_orders + pickedUp),
  };
}

export interface StoreView {
  profile: JournalStoreProfile | null;
  home: HomeData | null;
}

export const storeProjection = defineProjection<StoreView>({
  name: 'store',
  initial: { profile: null, home: null },
  on: {
    'store.profileLoaded': (view, event) => ({ ...view, profile: event.profile }),
    'store.profileSaved': (view, event) => ({ ...view, profile: event.profile }),
    'store.mediaSaved': (view, event) =>
      view.profile && view.profile.id === event.storeId
        ? { ...view, profile: { ...view.profile, avatar: event.avatar, logo: event.logo, cover: event.cover } }
        : view,
    'store.termsAccepted': (view, event) =>
      view.profile && view.profile.id === event.storeId
        ? { ...view, profile: { ...view.profile, special_terms: { ...view.profile.special_terms, accept_date: event.acceptDate } } }
        : view,
    'store.devicesChanged': (view, event) =>
      view.profile && view.profile.id === event.storeId ? { ...view, profile: { ...view.profile, devicesAllowed: event.devicesAllowed, devices: event.devices } } : view,
    'store.homeLoaded': (view, event) => ({ ...view, home: event.home }),
    'store.switched': () => ({ profile: null, home: null }),
    'order.statusChanged': (view, event) => ({ ...view, home: homeAfterChange(view.home, event.order, event.order.status, event.status, event.at) }),
    'order.cancelled': (view, event) => ({ ...view, home: homeAfterChange(view.home, event.order, event.order.status, ORDER_CANCELLED_BY_STORE, event.at) }),
    'order.changeRefused': (view, event) => ({ ...view, home: homeAfterChange(view.home, event.order, event.attempted, event.order.status, event.at) }),
  },
});

export interface AccountsView {
  accounts: Account[];
}

export const accountsProjection = defineProjection<AccountsView>({
  name: 'accounts',
  initial: { accounts: [] },
  on: {
    'accounts.loaded': (_, event) => ({ accounts: event.accounts }),
  },
});

export interface LookupsView {
  byLanguage: Partial<Record<Language, Lookups>>;
}

export const lookupsProjection = defineProjection<LookupsView>({
  name: 'lookups',
  initial: { byLanguage: {} },
  on: {
    'lookups.loaded': (view, event) => ({ byLanguage: { ...view.byLanguage, [event.lang]: event.lookups } }),
    'store.switched': () => ({ byLanguage: {} }),
  },
});

export interface NotificationsView {
  items: StoreNotification[];
}

const newestFirst = (a: StoreNotification, b: StoreNotification) => b.created_at - a.created_at || b.id - a.id;

export const notificationsProjection = defineProjection<NotificationsView>({
  name: 'notifications',
  initial: { items: [] },
  on: {
    'store.profileLoaded': (_, event) => ({ items: [...event.profile.notifications].sort(newestFirst) }),
    'notifications.received': (view, event) => ({
      items: [event.notification, ...view.items.filter((n) => n.id !== event.notification.id)].sort(newestFirst),
    }),
    'notifications.read': (view, event) => ({
      items: view.items.map((n) => (event.ids.includes(n.id) ? { ...n, read: true } : n)),
    }),
    'store.switched': () => ({ items: [] }),
  },
});

export interface PreferencesView {
  /** null: nobody chose yet; the UI then follows the operator's preference or the browser. */
  language: Language | null;
  cookieConsent: boolean;
}

export const preferencesProjection = defineProjection<PreferencesView>({
  name: 'preferences',
  initial: { language: null, cookieConsent: false },
  on: {
    'session.signedIn': (view, event) => ({ ...view, language: event.user.operator.preferences.language }),
    'session.resuming': (view, event) => ({ ...view, language: event.user.operator.preferences.language }),
    'preferences.languageChanged': (view, event) => ({ ...view, language: event.language }),
    'operator.profileSaved': (view, event) => ({ ...view, language: event.operator.preferences.language }),
    'consent.given': (view) => ({ ...view, cookieConsent: true }),
  },
});

// ---------------------------------------------------------------------------------------------
// Paged lists (offers, templates): one page as loaded, edited in place by the journal's facts.
// ---------------------------------------------------------------------------------------------

interface PagedView<T> {
  items: T[];
  limit: number;
  offset: number;
  total: number;
  /** False until a page arrived: the list shows skeletons, not "nothing here". */
  loaded: boolean;
}

/** The saved item replaces its row; a saved item not on this page leaves the page as it is. */
function replaced<T extends { id: number }, V extends PagedView<T>>(view: V, item: T): V {
  return view.items.some((i) => i.id === item.id) ? { ...view, items: view.items.map((i) => (i.id === item.id ? item : i)) } : view;
}

/** The row leaves the page at once (optimistic delete); the total follows. */
function withoutItem<T extends { id: number }, V extends PagedView<T>>(view: V, id: number): V {
  return view.items.some((i) => i.id === id) ? { ...view, items: view.items.filter((i) => i.id !== id), total: Math.max(0, view.total - 1) } : view;
}

/** A refused delete: the row comes back where it stood. */
function restored<T extends { id: number }, V extends PagedView<T>>(view: V, item: T, index: number): V {
  if (view.items.some((i) => i.id === item.id)) return view;
  return { ...view, items: [...view.items.slice(0, index), item, ...view.items.slice(index)], total: view.total + 1 };
}

/** A status change; untouched rows stay the same objects, so memoised rows do not re-render. */
function withStatus<T extends { id: number; status: number }, V extends PagedView<T>>(view: V, id: number, status: number): V {
  return { ...view, items: view.items.map((i) => (i.id === id ? { ...i, status } : i)) };
}

/**
 * Whether a paged view already shows exactly this page of this filter: a poll that answers the
 * same reaches neither the journal nor React.
 */
export function holdsPage<T, F>(view: PagedView<T> & { filter: F }, filter: F, page: PagedList<T>): boolean {
  return (
    view.loaded &&
    sameValue(view.filter, filter) &&
    view.limit === page.limit &&
    view.offset === page.offset &&
    view.total === page.total &&
    sameValue(view.items, page.data)
  );
}

const pageOf = <T,>(page: PagedList<T>) => ({ items: page.data, limit: page.limit, offset: page.offset, total: page.total, loaded: true });

export interface OffersView extends PagedView<Offer> {
  filter: 'all' | 'active';
}

const noOffers: OffersView = { filter: 'all', items: [], limit: 10, offset: 0, total: 0, loaded: false };

export const offersProjection = defineProjection<OffersView>({
  name: 'offers',
  initial: noOffers,
  on: {
    'offers.loaded': (_, event) => ({ filter: event.filter, ...pageOf(event.page) }),
    'offer.saved': (view, event) => replaced(view, event.offer),
    'offer.deleted': (view, event) => withoutItem(view, event.id),
    'offer.deleteRefused': (view, event) => restored(view, event.offer, event.index),
    'offer.statusChanged': (view, event) => withStatus(view, event.id, event.status),
    'store.switched': () => noOffers,
  },
});

export interface TemplatesView extends PagedView<Template> {
  filter: TemplatesFilter;
  /** The name search the page answers ('' for none). */
  search: string;
}

const noTemplates: TemplatesView = { filter: 'all', search: '', items: [], limit: 10, offset: 0, total: 0, loaded: false };

export const templatesProjection = defineProjection<TemplatesView>({
  name: 'templates',
  initial: noTemplates,
  on: {
    'templates.loaded': (_, event) => ({ filter: event.filter, search: event.search, ...pageOf(event.page) }),
    'template.saved': (view, event) => replaced(view, event.template),
    'template.deleted': (view, event) => withoutItem(view, event.id),
    'template.deleteRefused': (view, event) => restored(view, event.template, event.index),
    'template.statusChanged': (view, event) => withStatus(view, event.id, event.status),
    'store.switched': () => noTemplates,
  },
});

export interface OrdersView extends PagedView<Order> {
  filter: OrdersListFilter;
  /**
   * Rows a change took off this page, by order id, with the index each stood at: a refusal puts
   * back exactly these (an order refused elsewhere, e.g. on the order page, never lands on a page
   * it was not on).
   */
  takenFrom: Record<number, number>;
}

const noOrders: OrdersView = {
  filter: { tab: 'pending', statuses: [], from: null, to: null, search: '', sort: 'pickup' },
  items: [],
  limit: 10,
  offset: 0,
  total: 0,
  loaded: false,
  takenFrom: {},
};

/** Whether an order with this status code belongs in a tab: pending holds code 0, sold the rest. */
export const belongsToTab = (tab: OrdersListFilter['tab'], status: number) => (tab === 'pending' ? status === 0 : status !== 0);

/** An order whose status changed: it leaves a tab it no longer belongs to, or shows its new status. */
function withOrderStatus(view: OrdersView, order: Order, status: number, at: number): OrdersView {
  const index = view.items.findIndex((i) => i.id === order.id);
  if (index < 0) return view;
  if (!belongsToTab(view.filter.tab, status)) return { ...withoutItem(view, order.id), takenFrom: { ...view.takenFrom, [order.id]: index } };
  const pickup_date = pickupDateAfter(order, status, at);
  return { ...view, items: view.items.map((i) => (i.id === order.id ? { ...i, status, pickup_date } : i)) };
}

export const ordersProjection = defineProjection<OrdersView>({
  name: 'orders',
  initial: noOrders,
  on: {
    'orders.loaded': (_, event) => ({ filter: event.filter, ...pageOf(event.page), takenFrom: {} }),
    'order.statusChanged': (view, event) => withOrderStatus(view, event.order, event.status, event.at),
    'order.cancelled': (view, event) => withOrderStatus(view, event.order, ORDER_CANCELLED_BY_STORE, event.at),
    'order.changeRefused': (view, event) => {
      const { [event.order.id]: index, ...stillTaken } = view.takenFrom;
      if (index !== undefined) return { ...restored(view, event.order, index), takenFrom: stillTaken };
      return replaced(view, event.order);
    },
    'store.switched': () => noOrders,
  },
});

/** How many CRM synchronisation runs the Synchronization screen lists. */
export const CRM_SYNC_HISTORY = 10;

export interface CrmSyncView {
  /** This session's runs, newest first. */
  runs: OrdersSync[];
}

export const crmSyncProjection = defineProjection<CrmSyncView>({
  name: 'crmSync',
  initial: { runs: [] },
  on: {
    'orders.synchronized': (view, event) => ({ runs: [event.sync, ...view.runs].slice(0, CRM_SYNC_HISTORY) }),
    'store.switched': () => ({ runs: [] }),
  },
});

// --- deliveries ---

export interface DeliveriesView extends PagedView<Delivery> {
  filter: DeliveriesFilter;
}

const noDeliveries: DeliveriesView = { filter: { status: null, from: null, to: null, truck: null, text: '' }, items: [], limit: 12, offset: 0, total: 0, loaded: false };

/** The delivery orders list: the page on screen (nothing changes deliveries from the console). */
export const deliveriesProjection = defineProjection<DeliveriesView>({
  name: 'deliveries',
  initial: noDeliveries,
  on: {
    'deliveries.loaded': (_, event) => ({ filter: event.filter, ...pageOf(event.page) }),
    'store.switched': () => noDeliveries,
  },
});

export interface DeliveriesTodayView {
  /** The local day (YYYY-MM-DD) the deliveries are of; null before the first load. */
  day: string | null;
  /** Every delivery of that day, as the search answered them (newest delivery date first). */
  items: Delivery[];
}

const noDeliveriesToday: DeliveriesTodayView = { day: null, items: [] };

/** The delivery map's day. */
export const deliveriesTodayProjection = defineProjection<DeliveriesTodayView>({
  name: 'deliveriesToday',
  initial: noDeliveriesToday,
  on: {
    'deliveries.todayLoaded': (_, event) => ({ day: event.day, items: event.deliveries }),
    'store.switched': () => noDeliveriesToday,
  },
});

/** Whether the delivery map's projection already shows exactly these deliveries of this day. */
export function holdsDay(view: DeliveriesTodayView, day: string, deliveries: readonly Delivery[]): boolean {
  return view.day === day && sameValue(view.items, deliveries);
}

// --- trucks & pickups ---
// Both lists arrive whole (spec section 7: limit 10, offset 0, total = the list's length) and are
// paged on screen; a delete takes the row out at once (spec section 4), a save replaces it.

export interface TrucksView extends PagedView<Truck> {
  /** The status tab the list answers. */
  status: TruckStatus;
  /** The search it answers ('' for none). */
  search: string;
}

const noTrucks: TrucksView = { status: 'active', search: '', items: [], limit: 10, offset: 0, total: 0, loaded: false };

/** A saved truck replaces its row, or leaves a tab whose status it no longer has. */
function withSavedTruck(view: TrucksView, truck: Truck): TrucksView {
  return truck.status === view.status ? replaced(view, truck) : withoutItem(view, truck.id);
}

export const trucksProjection = defineProjection<TrucksView>({
  name: 'trucks',
  initial: noTrucks,
  on: {
    'trucks.loaded': (_, event) => ({ status: event.status, search: event.search, ...pageOf(event.page) }),
    'truck.saved': (view, event) => withSavedTruck(view, event.truck),
    'truck.deleted': (view, event) => withoutItem(view, event.id),
    'store.switched': () => noTrucks,
  },
});

export interface PickupsView extends PagedView<PickupLocation> {
  /** The search the list answers ('' for none). */
  search: string;
}

const noPickups: PickupsView = { search: '', items: [], limit: 10, offset: 0, total: 0, loaded: false };

export const pickupsProjection = defineProjection<PickupsView>({
  name: 'pickups',
  initial: noPickups,
  on: {
    'pickups.loaded': (_, event) => ({ search: event.search, ...pageOf(event.page) }),
    'pickup.saved': (view, event) => replaced(view, event.pickup),
    'pickup.deleted': (view, event) => withoutItem(view, event.id),
    'store.switched': () => noPickups,
  },
});

// --- registration ---

/**
 * The registration flags of spec section 3, for the e-mail they are about: the validation e-mail
 * went out (was_send_email_to_validate), the link was accepted (email_was_verified_ok) or refused
 * (email_was_verified_error). The sign-in page reads them to welcome a just-verified operator.
 */
export interface RegistrationView {
  email: string | null;
  was_send_email_to_validate: boolean;
  email_was_verified_ok: boolean;
  email_was_verified_error: boolean;
}

const noRegistration: RegistrationView = { email: null, was_send_email_to_validate: false, email_was_verified_ok: false, email_was_verified_error: false };

export const registrationProjection = defineProjection<RegistrationView>({
  name: 'registration',
  initial: noRegistration,
  on: {
    'registration.emailSent': (_, event) => ({ ...noRegistration, email: event.email, was_send_email_to_validate: true }),
    // The link's e-mail may differ from the one this tab signed up with (another tab, another day).
    'registration.verified': (view, event) => ({
      ...noRegistration,
      email: event.email,
      was_send_email_to_validate: view.email === event.email && view.was_send_email_to_validate,
      email_was_verified_ok: true,
    }),
    'registration.verificationFailed': (view, event) => ({
      ...noRegistration,
      email: event.email,
      was_send_email_to_validate: view.email === event.email && view.was_send_email_to_validate,
      email_was_verified_error: true,
    }),
  },
});

/** Every projection of the app. A new one is added here and is then journalled and replayed. */
export const projectionDefinitions = {
  session: sessionProjection,
  store: storeProjection,
  accounts: accountsProjection,
  lookups: lookupsProjection,
  notifications: notificationsProjection,
  preferences: preferencesProjection,
  offers: offersProjection,
  templates: templatesProjection,
  orders: ordersProjection,
  crmSync: crmSyncProjection,
  trucks: trucksProjection,
  pickups: pickupsProjection,
  deliveries: deliveriesProjection,
  deliveriesToday: deliveriesTodayProjection,
  registration: registrationProjection,
};
export type ProjectionDefinitions = typeof projectionDefinitions;
export type ProjectionName = keyof ProjectionDefinitions;
export type ProjectionState = {
  [K in ProjectionName]: ProjectionDefinitions[K] extends { initial: infer C } ? C : never;
};
