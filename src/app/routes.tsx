import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { loadConsoleStrings } from '../i18n';
import { FullPageLoading } from '../ui/full-page-loading';
import { ALL_STORE_ROLES, SETTINGS_ROLES } from '../api/permissions';
import { PublicOnly, RequireRole, RequireSession } from './guards';
import { JoyTheme, loadJoyTheme } from './joy-theme';
import { importShell, screenAt, screenCode, SIGNED_IN_ROUTES, type ScreenName, type SignedInRoute } from './page-code';
import { preloadableLazy } from './preloadable-lazy';

/**
 * A Joy page beyond sign-in: its chunk, the console's English strings (src/i18n/en-console.ts) and
 * Joy's theme (the page renders inside <JoyTheme>), fetched together, not one after the other.
 */
function beyondSignIn<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadConsoleStrings(), loadJoyTheme()]).then(([module]) => module);
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
/**
 * Each signed-in screen of the route table (page-code.ts) as a lazy component that renders at once
 * when its code came first (preloadable-lazy.ts): on a page load the early fetch has asked for it
 * from the first byte, and the first render waits for it (preloadSignedInPage), so the first frame
 * is the route's own screen (decision 039). A Joy screen's load brings Joy's theme with it, beside
 * its own chunk, not after it; the overview is plain UI (decision 020).
 */
const screens = Object.fromEntries(
  (Object.keys(screenCode) as ScreenName[]).map((name) => [
    name,
    preloadableLazy(
      name === 'overview'
        ? screenCode.overview
        : () => Promise.all([screenCode[name](), loadJoyTheme()]).then(([module]) => module),
    ),
  ]),
) as Record<ScreenName, ReturnType<typeof preloadableLazy<object>>>;

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
 * entry point calls this at boot instead, so the shell and the route's screen (with Joy's theme,
 * for every screen but the overview) download beside the session's resume (and, in mock mode, the
 * mock backend's start); the early fetch asked for the same files before (page-code.ts). Settles
 * once they are in: the first render waits for that (decision 021), so the first frame draws the
 * route's own screen, not a placeholder (decision 039).
 */
export function preloadSignedInPage(pathname: string): Promise<unknown> {
  const screen = screenAt(pathname);
  return Promise.all([loadShell(), screen === undefined ? loadJoyTheme() : screens[screen].preload()]);
}

/** A route of the table with its screen; the settings screens behind their roles. */
function routeOf({ path, screen, settingsOnly }: SignedInRoute) {
  const { Component } = screens[screen];
  const element = settingsOnly ? <RequireRole roles={SETTINGS_ROLES}><Component /></RequireRole> : <Component />;
  return <Route key={path} path={path} element={element} />;
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
          {SIGNED_IN_ROUTES.filter((route) => route.screen === 'overview').map(routeOf)}
          <Route element={<JoyTheme><Outlet /></JoyTheme>}>
            <Route path="/operations/orders" element={<Navigate to="/operations/orders/pending" replace />} />
            <Route path="/trucks" element={<Navigate to="/trucks/active" replace />} />
            <Route
              path="/settings"
              element={
                <RequireRole roles={SETTINGS_ROLES}>
                  <Navigate to="/settings/general" replace />
                </RequireRole>
              }
            />
            {SIGNED_IN_ROUTES.filter((route) => route.screen !== 'overview').map(routeOf)}
          </Route>
        </Route>

        <Route path="*" element={<Navigate to="/errors/error-404" replace />} />
      </Routes>
    </Loading>
  );
}
