import { useTheme, type Palette } from '@mui/joy/styles';
import { useMemo } from 'react';
import { DELIVERY_STATUS_COLORS, type DeliveryStatusName, type RoutePalette } from '../../lib/delivery-format';

/**
 * The colours the delivery maps draw their markers and lines in, from the theme (src/app/theme.ts):
 * OpenLayers draws on a canvas, which takes colours, not CSS variables. A status's marker is its
 * tag's solid fill, the 500 shade of its Joy colour; routes and their places are the theme's
 * `route` palette.
 */
export interface DeliveryMapColors {
  status: Readonly<Record<DeliveryStatusName, string>>;
  route: RoutePalette;
}

/** The delivery maps' colours in one colour scheme's palette. */
export function deliveryMapColors(palette: Palette): DeliveryMapColors {
  const shade500 = (status: DeliveryStatusName): string => palette[DELIVERY_STATUS_COLORS[status].color][500];
  return {
    status: { pending: shade500('pending'), assigned: shade500('assigned'), delivered: shade500('delivered'), rejected: shade500('rejected') },
    route: palette.route as RoutePalette,
  };
}

/** The delivery maps' colours in the colour scheme shown (Joy's theme of the page). */
export function useDeliveryMapColors(): DeliveryMapColors {
  const { colorSchemes, palette } = useTheme();
  const scheme = palette.mode;
  return useMemo(() => deliveryMapColors(colorSchemes[scheme].palette), [colorSchemes, scheme]);
}
