// The theme's CSS variables first (scripts/theme-css-plugin.ts): every stylesheet reads them.
import 'virtual:joy-theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { followSystemScheme } from './app/color-scheme';
import type { DevExtension } from './app/dev-extension';
import { isSessionSettling } from './app/guards';
import { preloadPublicPage, preloadSignedInPage } from './app/routes';
import { createServices, type Services } from './app/services';
import { selectUser } from './machines/journal/selectors';
import { parseConfig } from './lib/config';
import { readJson, storageKeys } from './lib/storage';
import { journal } from './machines/journal/journal';
import { prefetchSessionCalls } from './machines/session/live';
import { restoreCookieConsent } from './machines/journal/preferences';
import './ui/plain.css';

/**
 * How long the first render of a remembered operator's page waits for what lets it draw their
 * console at once (its code, and the session announcing them); past it, the loading screen shows.
 */
const FIRST_RENDER_WAIT_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Settles once the guards would no longer show the loading screen (src/app/guards.tsx). */
function sessionSettled({ session, journal: appJournal }: Services): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => !isSessionSettling(session.getSnapshot(), selectUser(appJournal.stores.session.getSnapshot().context));
    // The remembered operator's announcement is a journal event (session.resuming), not a change
    // of the session's state: both are watched.
    const subscriptions = [session.subscribe(check), appJournal.stores.session.subscribe(check)];
    function check() {
      if (!settled()) return;
      for (const subscription of subscriptions) subscription.unsubscribe();
      resolve();
    }
    check();
  });
}

/**
 * Boot: validate the configuration, in mock mode start the mock kit, then render. The mock kit is
 * reached through this one dynamic import, under a condition Vite resolves at build time, so the
 * live build contains none of it. Its entry is light: the mock backend itself starts when the page
 * first needs it, and the app's calls wait for it (DevExtension.backendReady, decision 017).
 */
async function boot() {
  followSystemScheme();
  const root = createRoot(document.getElementById('root')!);
  const result = parseConfig(import.meta.env);
  if (!result.ok) {
    // A deployment mistake, not an operator's page: its code (and Joy's) only comes when needed.
    const { ConfigErrorPage } = await import('./app/config-error-page');
    root.render(<ConfigErrorPage problems={result.problems} />);
    return;
  }
  // Mock mode's entry first: when an operator is remembered, the mock backend must start before
  // the session can resume, and it is the longest chain of downloads of a reload.
  let mockMode: Promise<typeof import('../mocks/index')> | undefined;
  if (import.meta.env.VITE_BACKEND === 'mock') mockMode = import('../mocks/index');
  const { pathname } = window.location;
  preloadPublicPage(pathname);
  // An operator is remembered: their console (shell and page) shows while the session resumes
  // (decision 021), so its code comes first; the identity SDK (and in mock mode the kit) follow
  // once it has painted (the session's resume asks for them then).
  let consoleReady: Promise<unknown> | undefined;
  if (readJson('local', storageKeys.user) !== undefined) {
    prefetchSessionCalls();
    // A failed fetch costs nothing here: the render imports again and reports its own failure.
    consoleReady = preloadSignedInPage(pathname).catch(() => undefined);
  }
  let dev: DevExtension = {};
  if (mockMode) {
    const { startMockMode } = await mockMode;
    dev = await startMockMode({ apiBaseUrl: result.config.apiBaseUrl, maps: result.config.maps, journal });
  }
  restoreCookieConsent(journal);
  const services = createServices(result.config, dev, undefined, consoleReady);
  if (consoleReady) await Promise.race([Promise.all([consoleReady, sessionSettled(services)]), delay(FIRST_RENDER_WAIT_MS)]);
  root.render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void boot();
