import { isCommonAssetRequest } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import { DEFAULT_SCENARIO, scenarios } from '../scenarios';
import { createBackend } from './backend';
import type { MockMapServices } from './context';
import type { Devkit } from './devkit';
import { createStoragePersistence } from './persistence';
import { scheduleNewOrderPushes } from './pushes';
import { rememberedScenario } from './scenario-choice';

/**
 * The mock backend in the browser (mock mode), loaded through mock mode's entry (mocks/index.tsx),
 * so a live build carries none of it. The app's calls wait for startMockBackend()
 * (DevExtension.backendReady): a request made before the worker is ready would escape the mock.
 *
 * Scenario choice: `?scenario=<name>` wins and is remembered in localStorage `devkit.scenario`;
 * naming a different scenario than the remembered one starts it from a fresh seed. Without the
 * parameter the remembered scenario (else 'default') continues with its persisted data.
 *
 * A scenario with `newOrderPushEveryMs` (busy-store) also gets a timer that pushes a new-order
 * notification that often (devkit.push, mocks/pushes.ts) while the page runs.
 */
export interface MockBackendOptions {
  /** VITE_API_BASE_URL (in mock mode https://api.store-platform.test). */
  apiBaseUrl: string;
  /** VITE_DIRECTIONS_URL and VITE_GEOCODER_URL (default: the fake hosts of .env.mock). */
  maps?: MockMapServices;
  /** The event journal's export, returned by devkit.journal(). */
  journal: () => unknown;
  /** VITE_FIREBASE_PROJECT_ID, the `aud` of the mock ID tokens (default 'console-mock'). */
  projectId?: string;
  /** Called before the page reloads after devkit.reset(), e.g. to clear the app's own storage. */
  beforeReload?: () => void;
  /** The `?scenario=` the page was opened with (mocks/scenario-choice.ts scenarioInAddress). */
  requestedScenario: string | null;
}

declare global {
  interface Window {
    devkit?: Devkit;
  }
}

const DEFAULT_PROJECT_ID = 'console-mock';

/** localStorage, kept small enough for its ~5 MB (see mocks/persistence.ts); never throws. */
const browserPersistence = createStoragePersistence();

function chooseScenario(requested: string | null): string {
  const remembered = rememberedScenario.get();
  let name = requested ?? remembered ?? DEFAULT_SCENARIO;
  if (!scenarios[name]) {
    console.warn(`[devkit] Unknown scenario "${name}"; using "${DEFAULT_SCENARIO}". Known: ${Object.keys(scenarios).join(', ')}`);
    name = DEFAULT_SCENARIO;
  }
  // Switching scenarios by URL starts it afresh; the same one again keeps the training data.
  if (requested !== null && requested !== remembered) browserPersistence.forget(name);
  rememberedScenario.set(name);
  return name;
}

/** Requests the page itself makes for its code and assets (Vite dev server, built assets, fonts). */
function isOwnAsset(request: Request, url: URL): boolean {
  if (url.origin !== window.location.origin) return false;
  if (request.mode === 'navigate' || isCommonAssetRequest(request)) return true;
  return /^\/(src|node_modules|@vite|@id|@fs|@react-refresh|assets|fonts)(\/|$)/.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname);
}

export async function startMockBackend(options: MockBackendOptions): Promise<Devkit> {
  const backend = await createBackend({
    apiBaseUrl: options.apiBaseUrl,
    maps: options.maps,
    projectId: options.projectId ?? DEFAULT_PROJECT_ID,
    scenarios,
    scenario: chooseScenario(options.requestedScenario),
    now: () => Date.now(),
    journal: options.journal,
    persistence: browserPersistence,
    afterReset: (scenario) => {
      rememberedScenario.set(scenario);
      // Drop ?scenario= so the reload does not switch back to the scenario the URL names.
      const url = new URL(window.location.href);
      url.searchParams.delete('scenario');
      window.history.replaceState(window.history.state, '', url);
      options.beforeReload?.();
      window.location.reload();
    },
  });

  // MSW refreshes an already registered worker with registration.update() and does not wait for
  // or catch it; when the page reloads meanwhile, Chromium rejects that promise ("Failed to update
  // a ServiceWorker ... Not found"). The running worker keeps serving and the next load updates
  // it, so only that rejection is dropped here; every other one still surfaces.
  window.addEventListener('unhandledrejection', (event) => {
    const message = event.reason instanceof Error ? event.reason.message : String(event.reason);
    if (/^Failed to update a ServiceWorker for scope .*mockServiceWorker\.js/.test(message)) event.preventDefault();
  });
  const worker = setupWorker(...backend.handlers);
  releaseResponseCopies(worker);
  const registration = await worker.start({
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest(request, print) {
      // Mock mode must not reach any server: everything but the page's own files is reported.
      if (!isOwnAsset(request, new URL(request.url))) print.warning();
    },
  });

  if (registration?.active) rejoinWorkerAfterEveryBeforeUnload(registration.active);

  window.devkit = backend.devkit;
  // busy-store's stream of new orders: a push every few minutes for as long as the page runs (a
  // reset reloads the page, so the timer always belongs to the scenario the page started with).
  const everyMs = scenarios[backend.devkit.scenario()]?.newOrderPushEveryMs;
  if (everyMs !== undefined) scheduleNewOrderPushes(backend.devkit, everyMs);
  return backend.devkit;
}

/**
 * After each answer, MSW's worker (mockServiceWorker.js, `RESPONSE`) sends the page a copy of it
 * for the `response:mocked` and `response:bypass` events: a clone of the body, transferred as a
 * stream. Nothing reads it, and an unread transferred stream stays tied to the worker by a
 * message port, the worker holding the whole body for it: each call kept ~0.8 KB in the page
 * (the port, the stream) and ~12 KB in the worker for as long as the worker ran — 13 MB in the
 * worker after 1,000 polls of the orders list (`npm run soak`). Cancelling the copy lets both
 * sides go; the answer the page's call receives is another stream (the clone's other branch) and
 * is not touched.
 */
function releaseResponseCopies(worker: SetupWorker) {
  worker.events.on('response:mocked', releaseCopy);
  worker.events.on('response:bypass', releaseCopy);
}

const releaseCopy = ({ response }: { response: Response }) => void response.body?.cancel().catch(() => undefined);

/**
 * MSW tells its worker on every `beforeunload` that this page is gone, and stops keeping the
 * worker awake: from then on the page's calls go to the network, which in mock mode does not
 * exist. But a beforeunload is not always a departure. The operator may answer the
 * unsaved-changes prompt with "Stay" and then save (the save failed, with the demo broken until
 * a reload); and while a navigation is on its way, the screens still call the API. So right after
 * each beforeunload the page joins the worker again and keeps it awake, as MSW's start did. When
 * the page does go, the next document starts its own mock backend as usual.
 */
function rejoinWorkerAfterEveryBeforeUnload(worker: ServiceWorker) {
  let keepAwake: number | undefined;
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a ServiceWorker's postMessage has no target origin (the rule means window.postMessage)
  const tellWorker = (message: string) => worker.postMessage(message);
  window.addEventListener('beforeunload', () => {
    // In the same task, right after MSW's own listener (added when its worker started, so it runs
    // first) has posted CLIENT_CLOSED; messages reach the worker in order. Deferring this to a timer
    // left a gap in which a call passed through to the network, or the timer never ran at all when
    // the document went first.
    tellWorker('MOCK_ACTIVATE');
    keepAwake ??= window.setInterval(() => tellWorker('KEEPALIVE_REQUEST'), 5_000);
  });
}
