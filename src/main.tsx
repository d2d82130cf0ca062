import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigErrorPage } from './app/config-error-page';
import type { DevExtension } from './app/dev-extension';
import { createServices } from './app/services';
import { parseConfig } from './lib/config';
import { journal } from './machines/journal';
import { restoreCookieConsent } from './machines/preferences';
import './styles.css';

/**
 * Boot: validate the configuration, start the mock backend in mock mode (before anything can
 * make a request), then render. The mock kit is reached through this one dynamic import, under a
 * condition Vite resolves at build time, so the live build contains none of it.
 */
async function boot() {
  const root = createRoot(document.getElementById('root')!);
  const result = parseConfig(import.meta.env);
  if (!result.ok) {
    root.render(<ConfigErrorPage problems={result.problems} />);
    return;
  }
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
