import type { ReactNode } from 'react';
import { importJoyTheme } from './page-code';
import { preloadableLazy } from './preloadable-lazy';

/** Joy UI's theme module: the store's accent, light / dark, Joy's baseline (src/app/accent-theme.tsx). */
const { Component: JoyRoot, preload: loadJoyTheme } = preloadableLazy(importJoyTheme);
export { loadJoyTheme };

/**
 * Joy's theme around a Joy page or widget. Lazy: the sign-in page and the app-wide pieces are plain
 * UI and load no Joy (docs/decisions/019-sign-in-without-joy.md); the first Joy page fetches it
 * together with its own chunk (routes.tsx), so wrapping costs no extra round trip. Suspends like
 * a lazy screen until the theme has arrived (the nearest Suspense boundary shows meanwhile); once
 * it has, it renders at once (preloadable-lazy.ts), so a page whose code came first draws without a
 * fallback frame.
 */
export function JoyTheme({ children }: { children: ReactNode }) {
  return <JoyRoot>{children}</JoyRoot>;
}
