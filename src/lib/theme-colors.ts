import type { RoadClass } from './offline-map/format';

/**
 * The console's own colours, beyond Joy's defaults and the accent, as plain data (no Joy, so the
 * first page and pure code can read them). With src/app/theme.ts (Joy's theme) and
 * src/lib/accent-palette.ts (the accent made from a store's colour), the only place a colour is
 * written down: scripts/check-colours.ts fails `npm test` on a colour anywhere else in src/.
 *
 * The theme puts the ones a stylesheet draws with into Joy's palette (`BRAND`, `RATING`), so they
 * reach CSS as Joy variables (`--joy-palette-brand-leaf`, `--joy-palette-rating-star`). The rest are
 * drawn where a CSS variable does not reach: OpenLayers' canvas (the offline map, markers, route
 * lines), the QR code (dark on light in either scheme, for the scanner) and the colour picker.
 */

/** The mark's green leaf (src/ui/logo.tsx); the band and the dish are the brand palette's 500. */
export const BRAND = { leaf: '#15803D' } as const;

/** Rating stars: amber 700 keeps 3:1 (non-text contrast) on light surfaces; the dark scheme takes amber 500. */
export const RATING = {
  light: { star: '#b45309' },
  dark: { star: '#f59e0b' },
} as const;

/** How the offline base map draws (src/ui/map/map-styles.ts), per colour scheme. */
export interface MapPalette {
  background: string;
  water: string;
  park: string;
  roads: Record<RoadClass, { fill: string; casing: string }>;
  /** A street zoomed out: one thin line. */
  thinStreet: string;
  label: string;
  halo: string;
  markerRing: string;
  selectedRing: string;
  lineCasing: string;
  /** The glyph on a marker and the outline that keeps it readable on any fill. */
  markerGlyph: string;
  markerGlyphHalo: string;
  /** The tile provider's credit, over the map's corner. */
  attributionBg: string;
  attributionText: string;
}

export const MAP_PALETTES: Readonly<Record<'light' | 'dark', MapPalette>> = {
  light: {
    background: '#f2efe9',
    water: '#aad3df',
    park: '#cdebb0',
    roads: {
      street: { fill: '#ffffff', casing: '#d9d0c1' },
      primary: { fill: '#fcd6a4', casing: '#c99a5b' },
      trunk: { fill: '#f6b0a4', casing: '#c06f64' },
    },
    thinStreet: '#d9d0c1',
    label: '#2f2f2f',
    halo: 'rgba(255, 255, 255, 0.9)',
    markerRing: '#ffffff',
    selectedRing: '#111111',
    lineCasing: 'rgba(255, 255, 255, 0.9)',
    markerGlyph: '#ffffff',
    markerGlyphHalo: 'rgba(0, 0, 0, 0.55)',
    attributionBg: 'rgba(255, 255, 255, 0.85)',
    attributionText: '#333333',
  },
  dark: {
    background: '#1d2025',
    water: '#1d3a4c',
    park: '#20362a',
    roads: {
      street: { fill: '#3b4049', casing: '#2a2e35' },
      primary: { fill: '#6e5a37', casing: '#4a3c25' },
      trunk: { fill: '#7c4640', casing: '#552f2b' },
    },
    thinStreet: '#3b4049',
    label: '#e4e4e4',
    halo: 'rgba(0, 0, 0, 0.85)',
    markerRing: '#ffffff',
    selectedRing: '#ffffff',
    lineCasing: 'rgba(0, 0, 0, 0.7)',
    markerGlyph: '#ffffff',
    markerGlyphHalo: 'rgba(0, 0, 0, 0.55)',
    attributionBg: 'rgba(0, 0, 0, 0.75)',
    attributionText: '#f0f0f0',
  },
};

/**
 * A delivery status's marker fill on the map: the 500 shade of the Joy colour its tag is drawn in
 * (tests/unit/delivery-format.test.ts holds each to Joy's palette); white text reads on each.
 */
export const STATUS_MARKER = {
  neutral: '#636B74',
  warning: '#9A5B13',
  success: '#1F7A1F',
  danger: '#C41C1C',
} as const;

/** The trucks' route lines: apart from each other and from the status markers. */
export const TRUCK_ROUTES: readonly string[] = ['#0B6BCB', '#7B1FA2', '#00838F', '#AD1457', '#283593', '#5D4037', '#2E7D32', '#EF6C00'];

/** A single delivery's route: its line and its places' markers (the store, the pickup point, the door). */
export const DELIVERY_ROUTE = {
  line: '#0B6BCB',
  store: '#32383E',
  pickup: '#7B1FA2',
  recipient: '#0B6BCB',
} as const;

/** A QR code is dark on light whatever the colour scheme: what scanners read. */
export const QR_CODE = { ink: '#000000', paper: '#ffffff' } as const;

/** What the native colour picker shows while the typed code is not a colour yet. */
export const COLOR_PICKER_START = '#000000';
