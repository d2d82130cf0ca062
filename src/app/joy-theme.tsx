import { lazy, type ReactNode } from 'react';
import { importJoyTheme } from './page-code';

/** Joy UI's theme module: the store's accent, light / dark, Joy's baseline (src/app/accent-theme.tsx). */
export const loadJoyTheme = importJoyTheme;

const JoyRoot = lazy(loadJoyTheme);

/**
 * Joy's theme around a Joy page or widget. Lazy: the sign-in page and the app-wide pieces are plain
 * UI and load no Joy (docs/decisions/019-sign-in-without-joy.md); the first Joy page fetches it
 * together with its own chunk (routes.tsx), so wrapping costs no extra round trip. Suspends like
 * a lazy screen: the nearest Suspense boundary shows meanwhile.
 */
export function JoyTheme({ children }: { children: ReactNode }) {
  return <JoyRoot>{children}</JoyRoot>;
}
