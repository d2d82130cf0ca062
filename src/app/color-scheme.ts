/**
 * The console follows the operator's system preference (prefers-color-scheme); it has no light /
 * dark picker. The scheme is written on <html> as Joy UI's `data-joy-color-scheme` attribute
 * before React's first paint (what Joy's getInitColorSchemeScript does, from a module instead of
 * an inline script, which the Content-Security-Policy forbids), so a dark system never flashes the
 * light palette. The plain UI (src/ui/plain.css) reads the same attribute; the sign-in page loads
 * no Joy, so this module also keeps it up to date when the system changes (Joy's theme does the
 * same once mounted).
 */
export const MODE_STORAGE_KEY = 'console.mode';

export function followSystemScheme(): void {
  if (typeof document === 'undefined' || typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => document.documentElement.setAttribute('data-joy-color-scheme', query.matches ? 'dark' : 'light');
  apply();
  query.addEventListener?.('change', apply);
}
