import { render } from '@testing-library/react';
import { TEST_CONFIG } from '../../mocks/node';
import { App } from '../../src/app/app';
import type { DevExtension } from '../../src/app/dev-extension';
import { configureIdentity, signInWithPassword } from '../../src/api/identity';
import { createServices } from '../../src/app/services';
import { parseConfig, type Config } from '../../src/lib/config';
import { createJournal } from '../../src/machines/journal/journal';
import { API, postJson } from '../mocks/support';

/** The console's configuration in tests: the values of .env.mock, validated like at boot. */
export function testConfig(): Config {
  const parsed = parseConfig({
    VITE_BACKEND: 'mock',
    VITE_API_BASE_URL: TEST_CONFIG.apiBaseUrl,
    VITE_FIREBASE_API_KEY: TEST_CONFIG.firebase.apiKey,
    VITE_FIREBASE_AUTH_DOMAIN: TEST_CONFIG.firebase.authDomain,
    VITE_FIREBASE_PROJECT_ID: TEST_CONFIG.firebase.projectId,
    VITE_FIREBASE_APP_ID: TEST_CONFIG.firebase.appId,
    VITE_DIRECTIONS_URL: TEST_CONFIG.maps.directionsUrl,
    VITE_GEOCODER_URL: TEST_CONFIG.maps.geocoderUrl,
  });
  if (!parsed.ok) throw new Error(`test config is invalid: ${JSON.stringify(parsed.problems)}`);
  return parsed.config;
}

/**
 * Puts a real session of the mock server in storage, as a signed-in tab has it (token in
 * sessionStorage, user in localStorage, the identity SDK signed in), so a render starts signed in
 * without the sign-in form. The SDK's user lets a role-restricted page verify the session with the
 * platform (a stored role is only a cache, issue 23).
 */
export async function storeSignedInSession(email = 'demo@store.test', password = 'demo1234'): Promise<void> {
  configureIdentity(testConfig().firebase);
  const idToken = await signInWithPassword(email, password);
  const grant = (await (await postJson(`${API}/stores/signin`, { idToken })).json()) as { token: string; user: unknown };
  sessionStorage.setItem('console.session', JSON.stringify({ token: grant.token, startedAt: Date.now() }));
  localStorage.setItem('console.user', JSON.stringify(grant.user));
}

/** Renders the whole console at `path` with fresh services and a fresh journal, like a page load. */
/** `state`: the history entry's state, as a link's `state` leaves it (react-router keeps it under `usr`). */
export function renderConsoleAt(path: string, dev: DevExtension = {}, state?: unknown) {
  window.history.replaceState(state === undefined ? null : { usr: state, key: 'test', idx: 0 }, '', path);
  const services = createServices(testConfig(), dev, createJournal());
  const view = render(<App services={services} />);
  return { services, ...view };
}

/**
 * A tab of the page by its text. By text and selector, not by role name: naming Joy components
 * makes happy-dom's getComputedStyle recurse.
 */
export const tabNamed = (text: string): HTMLElement => [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((el) => el.textContent === text)!;
