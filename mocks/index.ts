import type { DevExtension } from '../src/app/dev-extension';
import { now } from '../src/lib/clock';
import { clearAppStorage } from '../src/lib/storage';
import type { Journal } from '../src/machines/journal';
import { scenarios } from '../scenarios';
import { startMockBackend } from './browser';
import { createDemoMenu } from './demo-menu';
import { installJournalImport, takeImportedJournal } from './journal-import';
import { devkitPushChannel } from './push-channel';

/**
 * A reset or an import replaces the server's data, sessions included: the reloaded app starts
 * signed out rather than holding a user and token the new data no longer knows.
 */
function clearSession(): void {
  clearAppStorage();
  for (const key of Object.keys(localStorage)) if (key.startsWith('firebase:')) localStorage.removeItem(key);
}

/**
 * Mock mode's entry point, the target of the one dynamic import in src/main.tsx: starts the mock
 * backend (before the app renders) and hands the app what only mock mode has: the demo sign-in
 * hint, the Demo menu (with the journal tools: export, import, viewer), an analytics port that records page views in the journal instead of
 * sending them anywhere, and the dev kit's pushes in place of Firebase Cloud Messaging.
 */
export async function startMockMode(options: {
  apiBaseUrl: string;
  journal: Journal;
  projectId?: string;
  /** The map services to answer (config.maps): directions and geocoding. */
  maps?: { directionsUrl: string; geocoderUrl: string };
}): Promise<DevExtension> {
  const { journal } = options;
  const devkit = await startMockBackend({
    apiBaseUrl: options.apiBaseUrl,
    maps: options.maps,
    projectId: options.projectId,
    journal: () => journal.export(),
    beforeReload: clearSession,
  });
  // An import reloaded the page: its journal becomes the app's before anything renders.
  takeImportedJournal(journal);
  devkit.attachJournal(journal);
  installJournalImport(devkit, { firebaseApiKey: String(import.meta.env.VITE_FIREBASE_API_KEY ?? ''), clearSession });
  const [demo] = scenarios[devkit.scenario()]?.operators ?? [];
  return {
    demoAccount: demo ? { email: demo.email, password: demo.password } : undefined,
    DemoMenu: createDemoMenu(devkit, journal),
    analytics: { pageViewed: (view) => journal.append({ type: 'page.viewed', at: now(), ...view }) },
    push: devkitPushChannel(devkit),
  };
}

export { startMockBackend } from './browser';
export type { Devkit } from './devkit';
