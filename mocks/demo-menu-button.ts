import type { ButtonProps } from '@mui/joy/Button';

/**
 * The Demo menu's button in the top bar: the menu's own and the stand-in mock mode shows until the
 * kit has loaded (mocks/index.tsx) look exactly alike, so nothing changes when one replaces the other.
 */
export const demoMenuButtonProps = {
  variant: 'outlined',
  size: 'sm',
  sx: { color: 'common.white', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { bgcolor: 'rgba(255,255,255,0.15)' } },
} as const satisfies ButtonProps;
