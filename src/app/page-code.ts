/**
 * The route table: every signed-in route, the screen it shows, its heading, and each screen's
 * code, in a module that imports nothing itself at run time (one dynamic import per screen). It
 * drives a route's cold load the same way for every route (decision 039):
 *
 * - the routes (src/app/routes.tsx) are built from it;
 * - the early fetch (src/early-fetch.ts), which runs before the console's entry has been evaluated
 *   and must stay small, asks for a remembered operator's page from it — session calls, shell,
 *   strings, Joy's theme and the route's own screen — all at once, from the first byte, and the
 *   first render waits for them (routes.tsx preloadSignedInPage), so the first frame is the screen;
 * - the shell's placeholder while a screen's code is still on its way (RouteFrame) shows the
 *   page's heading from it.
 *
 * The strings (src/i18n) and the session machine import their modules themselves, the same
 * modules: the layers below the app import no app code.
 */
import type { MessageKey } from '../i18n/en';

export const importShell = () => import('./shell/shell');
export const importOverviewScreen = () => import('../screens/overview/overview-screen');
/** Joy UI's theme module: the store's accent, light / dark, Joy's baseline (src/app/accent-theme.tsx). */
export const importJoyTheme = () => import('./accent-theme');
export const importConsoleStrings = () => import('../i18n/en-console');
export const importSessionCalls = () => import('../machines/session/session-calls');

/** Each signed-in screen's code. Every screen but the overview (plain UI, decision 020) is drawn with Joy. */
export const screenCode = {
  overview: importOverviewScreen,
  offers: () => import('../screens/offers/offers-screen'),
  offerForm: () => import('../screens/offers/offer-form-screen'),
  templates: () => import('../screens/templates/templates-screen'),
  templateForm: () => import('../screens/templates/template-form-screen'),
  orders: () => import('../screens/orders/orders-screen'),
  order: () => import('../screens/orders/order-screen'),
  trucks: () => import('../screens/trucks/trucks-screen'),
  truckForm: () => import('../screens/trucks/truck-form-screen'),
  pickups: () => import('../screens/pickups/pickups-screen'),
  pickupForm: () => import('../screens/pickups/pickup-form-screen'),
  accounts: () => import('../screens/accounts/accounts-screen'),
  deliveries: () => import('../screens/deliveries/deliveries-screen'),
  delivery: () => import('../screens/deliveries/delivery-screen'),
  deliveryMap: () => import('../screens/deliveries/delivery-map-screen'),
  synchronization: () => import('../screens/sync/synchronization-screen'),
  management: () => import('../screens/dashboards/management-screen'),
  reviews: () => import('../screens/reviews/reviews-screen'),
  reviewDetail: () => import('../screens/reviews/review-detail-screen'),
  summary: () => import('../screens/summary/summary-screen'),
  profile: () => import('../screens/profile/profile-screen'),
  settings: () => import('../screens/settings/settings-screen'),
};

export type ScreenName = keyof typeof screenCode;

export interface SignedInRoute {
  /** A react-router path: static segments and `:param` segments. */
  path: string;
  screen: ScreenName;
  /**
   * The page's heading, as its screen writes it (`{id}`: the path's `:id`): the shell's placeholder
   * shows it while the screen's code is on its way (RouteFrame, src/app/shell).
   */
  titleKey: MessageKey;
  /** A `:tab` whose screen has a heading of its own (counter mode). */
  tabTitles?: Readonly<Record<string, MessageKey>>;
  /** Only for the settings roles (spec section 2); the others are open to every store role. */
  settingsOnly?: true;
}

