import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Typography from '@mui/joy/Typography';
import { useMemo } from 'react';
import type { DeliveryDetail, RoutePlace } from '../../api/logistics';
import { useT, type Translate } from '../../i18n';
import type { RoutePalette } from '../../lib/delivery-format';
import type { MapMarker } from '../../ui/map';
import { RoutesMap, type MapRoute } from '../maps/routes-map';
import { useDeliveryMapColors } from './delivery-colors';

/** A place's marker: its kind's colour (the theme's `route` palette) and letter, labelled with the kind, name and address. */
export function placeMarker(place: RoutePlace, index: number, t: Translate, colors: RoutePalette): MapMarker {
  return {
    id: `place-${index}`,
    lat: place.lat,
    lon: place.lon,
    color: colors[place.kind],
    glyph: t(`delivery.place.glyph.${place.kind}`),
    label: t('delivery.place.label', { kind: t(`delivery.place.${place.kind}`), name: place.name, address: place.address }),
  };
}

/** The delivery's way: every place in driving order (first → last, the others as stopovers). */
export function deliveryRouteOf(delivery: DeliveryDetail, colors: RoutePalette): MapRoute {
  return { id: `delivery-${delivery.id}`, color: colors.line, places: delivery.places.map(({ lat, lon }) => ({ lat, lon })) };
}

/** The places of a delivery's route, in order: the list the summary shows and the map's text twin. */
export function DeliveryPlaces({ places, headingLevel = 'h2' }: { places: readonly RoutePlace[]; headingLevel?: 'h2' | 'h3' }) {
  const t = useT();
  return (
    <Box component="section">
      <Typography level="title-md" component={headingLevel} sx={{ mb: 1 }}>
        {t('delivery.places')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }} data-testid="delivery-places">
        {places.map((place, index) => (
          <Box component="li" key={index} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box
              aria-hidden
              sx={{
                flex: '0 0 auto',
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: `route.${place.kind}`,
                color: 'common.white',
                display: 'grid',
                placeItems: 'center',
                fontSize: 'sm',
                fontWeight: 'lg',
              }}
            >
              {t(`delivery.place.glyph.${place.kind}`)}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography level="title-sm" component="div">
                {t('delivery.place.step', { step: index + 1 })}{' '}
                <Chip size="sm" variant="soft" color="neutral">
                  {t(`delivery.place.${place.kind}`)}
                </Chip>{' '}
                {place.name}
              </Typography>
              <Typography level="body-sm" textColor="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {place.address}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The route tab: the map with a marker per place and one driving route through all of them. */
export function DeliveryRoute({ delivery }: { delivery: DeliveryDetail }) {
  const t = useT();
  const { route: colors } = useDeliveryMapColors();
  const markers = useMemo(() => delivery.places.map((place, index) => placeMarker(place, index, t, colors)), [delivery.places, t, colors]);
  const routes = useMemo(() => [deliveryRouteOf(delivery, colors)], [delivery, colors]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <RoutesMap ariaLabel={t('delivery.routeMap', { id: delivery.id })} markers={markers} routes={routes} height={420} />
      <DeliveryPlaces places={delivery.places} />
    </Box>
  );
}
