import { extendTheme } from '@mui/joy/styles';
import { accentPalette, BRAND_PALETTE, darkSchemePalette, isHexColor, type AccentPalette } from '../lib/accent-palette';

/**
 * The console's theme with a primary palette: the brand orange by default; the store's colour
 * (Settings → Configuration) once the store profile is known (src/lib/accent-palette.ts).
 */
function themeWithPalette(primary: AccentPalette) {
  return extendTheme({
    fontFamily: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      display: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    colorSchemes: {
      light: { palette: { primary } },
      // The dark scheme reads lighter shades for text and darker ones behind it (darkSchemePalette).
      dark: {
        palette: {
          primary: {
            ...darkSchemePalette(primary),
            plainColor: 'var(--joy-palette-primary-300)',
            outlinedColor: 'var(--joy-palette-primary-300)',
          },
        },
      },
    },
  });
}

export const theme = themeWithPalette(BRAND_PALETTE);

/**
 * The theme whose accent follows the store's colour; the brand orange while there is none (or
 * it is not a #rrggbb colour). The top bar stays orange either way (spec section 2).
 */
export function themeWithAccent(color: string | null | undefined) {
  return color && isHexColor(color) ? themeWithPalette(accentPalette(color)) : theme;
}
