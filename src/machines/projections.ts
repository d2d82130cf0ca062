import type { Account } from '../api/accounts';
import type { Lookups } from '../api/lookups';
import type { Offer } from '../api/offers';
import type { Language, SessionUser } from '../api/session';
import type { HomeData, StoreNotification, StoreProfile } from '../api/stores';
import { GUEST_ROLE } from '../lib/constants';
import { defineProjection } from './projection';

export interface SessionView {
  user: SessionUser | null;
  /** A failed sign-in leaves a guest with an error flag (spec section 4). */
  guest: { role: typeof GUEST_ROLE; error: true; email: string; reason: 'credentials' | 'unavailable' } | null;
  signedInAt: number | null;
  refreshedAt: number | null;
}

export const sessionProjection = defineProjection<SessionView>({
  name: 'session',
  initial: { user: null, guest: null, signedInAt: null, refreshedAt: null },
  on: {
    'session.signedIn': (_, event) => ({ user: event.user, guest: null, signedInAt: event.at, refreshedAt: null }),
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
    'store.profileLoaded': (view, event) =>
      view.user && view.user.store.id === event.profile.id
        ? {
            ...view,
            user: {
              ...view.user,
              store: { ...view.user.store, name: event.profile.name, lat: event.profile.lat, lon: event.profile.lon, avatar: event.profile.avatar },
            },
          }
        : view,
  },
});

export interface StoreView {
  profile: StoreProfile | null;
  home: HomeData | null;
}

export const storeProjection = defineProjection<StoreView>({
  name: 'store',
  initial: { profile: null, home: null },
  on: {
    'store.profileLoaded': (view, event) => ({ ...view, profile: event.profile }),
    'store.homeLoaded': (view, event) => ({ ...view, home: event.home }),
    'store.switched': () => ({ profile: null, home: null }),
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
    'preferences.languageChanged': (view, event) => ({ ...view, language: event.language }),
    'consent.given': (view) => ({ ...view, cookieConsent: true }),
  },
});

export interface OffersView {
  filter: 'all' | 'active';
  items: Offer[];
  limit: number;
  offset: number;
  total: number;
  /** False until a page arrived: the list shows skeletons, not "no offers". */
  loaded: boolean;
}

export const offersProjection = defineProjection<OffersView>({
  name: 'offers',
  initial: { filter: 'all', items: [], limit: 10, offset: 0, total: 0, loaded: false },
  on: {
    'offers.loaded': (_, event) => ({
      filter: event.filter,
      items: event.page.data,
      limit: event.page.limit,
      offset: event.page.offset,
      total: event.page.total,
      loaded: true,
    }),
    'offer.saved': (view, event) => ({
      ...view,
      items: view.items.some((o) => o.id === event.offer.id)
        ? view.items.map((o) => (o.id === event.offer.id ? event.offer : o))
        : view.items,
    }),
    'offer.deleted': (view, event) =>
      view.items.some((o) => o.id === event.id)
        ? { ...view, items: view.items.filter((o) => o.id !== event.id), total: Math.max(0, view.total - 1) }
        : view,
    'offer.deleteRefused': (view, event) =>
      view.items.some((o) => o.id === event.offer.id)
        ? view
        : {
            ...view,
            items: [...view.items.slice(0, event.index), event.offer, ...view.items.slice(event.index)],
            total: view.total + 1,
          },
    'offer.statusChanged': (view, event) => ({
      ...view,
      items: view.items.map((o) => (o.id === event.id ? { ...o, status: event.status } : o)),
    }),
    'store.switched': () => ({ filter: 'all', items: [], limit: 10, offset: 0, total: 0, loaded: false }),
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
};
export type ProjectionDefinitions = typeof projectionDefinitions;
export type ProjectionName = keyof ProjectionDefinitions;
export type ProjectionState = {
  [K in ProjectionName]: ProjectionDefinitions[K] extends { initial: infer C } ? C : never;
};
