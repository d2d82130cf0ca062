import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { loadConsoleStrings } from '../i18n';
import { FullPageLoading } from '../ui/full-page-loading';
import { ALL_STORE_ROLES, SETTINGS_ROLES } from '../api/permissions';
import { PublicOnly, RequireRole, RequireSession } from './guards';
import { JoyTheme, loadJoyTheme } from './joy-theme';
import { importOverviewScreen, importShell, isOverviewPath } from './page-code';
import { preloadableLazy } from './preloadable-lazy';

/**
 * A Joy page beyond sign-in: its chunk, the console's English strings (src/i18n/en-console.ts) and
 * Joy's theme (the page renders inside <JoyTheme>), fetched together, not one after the other.
 */
function beyondSignIn<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadConsoleStrings(), loadJoyTheme()]).then(([module]) => module);
}

/**
 * A signed-in screen drawn with Joy: its chunk and Joy's theme together. The shell (which brings
 * the console's strings) and the overview are plain UI (decision 020), so the first page of an
 * operator's day loads no Joy; the first Joy screen they open fetches it beside its own chunk.
 */
function joyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadJoyTheme()]).then(([module]) => module));
}

const { Component: Shell, preload: loadShell } = preloadableLazy(() =>
  Promise.all([importShell(), loadConsoleStrings()]).then(([module]) => ({ default: module.Shell })),
);

const { Component: PublicLayout, preload: loadPublicLayout } = preloadableLazy(() => import('../screens/auth/public-layout'));
const { Component: LoginScreen, preload: loadLoginScreen } = preloadableLazy(() => import('../screens/auth/login-screen'));
const loadRegisterScreen = beyondSignIn(() => import('../screens/auth/register-screen'));
const loadValidateScreen = beyondSignIn(() => import('../screens/auth/validate-screen'));
const loadRecoveryScreen = beyondSignIn(() => import('../screens/auth/recovery-screen'));
const RegisterScreen = lazy(loadRegisterScreen);
const ValidateScreen = lazy(loadValidateScreen);
const RecoveryScreen = lazy(loadRecoveryScreen);

/** The error pages; also the crash boundary's 500 page (app.tsx). */
export const ErrorScreen = lazy(beyondSignIn(() => import('../screens/errors/error-screen')));
const { Component: OverviewScreen, preload: loadOverviewScreen } = preloadableLazy(importOverviewScreen);
const ManagementScreen = joyScreen(() => import('../screens/dashboards/management-screen'));
const ReviewsScreen = joyScreen(() => import('../screens/reviews/reviews-screen'));
const ReviewDetailScreen = joyScreen(() => import('../screens/reviews/review-detail-screen'));
const OffersScreen = joyScreen(() => import('../screens/offers/offers-screen'));
const OfferFormScreen = joyScreen(() => import('../screens/offers/offer-form-screen'));
const TemplatesScreen = joyScreen(() => import('../screens/templates/templates-screen'));
const TemplateFormScreen = joyScreen(() => import('../screens/templates/template-form-screen'));
const TrucksScreen = joyScreen(() => import('../screens/trucks/trucks-screen'));
const TruckFormScreen = joyScreen(() => import('../screens/trucks/truck-form-screen'));
const PickupsScreen = joyScreen(() => import('../screens/pickups/pickups-screen'));
const PickupFormScreen = joyScreen(() => import('../screens/pickups/pickup-form-screen'));
const SummaryScreen = joyScreen(() => import('../screens/summary/summary-screen'));
const OrdersScreen = joyScreen(() => import('../screens/orders/orders-screen'));
const OrderScreen = joyScreen(() => import('../screens/orders/order-screen'));
const SettingsScreen = joyScreen(() => import('../screens/settings/settings-screen'));
const SynchronizationScreen = joyScreen(() => import('../screens/sync/synchronization-screen'));
const ProfileScreen = joyScreen(() => import('../screens/profile/profile-screen'));
const AccountsScreen = joyScreen(() => import('../screens/accounts/accounts-screen'));
const DeliveriesScreen = joyScreen(() => import('../screens/deliveries/deliveries-screen'));
const DeliveryScreen = joyScreen(() => import('../screens/deliveries/delivery-screen'));
const DeliveryMapScreen = joyScreen(() => import('../screens/deliveries/delivery-map-screen'));

const publicScreens = new Map<string, () => Promise<unknown>>([
  ['login', loadLoginScreen],
  ['register', loadRegisterScreen],
  ['validate', loadValidateScreen],
  ['recovery', loadRecoveryScreen],
]);

/**
 * Left to React, a public page's first load fetches its lazy chunks one after the other: the public
 * layout, and only once it renders, the screen inside it (a round trip each, which a phone on a slow
 * network feels). The entry point calls this first, so both download at once, beside the rest.
 */
export function preloadPublicPage(pathname: string): void {
  const [, area, screen] = pathname.split('/');
  if (area !== 'auth') return;
  void loadPublicLayout();
  void publicScreens.get(screen)?.();
}

/**
 * The same for a remembered operator's page (a reload): left to React, the shell (with the
 * console's strings) is fetched only once the session has resumed and the guard lets the shell
 * render, and the screen only once the shell has rendered, each a round trip after the other. The
 * entry point calls this at boot instead, so they download beside the session's resume (and, in
 * mock mode, the mock backend's start). The screen fetched is the overview's, the page a reload
 * most often lands on (plain UI); on any other page, Joy's theme, which every other screen needs;
 * the screen itself still comes with its first render. Settles once they are in (the session's
 * resume waits for that, decision 021).
 */
