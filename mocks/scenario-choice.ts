/**
 * Which scenario a page asks for, readable without loading the scenarios (mock mode's light entry
 * labels the Demo menu with it before the kit has loaded). mocks/browser.ts makes the choice.
 *
 * `?scenario=<name>` wins and is remembered in localStorage `devkit.scenario`; without it the
 * remembered scenario, else the default.
 */
export const SCENARIO_STORAGE_KEY = 'devkit.scenario';
export const DEFAULT_SCENARIO = 'default';

/** The remembered scenario; storage that is disabled or full only costs the memory of the choice. */
export const rememberedScenario = {
  get(): string | null {
    try {
      return localStorage.getItem(SCENARIO_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set(name: string): void {
    try {
      localStorage.setItem(SCENARIO_STORAGE_KEY, name);
    } catch {
      // QuotaExceededError or disabled storage: the next reload falls back to the default.
    }
  },
};

/**
 * The `?scenario=` of the address the page was opened with. Read at boot: the kit may start after
 * the router has moved on to another address (a redirect drops the query).
 */
export function scenarioInAddress(): string | null {
  return new URL(window.location.href).searchParams.get('scenario');
}
