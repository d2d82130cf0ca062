import { extendTheme } from '@mui/joy/styles';
import { accentPalette, BRAND_PALETTE, darkSchemePalette, isHexColor, type AccentPalette } from '../lib/accent-palette';
import { BRAND, RATING } from '../lib/theme-colors';

/**
 * The console's own palette entries beside Joy's (their CSS variables: `--joy-palette-brand-band`,
 * `--joy-palette-rating-star`, …): the brand band, which stays orange whatever the store's accent
 * (spec section 2), the mark, and the rating stars.
 */
declare module '@mui/joy/styles' {
  interface PaletteOverrides {
    brand: true;
    rating: true;
  }
}

const brand = { band: BRAND_PALETTE[500], ink: BRAND_PALETTE[800], leaf: BRAND.leaf };

/**
 * The console's theme with a primary palette: the brand orange by default; the store's colour
 * (Settings → Configuration) once the store profile is known (src/lib/accent-palette.ts).
 *
 * The one design source: colours, type, radii and shadows are defined here (on Joy's defaults) and
 * nowhere else. At build time scripts/theme-css-plugin.ts writes this theme's CSS variables, both
 * colour schemes, into a static stylesheet that every page loads first; the plain UI reads them
 * (src/ui/plain.css) and Joy's components read the same ones (src/app/accent-theme.tsx generates
 * none at run time). A store's accent overrides the primary ones (src/app/store-accent.tsx).
 */
function themeWithPalette(primary: AccentPalette) {
  return extendTheme({
    fontFamily: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      display: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    colorSchemes: {
      light: { palette: { primary, brand, rating: RATING.light } },
      // The dark scheme reads lighter shades for text and darker ones behind it (darkSchemePalette).
      dark: {
        palette: {
          primary: {
            ...darkSchemePalette(primary),
            plainColor: 'var(--joy-palette-primary-300)',
            outlinedColor: 'var(--joy-palette-primary-300)',
          },
          brand,
          rating: RATING.dark,
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
