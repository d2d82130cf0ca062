import CssBaseline from '@mui/joy/CssBaseline';
import { CssVarsProvider } from '@mui/joy/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { isHexColor } from '../lib/accent-palette';
import { MODE_STORAGE_KEY } from './color-scheme';
import { readJson, storageKeys, writeJson } from '../lib/storage';
import { useProjection } from './hooks';
import { themeWithAccent } from './theme';

/**
 * A mode Joy stored earlier is only the echo of the old fixed 'light' default (the console has no
 * light / dark picker and follows the system, src/app/color-scheme.ts): dropped, or it would pin
 * those browsers to light for good.
 */
function forgetStoredLightMode() {
  try {
    if (localStorage.getItem(MODE_STORAGE_KEY) !== 'system') localStorage.removeItem(MODE_STORAGE_KEY);
  } catch {
    // Storage unavailable (privacy mode): Joy falls back to the system preference anyway.
  }
}

forgetStoredLightMode();

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

/**
 * The root of every Joy page: the accent theme and Joy's baseline. The default export, so
 * src/app/joy-theme.tsx can load it lazily.
 */
export default function JoyRoot({ children }: { children: ReactNode }) {
  return (
    <AccentCssVarsProvider>
      <CssBaseline />
      {children}
    </AccentCssVarsProvider>
  );
}