/** Every signed-in route of spec section 2 that shows a screen (the redirects are in routes.tsx). */
export const SIGNED_IN_ROUTES: readonly SignedInRoute[] = [
  { path: '/overview', screen: 'overview', titleKey: 'page.overview' },
  { path: '/operations/offers', screen: 'offers', titleKey: 'page.offers' },
  { path: '/operations/offers/create', screen: 'offerForm', titleKey: 'page.offerCreate' },
  { path: '/operations/offers/:tab/:id', screen: 'offerForm', titleKey: 'page.offerEdit' },
  { path: '/operations/templates', screen: 'templates', titleKey: 'page.templates' },
  { path: '/operations/templates/filter/:tab', screen: 'templates', titleKey: 'page.templates' },
  { path: '/operations/templates/create', screen: 'templateForm', titleKey: 'page.templateCreate' },
  { path: '/operations/templates/:tab/:id', screen: 'templateForm', titleKey: 'page.templateEdit' },
  { path: '/operations/orders/:tab', screen: 'orders', titleKey: 'page.orders', tabTitles: { counter: 'page.counter' } },
  { path: '/operations/orders/filter/:tab', screen: 'orders', titleKey: 'page.orders' },
  { path: '/operations/order/:id', screen: 'order', titleKey: 'page.order' },
  { path: '/trucks/:tab', screen: 'trucks', titleKey: 'page.trucks' },
  { path: '/truck/create', screen: 'truckForm', titleKey: 'page.truckCreate' },
  { path: '/truck/edit/:id', screen: 'truckForm', titleKey: 'page.truckEdit' },
  { path: '/pickups', screen: 'pickups', titleKey: 'page.pickups' },
  { path: '/pickup/create', screen: 'pickupForm', titleKey: 'page.pickupCreate' },
  { path: '/pickup/edit/:id', screen: 'pickupForm', titleKey: 'page.pickupEdit' },
  { path: '/accounts', screen: 'accounts', titleKey: 'page.accounts' },
  { path: '/delivery-orders', screen: 'deliveries', titleKey: 'page.deliveryOrders' },
  { path: '/delivery-order/:id', screen: 'delivery', titleKey: 'page.deliveryOrder' },
  { path: '/delivery-order/:id/:tab', screen: 'delivery', titleKey: 'page.deliveryOrder' },
  { path: '/delivery-map', screen: 'deliveryMap', titleKey: 'page.deliveryMap' },
  { path: '/synchronization', screen: 'synchronization', titleKey: 'page.synchronization' },
  { path: '/dashboards/default', screen: 'management', titleKey: 'page.managementInfo' },
  { path: '/management/customers', screen: 'reviews', titleKey: 'page.reviews' },
  { path: '/management/customers/:id', screen: 'reviewDetail', titleKey: 'page.review' },
  { path: '/management/customers/:id/:tab', screen: 'reviewDetail', titleKey: 'page.review' },
  { path: '/summary/:tab', screen: 'summary', titleKey: 'page.summary' },
  { path: '/profile/:id', screen: 'profile', titleKey: 'page.profile' },
  { path: '/profile/:id/:tab', screen: 'profile', titleKey: 'page.profile' },
  { path: '/settings/:tab', screen: 'settings', settingsOnly: true, titleKey: 'page.settings' },
];

/** Does `pathname` match the route `path`? Static segments match themselves; `:param` any one segment. */
function matches(path: string, pathname: string): boolean {
  const want = path.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  return want.length === have.length && want.every((segment, index) => segment.startsWith(':') || segment === have[index]);
}

const staticSegments = (path: string) => path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;

/**
 * The route a signed-in page is, as react-router would pick it: a route with more static segments
 * wins (/operations/offers/create before /operations/offers/:tab/:id). `/` is the overview (its
 * redirect). Undefined for a path no screen has (the 404 page follows).
 */
export function routeAt(pathname: string): SignedInRoute | undefined {
  if (pathname === '/' || pathname === '') return SIGNED_IN_ROUTES[0];
  const candidates = SIGNED_IN_ROUTES.filter((route) => matches(route.path, pathname));
  candidates.sort((a, b) => staticSegments(b.path) - staticSegments(a.path));
  return candidates[0];
}

/** The heading of the page at `pathname` on `route`: its key, and the path's `:id` for the key's `{id}`. */
export function routeTitleOf(route: SignedInRoute, pathname: string): { key: MessageKey; id: string } {
  const segments = route.path.split('/');
  const have = pathname.split('/');
  const tab = have[segments.indexOf(':tab')] ?? '';
  return { key: route.tabTitles?.[tab] ?? route.titleKey, id: have[segments.indexOf(':id')] ?? '' };
}

/** The screen a signed-in page shows (routeAt). */
export const screenAt = (pathname: string): ScreenName | undefined => routeAt(pathname)?.screen;

/**
 * Everything a remembered operator's page at `pathname` loads before its first frame, asked for at
 * once: the session's calls (the resume reads the remembered operator with them), the shell and the
 * console's strings, the route's screen and, on any page but the overview (plain UI), Joy's theme.
 * The first frame draws the route's own screen (decision 039).
 */
export function importRememberedConsole(pathname: string): Promise<unknown> {
  const screen = screenAt(pathname);
  return Promise.all([
    importSessionCalls(),
    importShell(),
    importConsoleStrings(),
    screen === 'overview' ? undefined : importJoyTheme(),
    screen === undefined ? undefined : screenCode[screen](),
  ]);
}
