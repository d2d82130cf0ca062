/**
 * The code a remembered operator's page needs first, one import per module, in a module that
 * imports nothing itself: the routes and the Joy theme use these, and so does the early fetch
 * (src/early-fetch.ts), which runs before the console's entry has been evaluated and must stay
 * small. The strings (src/i18n) and the session machine import their modules themselves, the
 * same modules: the layers below the app import no app code.
 */
export const importShell = () => import('./shell/shell');
export const importOverviewScreen = () => import('../screens/overview/overview-screen');
/** Joy UI's theme module: the store's accent, light / dark, Joy's baseline (src/app/accent-theme.tsx). */
export const importJoyTheme = () => import('./accent-theme');
export const importConsoleStrings = () => import('../i18n/en-console');
export const importSessionCalls = () => import('../machines/session/session-calls');

/** The overview is plain UI (decision 020); every other signed-in page comes with Joy's theme. */
export const isOverviewPath = (pathname: string) => pathname === '/' || pathname === '/overview';

/**
 * Everything a remembered operator's page at `pathname` loads before it can show: the session's
 * calls (the resume reads the remembered operator with them), the shell and the console's
 * strings, and the page (the overview) or Joy's theme (any other page, its own chunk comes with
 * the route).
 */
export function importRememberedConsole(pathname: string): Promise<unknown> {
  return Promise.all([importSessionCalls(), importShell(), importConsoleStrings(), isOverviewPath(pathname) ? importOverviewScreen() : importJoyTheme()]);
}
