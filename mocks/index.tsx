import { lazy, Suspense, useEffect, useState } from 'react';
import './stand-in.css';
import type { DevExtension } from '../src/app/dev-extension';
import { JoyTheme, loadJoyTheme } from '../src/app/joy-theme';
import { loadConsoleStrings, useT } from '../src/i18n';
import { now } from '../src/lib/clock';
import { afterFirstMove } from '../src/lib/first-move';
import type { Journal } from '../src/machines/journal/journal';
import { DEMO_SIGN_IN } from '../scenarios/demo-sign-in';
import type { Devkit } from './devkit';
import { isJournalHandedOver } from './journal-handoff';
import type { MockModeKit } from './mock-mode-kit';
import { devkitPushChannel } from './push-channel';
import { DEFAULT_SCENARIO, rememberedScenario, scenarioInAddress } from './scenario-choice';
import { yieldToMain } from './yield';

declare global {
  interface Window {
    /** Starts the mock backend now if it has not started (mock mode) and resolves to window.devkit. */
    startDevkit?: () => Promise<Devkit>;
  }
}

/**
 * Mock mode's entry point, the target of the one dynamic import in src/main.tsx. It is light on
 * purpose (docs/decisions/017-mock-backend-on-demand.md): the heavy kit (mocks/mock-mode-kit.ts:
 * MSW's worker, the scenario's data, window.devkit, the Demo menu) starts
 *  - before the first render when a journal import is being handed over (the imported journal
 *    must be the app's before anything renders);
 *  - otherwise with the first API or identity call (DevExtension.backendReady; for a remembered
 *    operator, the session's resume once their console has painted, decision 021), the operator's first move (src/lib/first-move.ts: a click, tap,
 *    key or typed value), or window.startDevkit(), whichever comes first. A phone showing the
 *    sign-in form does not build a backend nobody has asked anything yet.
 */
export async function startMockMode(options: {
  apiBaseUrl: string;
  journal: Journal;
  projectId?: string;
  /** The map services to answer (config.maps): directions and geocoding. */
  maps?: { directionsUrl: string; geocoderUrl: string };
}): Promise<DevExtension> {
  const { journal } = options;
  const requestedScenario = scenarioInAddress();
  let kit: Promise<MockModeKit> | undefined;
  let kitLoaded!: (loaded: MockModeKit) => void;
  const loaded = new Promise<MockModeKit>((resolve) => (kitLoaded = resolve));
  const startKit = () =>
    // The Demo menu speaks the console's strings (src/i18n/en-console.ts): they come with the kit.
    (kit ??= Promise.all([importMockModeKit(), loadConsoleStrings()])
      .then(([{ loadMockModeKit }]) => loadMockModeKit({ ...options, requestedScenario }))
      .then((started) => {
        kitLoaded(started);
        return started;
      }));

  afterFirstMove(() => void startKit());
  window.startDevkit = () => startKit().then((started) => started.devkit);
  // A journal being handed over must be the app's before anything renders.
  if (isJournalHandedOver()) await startKit();

  return {
    demoAccount: { ...DEMO_SIGN_IN },
    DemoMenu: demoMenuOnceLoaded(startKit, loaded, requestedScenario ?? rememberedScenario.get() ?? DEFAULT_SCENARIO),
    analytics: { pageViewed: (view) => journal.append({ type: 'page.viewed', at: now(), ...view }) },
    // Pushes come from the running kit (devkit.push, busy-store's timer): a subscription waits for
    // it rather than starting it, so the shell's subscription at mount does not bring the kit's
    // downloads ahead of the console's first paint.
    push: devkitPushChannel({ onPush: (listener) => unsubscribeLater(loaded.then(({ devkit }) => devkit.onPush(listener))) }),
    backendReady: () => startKit().then(() => undefined),
  };
}

/**
 * The kit's code, evaluated in steps (decision 030). Evaluated at once, its modules made one task of
 * ~45 ms after the console's first paint on a desktop, ~180 ms on a phone: most of the page's
 * blocking time. Each step is a share of the kit's modules (the API's schemas, MSW with @msw/data
 * and the database, the handlers), asked for once the previous one has been evaluated, so each is
 * evaluated in a task of its own; the kit's evaluation finds them done. Steps asked for all at once
 * download sooner, but the browser evaluates whatever has arrived together in one task, and in
 * Lighthouse's runs they often arrived together. The steps only decide when modules are evaluated,
 * never whether: the kit imports every one of them itself.
 */
async function importMockModeKit(): Promise<typeof import('./mock-mode-kit')> {
  const steps = [
    () => import('./kit-steps/order-schemas'),
    () => import('./kit-steps/sales-schemas'),
    () => import('./kit-steps/store-schemas'),
    () => import('./db'),
    () => import('./handlers'),
  ];
  for (const step of steps) {
    // A task of its own for each request too: asking for a module costs the page some main thread
    // (5–10 ms each in a phone's Lighthouse run), and whoever started the kit often just asked for others.
    await yieldToMain();
    await step();
  }
  await yieldToMain();
  return import('./mock-mode-kit');
}

/**
 * The Demo menu. Until it is first pressed, a plain button that looks the same stands in for it
 * (mocks/stand-in.css and the plain button of src/ui/plain.css): the menu is drawn with Joy, and
 * neither the sign-in page nor the console's first page (shell and overview, decision 020) loads
 * Joy. Pressing it starts the kit (the first click does anyway) and the menu opens, with Joy's
 * theme, as soon as both are there. Once the kit has loaded, the stand-in shows the active faults'
 * count like the menu's own button.
 */
function demoMenuOnceLoaded(startKit: () => Promise<MockModeKit>, loaded: Promise<MockModeKit>, scenario: string): NonNullable<DevExtension['DemoMenu']> {
  let loadedKit: MockModeKit | undefined;
  void loaded.then((kit) => (loadedKit = kit));
  // The Joy menu's code, fetched at the first press (and then kept).
  const JoyDemoMenu = lazy(() => loaded.then((kit) => kit.loadDemoMenu()).then((Menu) => ({ default: Menu })));
  return function DemoMenuOnceLoaded() {
    const t = useT();
    const [kit, setKit] = useState(() => loadedKit);
    const [wanted, setWanted] = useState(false);
    useEffect(() => {
      let mounted = true;
      void loaded.then((started) => mounted && setKit(started));
      return () => {
        mounted = false;
      };
    }, []);
    const faults = kit?.activeFaultCount() ?? 0;
    const standIn = (
      <button
        type="button"
        className="plain-button"
        data-variant="on-band"
        data-size="sm"
        aria-label={t('demo.menuLabel', { scenario })}
        aria-haspopup="menu"
        aria-busy={wanted || undefined}
        disabled={wanted}
        onClick={() => {
          setWanted(true);
          // The kit, Joy's theme and the menu's code at once, not one after the other.
          void startKit().then((started) => started.loadDemoMenu());
          void loadJoyTheme();
        }}
      >
        {wanted && <span className="plain-spinner" data-size="sm" aria-hidden />}
        {t('demo.menu')}
        {faults > 0 && <span className="demo-stand-in-count">{t('demo.activeFaults', { count: faults })}</span>}
      </button>
    );
    if (!kit || !wanted) return standIn;
    return (
      <Suspense fallback={standIn}>
        <JoyTheme>
          <JoyDemoMenu openAtOnce />
        </JoyTheme>
      </Suspense>
    );
  };
}

/** An unsubscribe for a subscription that is made once the kit has started. */
function unsubscribeLater(subscription: Promise<() => void>): () => void {
  return () => void subscription.then((stop) => stop());
}
