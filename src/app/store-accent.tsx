import { useEffect, useLayoutEffect } from 'react';
import { BRAND_PALETTE, accentPalette, darkSchemePalette, isHexColor, type AccentPalette } from '../lib/accent-palette';
import { readJson, storageKeys, writeJson } from '../lib/storage';
import { useProjection } from './hooks';

/** The accent the store had when the page last showed it (cleared with all app storage at sign-out). */
function rememberedAccent(storeId: number | null): string | null {
  if (storeId === null) return null;
  const stored = readJson('local', storageKeys.accent) as { storeId?: unknown; color?: unknown } | undefined;
  return stored?.storeId === storeId && typeof stored.color === 'string' && isHexColor(stored.color) ? stored.color : null;
}

/**
 * The current store's accent colour: from the store projection, so a saved configuration
 * (store.profileSaved) recolours the console at once, and signing out or switching store (the
 * projection clears) brings the brand orange back (null). Until the store's profile arrives after
 * a reload, the colour remembered for that store, so the console does not flash the brand orange.
 */
export function useStoreAccent(): string | null {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  const loadedStoreId = useProjection('store', (view) => view.profile?.id ?? null);
  const loaded = useProjection('store', (view) => view.profile?.color ?? null);
  useEffect(() => {
    if (loadedStoreId !== null && loaded !== null) writeJson('local', storageKeys.accent, { storeId: loadedStoreId, color: loaded });
  }, [loadedStoreId, loaded]);
  return loaded ?? rememberedAccent(storeId);
}

const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

/** "r g b" of a #rrggbb colour, as Joy's *Channel variables hold it. */
const channel = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(' ');

/** Joy's primary tokens on the shades (Joy's extendTheme; the console's theme reads 300 for dark text, src/app/theme.ts). */
const LIGHT_TOKENS = {
  plainColor: 500, plainHoverBg: 100, plainActiveBg: 200,
  outlinedColor: 500, outlinedBorder: 300, outlinedHoverBg: 100,
  softColor: 700, softBg: 100, softHoverBg: 200, softActiveBg: 300,
  solidBg: 500, solidHoverBg: 600, solidActiveBg: 700,
} as const;
const DARK_TOKENS = {
  plainColor: 300, plainHoverBg: 800, plainActiveBg: 700,
  outlinedColor: 300, outlinedBorder: 700, outlinedHoverBg: 800,
  softColor: 200, softBg: 800, softHoverBg: 700, softActiveBg: 600,
  solidBg: 500, solidHoverBg: 600, solidActiveBg: 700,
} as const;

/**
 * `mainShade`: the shade of the *mainChannel variable (Joy: 500 in light, 400 in dark); the light
 * and dark channels are 200's and 700's in both (Joy's extendTheme, attachColorChannels).
 */
function declarations(palette: AccentPalette, tokens: typeof LIGHT_TOKENS | typeof DARK_TOKENS, mainShade: 400 | 500): string {
  const shades = SHADES.map((shade) => `--joy-palette-primary-${shade}: ${palette[shade]};`);
  const named = Object.entries(tokens).map(([token, shade]) => `--joy-palette-primary-${token}: var(--joy-palette-primary-${shade});`);
  const channels = [
    `--joy-palette-primary-mainChannel: ${channel(palette[mainShade])};`,
    `--joy-palette-primary-lightChannel: ${channel(palette[200])};`,
    `--joy-palette-primary-darkChannel: ${channel(palette[700])};`,
  ];
  return [...shades, ...named, ...channels, '--joy-palette-focusVisible: var(--joy-palette-primary-500);'].join(' ');
}

/**
 * The accent as the CSS variables Joy's theme defines (light, and dark under Joy's attribute): the
 * primary ones of the theme's static stylesheet (scripts/theme-css-plugin.ts), which this one
 * follows in the page and so overrides.
 */
export function accentStylesheet(color: string | null): string {
  const light = color && isHexColor(color) ? accentPalette(color) : BRAND_PALETTE;
  return `:root { ${declarations(light, LIGHT_TOKENS, 500)} }\n:root[data-joy-color-scheme='dark'] { ${declarations(darkSchemePalette(light), DARK_TOKENS, 400)} }`;
}

/**
 * The store's accent, the one way it reaches the page (docs/decisions/035-one-design-source.md):
 * Joy's own primary variables, written to one stylesheet in the head, which the plain UI
 * (src/ui/plain.css) and Joy's components read alike (Joy's provider writes no variables of its
 * own, src/app/accent-theme.tsx). Mounted once, at the app's root. Without a store colour the
 * theme's static stylesheet already holds the brand orange: nothing is written.
 */
export function StoreAccentVariables() {
  const color = useStoreAccent();
  useLayoutEffect(() => {
    if (!color || !isHexColor(color)) return;
    const style = document.createElement('style');
    style.dataset.storeAccent = '';
    style.textContent = accentStylesheet(color);
    document.head.append(style);
    return () => style.remove();
  }, [color]);
  return null;
}
