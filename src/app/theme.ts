import { extendTheme } from '@mui/joy/styles';

/**
 * Orange brand (the spec's orange top bar). Joy's defaults put text and solid fills on the 500
 * shade; orange 500 on white fails WCAG AA, so solids and text use 700+ (≥ 4.5:1 with white).
 */
const orange = {
  50: '#FFF7ED',
  100: '#FFEDD5',
  200: '#FED7AA',
  300: '#FDBA74',
  400: '#FB923C',
  500: '#F97316',
  600: '#EA580C',
  700: '#C2410C',
  800: '#9A3412',
  900: '#7C2D12',
};

export const TOP_BAR_BACKGROUND = orange[700];

export const theme = extendTheme({
  fontFamily: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    display: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  colorSchemes: {
    light: {
      palette: {
        primary: {
          ...orange,
          solidBg: 'var(--joy-palette-primary-700)',
          solidHoverBg: 'var(--joy-palette-primary-800)',
          solidActiveBg: 'var(--joy-palette-primary-900)',
          plainColor: 'var(--joy-palette-primary-800)',
          outlinedColor: 'var(--joy-palette-primary-800)',
          outlinedBorder: 'var(--joy-palette-primary-400)',
          softColor: 'var(--joy-palette-primary-900)',
          softBg: 'var(--joy-palette-primary-100)',
        },
      },
    },
    dark: {
      palette: {
        primary: {
          ...orange,
          solidBg: 'var(--joy-palette-primary-700)',
          solidHoverBg: 'var(--joy-palette-primary-800)',
          solidActiveBg: 'var(--joy-palette-primary-900)',
          plainColor: 'var(--joy-palette-primary-300)',
          outlinedColor: 'var(--joy-palette-primary-300)',
          softColor: 'var(--joy-palette-primary-100)',
          softBg: 'var(--joy-palette-primary-900)',
        },
      },
    },
  },
});
