import { CssVarsProvider } from '@mui/joy/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { isHexColor } from '../lib/accent-palette';
import { readJson, storageKeys, writeJson } from '../lib/storage';
import { useProjection } from './hooks';
import { themeWithAccent } from './theme';

const MODE_STORAGE_KEY = 'console.mode';

/**
 * The console follows the operator's system preference (prefers-color-scheme). It has no light /
 * dark picker, so a mode Joy stored earlier is only the echo of the old fixed 'light' default:
 * dropped, or it would pin those browsers to light for good.
 */
function followSystemScheme() {
  try {
    if (localStorage.getItem(MODE_STORAGE_KEY) !== 'system') localStorage.removeItem(MODE_STORAGE_KEY);
  } catch {
    // Storage unavailable (privacy mode): Joy falls back to the system preference anyway.
  }
  // What Joy's getInitColorSchemeScript does, from this module instead of an inline script (the
  // Content-Security-Policy allows none): the scheme is on <html> before React's first paint,
  // so a dark system never flashes the light palette. Joy keeps the attribute up to date afterwards.
  if (typeof document !== 'undefined' && typeof window.matchMedia === 'function') {
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.setAttribute('data-joy-color-scheme', dark ? 'dark' : 'light');
  }
}

followSystemScheme();

/** The accent the store had when the page last showed it (cleared with all app storage at sign-out). */
function rememberedAccent(storeId: number | null): string | null {
  if (storeId === null) return null;
  const stored = readJson('local', storageKeys.accent) as { storeId?: unknown; color?: unknown } | undefined;
  return stored?.storeId === storeId && typeof stored.color === 'string' && isHexColor(stored.color) ? stored.color : null;
}

/**
 * Joy's CSS variables with the accent of the current store: its colour from the store
 * projection, so a saved configuration (store.profileSaved) recolours the console at once, and
 * signing out or switching store (the projection clears) brings the brand orange back. Until the
 * store's profile arrives after a reload, the colour remembered for that store paints the page,
 * so the console does not flash the brand orange first.
 */
export function AccentCssVarsProvider({ children }: { children: ReactNode }) {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  const loadedStoreId = useProjection('store', (view) => view.profile?.id ?? null);
  const loaded = useProjection('store', (view) => view.profile?.color ?? null);
  const color = loaded ?? rememberedAccent(storeId);
  useEffect(() => {
    if (loadedStoreId !== null && loaded !== null) writeJson('local', storageKeys.accent, { storeId: loadedStoreId, color: loaded });
  }, [loadedStoreId, loaded]);
  const theme = useMemo(() => themeWithAccent(color), [color]);
  return (
    <CssVarsProvider theme={theme} defaultMode="system" modeStorageKey={MODE_STORAGE_KEY} colorSchemeStorageKey="console.color-scheme">
      {children}
    </CssVarsProvider>
  );
}
