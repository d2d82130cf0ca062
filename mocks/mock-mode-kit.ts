import type { ComponentType } from 'react';
import { clearAppStorage } from '../src/lib/storage';
import type { Journal } from '../src/machines/journal/journal';
import { startMockBackend } from './browser';
import type { DemoMenuProps } from './demo-menu';
import type { Devkit } from './devkit';
import { activeFaultCount } from './faults';
import { installJournalImport, takeImportedJournal } from './journal-import';
import { yieldToMain } from './yield';

/**
 * A reset or an import replaces the server's data, sessions included: the reloaded app starts
 * signed out rather than holding a user and token the new data no longer knows.
 */
function clearSession(): void {
  clearAppStorage();
  for (const key of Object.keys(localStorage)) if (key.startsWith('firebase:')) localStorage.removeItem(key);
}

export interface MockModeKit {
  devkit: Devkit;
  /**
   * The Demo menu, with the journal tools (export, import, viewer), imported when first opened:
   * it is drawn with Joy, which the console's first page does not load (decision 020).
   */
  loadDemoMenu: () => Promise<ComponentType<DemoMenuProps>>;
  /** How many faults are active (the count the menu's button shows). */
  activeFaultCount: () => number;
}

/**
 * The heavy half of mock mode, started by mocks/index.tsx when the page first needs it: the mock
 * backend (MSW's worker, the scenario's data, window.devkit), the journal import and the Demo menu.
 */
export async function loadMockModeKit(options: {
  apiBaseUrl: string;
  journal: Journal;
  projectId?: string;
  maps?: { directionsUrl: string; geocoderUrl: string };
  /** The `?scenario=` the page was opened with. */
  requestedScenario: string | null;
}): Promise<MockModeKit> {
  const { journal } = options;
  // The kit's own modules have just been evaluated (the last of mocks/index.tsx's steps, decision
  // 030): the backend is built in tasks of its own (mocks/yield.ts).
  await yieldToMain();
  const devkit = await startMockBackend({
    apiBaseUrl: options.apiBaseUrl,
    maps: options.maps,
    projectId: options.projectId,
    journal: () => journal.export(),
    beforeReload: clearSession,
    requestedScenario: options.requestedScenario,
  });
  // An import reloaded the page: its journal becomes the app's (mocks/index.tsx held the render for it).
  takeImportedJournal(journal);
  devkit.attachJournal(journal);
  installJournalImport(devkit, { firebaseApiKey: String(import.meta.env.VITE_FIREBASE_API_KEY ?? ''), clearSession });
  return {
    devkit,
    loadDemoMenu: () => import('./demo-menu').then(({ createDemoMenu }) => createDemoMenu(devkit, journal)),
    activeFaultCount: () => activeFaultCount(devkit.faults()),
  };
}
