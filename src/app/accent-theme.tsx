import { CssVarsProvider } from '@mui/joy/styles';
import { useMemo, type ReactNode } from 'react';
import { useProjection } from './hooks';
import { themeWithAccent } from './theme';

/**
 * Joy's CSS variables with the accent of the current store: its colour from the store
 * projection, so a saved configuration (store.profileSaved) recolours the console at once, and
 * signing out or switching store (the projection clears) brings the brand orange back.
 */
export function AccentCssVarsProvider({ children }: { children: ReactNode }) {
  const color = useProjection('store', (view) => view.profile?.color ?? null);
  const theme = useMemo(() => themeWithAccent(color), [color]);
  return (
    <CssVarsProvider theme={theme} defaultMode="light" modeStorageKey="console.mode" colorSchemeStorageKey="console.color-scheme">
      {children}
    </CssVarsProvider>
  );
}
