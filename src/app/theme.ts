import { extendTheme } from '@mui/joy/styles';
import { accentPalette, darkSchemePalette, isHexColor, type AccentPalette } from '../lib/accent-palette';

/**
 * Orange brand (the spec's orange top bar). Joy puts text, links and solid fills on the 500
 * shade; a true orange 500 on white fails WCAG AA, so our scale is shifted: 500 is a burnt orange
 * with ≥ 4.5:1 against white, and the lighter shades keep the brand's brightness for tints.
 */
const orange = {
  50: '#FFF7ED',
  100: '#FFEDD5',
  200: '#FED7AA',
  300: '#FDBA74',
  400: '#F97316',
  500: '#C2410C',
  600: '#AD3A0B',
  700: '#9A3412',
  800: '#7C2D12',
  900: '#5C210D',
};

export const TOP_BAR_BACKGROUND = orange[500];

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

export const theme = themeWithPalette(orange);

/**
 * The theme whose accent follows the store's colour; the brand orange while there is none (or
 * it is not a #rrggbb colour). The top bar stays orange either way (spec section 2).
 */
export function themeWithAccent(color: string | null | undefined) {
  return color && isHexColor(color) ? themeWithPalette(accentPalette(color)) : theme;
}
