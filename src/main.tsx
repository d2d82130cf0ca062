import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { followSystemScheme } from './app/color-scheme';
import type { DevExtension } from './app/dev-extension';
import { preloadPublicPage } from './app/routes';
import { createServices } from './app/services';
import { parseConfig } from './lib/config';
import { journal } from './machines/journal';
import { restoreCookieConsent } from './machines/preferences';
import './ui/plain.css';

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
  preloadPublicPage(window.location.pathname);
  let dev: DevExtension = {};
  if (import.meta.env.VITE_BACKEND === 'mock') {
    const { startMockMode } = await import('../mocks/index');
    dev = await startMockMode({ apiBaseUrl: result.config.apiBaseUrl, maps: result.config.maps, journal });
  }
  restoreCookieConsent(journal);
  const services = createServices(result.config, dev);
  root.render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void boot();
