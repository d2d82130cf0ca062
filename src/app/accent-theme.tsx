import CssBaseline from '@mui/joy/CssBaseline';
import { CssVarsProvider } from '@mui/joy/styles';
import { useMemo, type ReactNode } from 'react';
import { MODE_STORAGE_KEY } from './color-scheme';
import { useStoreAccent } from './store-accent';
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

/**
 * Joy's theme with the accent of the current store (useStoreAccent: the store projection's colour,
 * or the one remembered for the store until its profile arrives), for what reads the palette in
 * JavaScript. It writes no CSS variables (`disableStyleSheetGeneration`): the theme's static
 * stylesheet defines them all (scripts/theme-css-plugin.ts) and src/app/store-accent.tsx the
 * accent's, for Joy's components and the plain UI alike (docs/decisions/035-one-design-source.md).
 */
export function AccentCssVarsProvider({ children }: { children: ReactNode }) {
  const color = useStoreAccent();
  const theme = useMemo(() => themeWithAccent(color), [color]);
  return (
    <CssVarsProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={MODE_STORAGE_KEY}
      colorSchemeStorageKey="console.color-scheme"
      disableStyleSheetGeneration
    >
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
