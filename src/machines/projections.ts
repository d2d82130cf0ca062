import type { Account } from '../api/accounts';
import type { Lookups } from '../api/lookups';
import type { PagedList } from '../api/codecs';
import type { Offer } from '../api/offers';
import type { Template } from '../api/templates';
import type { Language, SessionUser } from '../api/session';
import type { HomeData, StoreNotification, StoreProfile } from '../api/stores';
import { GUEST_ROLE } from '../lib/constants';
import type { TemplatesFilter } from './events';
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
};
export type ProjectionDefinitions = typeof projectionDefinitions;
export type ProjectionName = keyof ProjectionDefinitions;
export type ProjectionState = {
  [K in ProjectionName]: ProjectionDefinitions[K] extends { initial: infer C } ? C : never;
};
