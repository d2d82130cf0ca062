import joyColors from '@mui/joy/colors';
import { extendTheme, type Theme } from '@mui/joy/styles';
import { accentPalette, BRAND_PALETTE, darkSchemePalette, isHexColor, type AccentPalette } from '../lib/accent-palette';
import type { RoutePalette } from '../lib/delivery-format';
import type { MapPalette } from '../ui/map/types';

/**
 * Joy's colour scales, its default palette's. Node, which writes the theme's stylesheet at build
 * time (scripts/theme-css-plugin.ts), loads Joy's CommonJS build: there the default export comes
 * wrapped in the module object.
 */
const colors = (joyColors as typeof joyColors & { default?: typeof joyColors }).default ?? joyColors;

/**
 * The console's own palette entries beside Joy's (their CSS variables: `--joy-palette-brand-band`,
 * `--joy-palette-rating-star`, `--joy-palette-map-water`, …): the brand band, which stays orange
 * whatever the store's accent (spec section 2), the mark, the rating stars, the maps.
 */
declare module '@mui/joy/styles' {
  interface PaletteOverrides {
    brand: true;
    rating: true;
    map: true;
    route: true;
  }
}

/** The band and the mark's dish are the brand palette's 500 (src/ui/logo.tsx); its leaf is green. */
const brand = { band: BRAND_PALETTE[500], ink: BRAND_PALETTE[800], leaf: '#15803D' };

/** Rating stars: amber 700 keeps 3:1 (non-text contrast) on light surfaces; the dark scheme takes amber 500. */
const rating = { light: { star: '#b45309' }, dark: { star: '#f59e0b' } };

/**
 * How the maps draw (src/ui/map): the offline base map, the rings and glyphs of the markers, the
 * casing under route lines, the tile provider's credit. OpenLayers' canvas takes colours, not CSS
 * variables: the map reads these from the theme object (its frame and credit, from the variables).
 */
const map: Record<'light' | 'dark', MapPalette> = {
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
 * The routes on the maps, the same in both schemes: a single delivery's line and its places'
 * markers; the trucks' lines on the delivery map, apart from each other and from the delivery
 * statuses' markers (the 500 shades of neutral, warning, success and danger). Joy's blue (its
 * default primary, which the console's brand replaces) and grey, and darker hues of Material's.
 */
const purple = '#7B1FA2';
const route: RoutePalette = {
  line: colors.blue[500],
  store: colors.grey[700],
  pickup: purple,
  recipient: colors.blue[500],
  trucks: [colors.blue[500], purple, '#00838F', '#AD1457', '#283593', '#5D4037', '#2E7D32', '#EF6C00'],
};

/**
 * On a phone or a narrow tablet (below Joy's `md`, where the lists turn into cards,
 * src/screens/shared/list-table.tsx) every button, icon button and tab is at least 44 × 44 px, and
 * every text field, select and switch 44 px tall: the platform guideline for a finger (WCAG 2.5.8 asks
 * 24 px), whatever size the screen gave it.
 */
export const TOUCH_TARGET_PX = 44;
const touchTarget = ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('md')]: { minHeight: TOUCH_TARGET_PX, minWidth: TOUCH_TARGET_PX } });

/**
 * The console's theme with a primary palette: the brand orange by default; the store's colour
 * (Settings → Configuration) once the store profile is known (src/lib/accent-palette.ts).
 *
 * The one design source: colours, type, radii and shadows are defined here (on Joy's defaults) and
 * nowhere else. At build time scripts/theme-css-plugin.ts writes this theme's CSS variables, both
 * colour schemes, into a static stylesheet that every page loads first; the plain UI reads them
 * (src/ui/plain.css) and Joy's components read the same ones (src/app/accent-theme.tsx generates
 * none at run time). A store's accent overrides the primary ones (src/app/store-accent.tsx). What
 * draws on a canvas (the maps) reads the colours from this theme object, through Joy's `useTheme`.
 */
function themeWithPalette(primary: AccentPalette) {
  return extendTheme({
    components: {
      JoyButton: { styleOverrides: { root: touchTarget } },
      JoyIconButton: { styleOverrides: { root: touchTarget } },
      JoyTab: { styleOverrides: { root: touchTarget } },
      // The switch's hit area (its input, over the whole root) grows; the track stays as drawn.
      JoySwitch: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('md')]: { minHeight: TOUCH_TARGET_PX, minWidth: TOUCH_TARGET_PX, justifyContent: 'center', position: 'relative' } }) } },
      JoyInput: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('md')]: { '--Input-minHeight': `${TOUCH_TARGET_PX}px` } }) } },
      JoySelect: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('md')]: { '--Select-minHeight': `${TOUCH_TARGET_PX}px` } }) } },
    },
    fontFamily: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      display: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    colorSchemes: {
      light: { palette: { primary, brand, rating: rating.light, map: map.light, route } },
      // The dark scheme reads lighter shades for text and darker ones behind it (darkSchemePalette).
      dark: {
        palette: {
          primary: {
            ...darkSchemePalette(primary),
            plainColor: 'var(--joy-palette-primary-300)',
            outlinedColor: 'var(--joy-palette-primary-300)',
          },
          brand,
          rating: rating.dark,
          map: map.dark,
          route,
        },
      },
    },
  });
}

export const theme = themeWithPalette(BRAND_PALETTE);

/**
 * The theme whose accent follows the store's colour; the brand orange while there is none (or
 * it is not a #rrggbb colour). The top bar stays orange either way (spec section 2). Joy's
 * components draw the accent from the CSS variables src/app/store-accent.tsx writes; this theme
 * object gives the same palette to what reads it in JavaScript (the charts, src/screens/dashboards).
 */
export function themeWithAccent(color: string | null | undefined) {
  return color && isHexColor(color) ? themeWithPalette(accentPalette(color)) : theme;
}
