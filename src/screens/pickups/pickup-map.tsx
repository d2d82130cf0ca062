import Skeleton from '@mui/joy/Skeleton';
import { Suspense, useMemo } from 'react';
import { useServices } from '../../app/services';
import { useLocale } from '../../i18n';
import { BRAND_PALETTE } from '../../lib/accent-palette';
import type { Position } from '../../machines/pickups';
import { baseMapOf, LazyMapView, type MapMarker } from '../../ui/map';

const MAP_HEIGHT = 320;
/** The console's orange (the top bar's), for the one marker. */
const MARKER_COLOR = BRAND_PALETTE[500];

/**
 * The pickup location on the map (OpenLayers, loaded when first shown): one marker where it is, a
 * click moves it. Without a position yet the map opens on the store.
 */
export function PickupMap({
  position,
  fallbackCenter,
  label,
  onPick,
}: {
  position: Position | null;
  fallbackCenter: Position | null;
  label: string;
  onPick: (position: Position) => void;
}) {
  const { t } = useLocale();
  const { config } = useServices();
  const baseMap = useMemo(() => baseMapOf(config.maps), [config.maps]);
  const lat = position?.lat;
  const lon = position?.lon;
  // The same markers while the position and label stay: the map does not redraw on each keystroke elsewhere.
  const markers = useMemo<MapMarker[]>(() => (lat !== undefined && lon !== undefined ? [{ id: 'pickup', lat, lon, color: MARKER_COLOR, label }] : []), [lat, lon, label]);
  const center = position ?? fallbackCenter ?? undefined;
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={MAP_HEIGHT} role="img" aria-busy="true" aria-label={t('pickupForm.mapLoading')} sx={{ borderRadius: 'sm' }} />}>
      <LazyMapView
        ariaLabel={t('pickupForm.map')}
        baseMap={baseMap}
        markers={markers}
        {...(center ? { center } : {})}
        zoom={position ? 16 : 13}
        fit="none"
        onMapClick={onPick}
        height={MAP_HEIGHT}
      />
    </Suspense>
  );
}