export function preloadSignedInPage(pathname: string): Promise<unknown> {
  const page = isOverviewPath(pathname) ? loadOverviewScreen() : loadJoyTheme();
  return Promise.all([loadShell(), page]);
}

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoading />}>{children}</Suspense>;
}

/**
 * Every route of spec section 2. The demo-template routes (/dashboards/analytics, /invoices/{id},
 * /presentation) are out of scope and fall through to the 404 page
 * (docs/decisions/003-routes-and-roles.md). Screens whose issue has not landed carry their title.
 */
export function AppRoutes() {
  return (
    <Loading>
      <Routes>
        {/* The sign-in screen and the public layout are plain UI; every other page is Joy's (decision 019). */}
        <Route path="/auth" element={<PublicOnly><PublicLayout /></PublicOnly>}>
          <Route path="login" element={<LoginScreen />} />
          <Route path="register" element={<JoyTheme><RegisterScreen /></JoyTheme>} />
          <Route path="validate/:email/:token" element={<JoyTheme><ValidateScreen /></JoyTheme>} />
          {/* Where the validation screen moves once it has read the link out of the URL. */}
          <Route path="validate" element={<JoyTheme><ValidateScreen /></JoyTheme>} />
          <Route path="recovery" element={<JoyTheme><RecoveryScreen /></JoyTheme>} />
          <Route index element={<Navigate to="/errors/error-404" replace />} />
          <Route path="*" element={<Navigate to="/errors/error-404" replace />} />
        </Route>

        <Route path="/errors/error-401" element={<JoyTheme><ErrorScreen code={401} /></JoyTheme>} />
        <Route path="/errors/error-404" element={<JoyTheme><ErrorScreen code={404} /></JoyTheme>} />
        <Route path="/errors/error-500" element={<JoyTheme><ErrorScreen code={500} /></JoyTheme>} />

        {/* The shell and the overview are plain UI (decision 020); every other screen is Joy's. */}
        <Route
          element={
            <RequireSession>
              <RequireRole roles={ALL_STORE_ROLES}>
                <Shell />
              </RequireRole>
            </RequireSession>
          }
        >
          <Route index element={<Navigate to="/overview" replace />} />
          <Route path="/overview" element={<OverviewScreen />} />

          <Route element={<JoyTheme><Outlet /></JoyTheme>}>

          <Route path="/operations/offers" element={<OffersScreen />} />
          <Route path="/operations/offers/create" element={<OfferFormScreen />} />
          <Route path="/operations/offers/:tab/:id" element={<OfferFormScreen />} />
          <Route path="/operations/templates" element={<TemplatesScreen />} />
          <Route path="/operations/templates/filter/:tab" element={<TemplatesScreen />} />
          <Route path="/operations/templates/create" element={<TemplateFormScreen />} />
          <Route path="/operations/templates/:tab/:id" element={<TemplateFormScreen />} />
          <Route path="/operations/orders" element={<Navigate to="/operations/orders/pending" replace />} />
          <Route path="/operations/orders/:tab" element={<OrdersScreen />} />
          <Route path="/operations/orders/filter/:tab" element={<OrdersScreen />} />
          <Route path="/operations/order/:id" element={<OrderScreen />} />

          <Route path="/trucks" element={<Navigate to="/trucks/active" replace />} />
          <Route path="/trucks/:tab" element={<TrucksScreen />} />
          <Route path="/truck/create" element={<TruckFormScreen />} />
          <Route path="/truck/edit/:id" element={<TruckFormScreen />} />
          <Route path="/pickups" element={<PickupsScreen />} />
          <Route path="/pickup/create" element={<PickupFormScreen />} />
          <Route path="/pickup/edit/:id" element={<PickupFormScreen />} />
          <Route path="/accounts" element={<AccountsScreen />} />
          <Route path="/delivery-orders" element={<DeliveriesScreen />} />
          <Route path="/delivery-order/:id" element={<DeliveryScreen />} />
          <Route path="/delivery-order/:id/:tab" element={<DeliveryScreen />} />
          <Route path="/delivery-map" element={<DeliveryMapScreen />} />
          <Route path="/synchronization" element={<SynchronizationScreen />} />

          <Route path="/dashboards/default" element={<ManagementScreen />} />
          <Route path="/management/customers" element={<ReviewsScreen />} />
          <Route path="/management/customers/:id" element={<ReviewDetailScreen />} />
          <Route path="/management/customers/:id/:tab" element={<ReviewDetailScreen />} />
          <Route path="/summary/:tab" element={<SummaryScreen />} />

          <Route path="/profile/:id" element={<ProfileScreen />} />
          <Route path="/profile/:id/:tab" element={<ProfileScreen />} />
          <Route
            path="/settings"
            element={
              <RequireRole roles={SETTINGS_ROLES}>
                <Navigate to="/settings/general" replace />
              </RequireRole>
            }
          />
          <Route
            path="/settings/:tab"
            element={
              <RequireRole roles={SETTINGS_ROLES}>
                <SettingsScreen />
              </RequireRole>
            }
          />
          </Route>
        </Route>

        <Route path="*" element={<Navigate to="/errors/error-404" replace />} />
      </Routes>
    </Loading>
  );
}
