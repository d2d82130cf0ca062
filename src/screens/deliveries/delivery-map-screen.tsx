import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Delivery } from '../../api/logistics';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale, type Translate } from '../../i18n';
import { DELIVERY_STATUSES } from '../../api/logistics';
import {
  deliveryStatusColor,
  formatClockTime,
  formatDeliveryTime,
  pickupInitials,
  placedDeliveries,
  statusCounts,
  truckRoutes,
  type TruckRoute,
} from '../../lib/delivery-format';
import { formatNumber } from '../../lib/format';
import { liveDeliveryMapMachine, selectDeliveryMapPhase, selectDeliveryMapStale, selectRefreshedAt } from '../../machines/deliveries';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import type { MapMarker } from '../../ui/map';
import { RetryAlert } from '../../ui/load-states';
import { RoutesMap, type MapRoute } from '../maps/routes-map';
import { DeliveryCard, DeliveryStatusTag } from './delivery-card';
import { useDeliveryMapColors, type DeliveryMapColors } from './delivery-colors';
import { useFlow } from '../../app/use-flow';

const STORE_MARKER_ID = 'store';
const MAP_HEIGHT = 520;

/**
 * /delivery-map (side navigation "Live"): today's deliveries on one map, coloured by status, with
 * each truck's route from the store; refreshed while the tab is visible. A marker or an entry of
 * the list beside the map selects a delivery (?delivery={id}, so reload keeps it) and shows its card.
 */
export default function DeliveryMapScreen() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  return <Page titleKey="page.deliveryMap">{storeId !== null && <DeliveryMap key={storeId} />}</Page>;
}

function DeliveryMap() {
  const { t, language } = useLocale();
  const actor = useFlow(liveDeliveryMapMachine);
  const phase = useSelector(actor, selectDeliveryMapPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const stale = useSelector(actor, selectDeliveryMapStale);
  const refreshedAt = useSelector(actor, selectRefreshedAt);
  const today = useProjection('deliveriesToday', (view) => view);
  const store = useProjection('session', (view) => view.user?.store ?? null);
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('delivery') ?? NaN);

  // In driving order through the day: the list beside the map reads like the drivers' day.
  const deliveries = useMemo(() => today.items.toSorted((a, b) => a.delivery_date - b.delivery_date || a.id - b.id), [today.items]);
  const placed = useMemo(() => placedDeliveries(deliveries), [deliveries]);
  const colors = useDeliveryMapColors();
  const routes = useMemo(() => (store ? truckRoutes(placed, store, colors.route.trucks) : []), [placed, store, colors]);
  const mapRoutes = useMemo<MapRoute[]>(() => routes.map((route) => ({ id: `truck-${route.truck}`, color: route.color, places: route.places })), [routes]);
  const markers = useMemo(() => markersOf(placed, store, t, colors), [placed, store, t, colors]);
  const selected = deliveries.find((d) => d.id === selectedId) ?? null;

  const select = useCallback(
    (id: number) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('delivery', String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const onMarkerClick = useCallback(
    (id: string) => {
      const delivery = Number(id);
      if (id !== STORE_MARKER_ID && Number.isInteger(delivery)) select(delivery);
    },
    [select],
  );

  const loaded = today.day !== null;
  const selectedHeading = useId();
  const counts = statusCounts(deliveries);

  return (
    // One column that never grows past the content area: the list's one-line addresses would widen it.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
        {loaded && (
          <Typography level="title-md" component="p">
            {t('deliveryMap.day', { day: today.day!.replaceAll('-', '/'), count: formatNumber(deliveries.length, language) })}
          </Typography>
        )}
        <Typography level="body-sm" textColor="text.secondary" data-testid="refreshed-at">
          {refreshedAt !== null ? t('deliveryMap.refreshedAt', { time: formatClockTime(refreshedAt) }) : t('deliveryMap.refreshing')}
        </Typography>
      </Box>

      {stale && (
        <Typography level="body-sm" color="warning" role="status">
          {t('deliveryMap.stale')}
        </Typography>
      )}

      {phase === 'failed' && !loaded && (
        <RetryAlert message={t('deliveryMap.loadFailed')} failure={loadFailure} retryLabel={t('deliveries.retry')} onRetry={() => actor.send({ type: 'map.retry' })} />
      )}

      {!loaded && phase === 'loading' && <Skeleton variant="rectangular" height={MAP_HEIGHT} sx={{ borderRadius: 'md' }} role="img" aria-busy="true" aria-label={t('app.loading')} />}

      {loaded && (
        <>
          <Legend counts={counts} routes={routes} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(300px, 1fr)' }, alignItems: 'start' }}>
            <RoutesMap
              ariaLabel={t('deliveryMap.mapLabel')}
              markers={markers}
              routes={mapRoutes}
              selectedId={selected ? String(selected.id) : undefined}
              onMarkerClick={onMarkerClick}
              height={MAP_HEIGHT}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
              <Box component="section" aria-labelledby={selectedHeading}>
                <Typography id={selectedHeading} level="title-md" component="h2" sx={{ mb: 1 }}>
                  {t('deliveryMap.selected')}
                </Typography>
                {selected ? (
                  <DeliveryCard delivery={selected} headingLevel="h3" />
                ) : (
                  <Typography level="body-sm" textColor="text.secondary">
                    {t('deliveryMap.selectHint')}
                  </Typography>
                )}
              </Box>
              <TodayList deliveries={deliveries} selectedId={selected?.id ?? null} onSelect={select} />
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}

/** A delivery with the recipient's door: one the map can place. */
type PlacedDelivery = Delivery & { lat: number; lon: number };

/** The markers: the store, then each delivery in its status's colour and sign. */
function markersOf(
  deliveries: ReadonlyArray<PlacedDelivery>,
  store: { name: string; lat: number; lon: number } | null,
  t: Translate,
  colors: DeliveryMapColors,
): MapMarker[] {
  const stops = deliveries.map((delivery) => ({
    id: String(delivery.id),
    lat: delivery.lat,
    lon: delivery.lon,
    color: colors.status[delivery.delivery_status],
    glyph: deliveryStatusColor(delivery.delivery_status).glyph,
    label: t('deliveryMap.markerLabel', {
      time: formatDeliveryTime(delivery.delivery_date),
      address: delivery.order_address,
      status: t(`delivery.status.${delivery.delivery_status}`),
    }),
  }));
  if (!store) return stops;
  return [
    {
      id: STORE_MARKER_ID,
      lat: store.lat,
      lon: store.lon,
      color: colors.route.store,
      glyph: t('delivery.place.glyph.store'),
      label: t('deliveryMap.storeMarker', { name: store.name }),
    },
    ...stops,
  ];
}

/**
 * A legend's sample of a colour (or of a palette shade, `success.500`): a dot for a status (like
 * its markers), a line for a route.
 */
function Swatch({ color, shape }: { color: string; shape: 'dot' | 'line' }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: shape === 'dot' ? 12 : 20, height: shape === 'dot' ? 12 : 4, borderRadius: shape === 'dot' ? '50%' : 2, bgcolor: color, flex: '0 0 auto' }}
    />
  );
}

/** What the colours mean: each status with its count today, each truck with its number of stops. */
const Legend = memo(function Legend({ counts, routes }: { counts: Record<Delivery['delivery_status'], number>; routes: readonly TruckRoute<PlacedDelivery>[] }) {
  const { t, language } = useLocale();
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 1.5, sm: 4 }, py: 1.5 }}>
      <Box>
        <Typography level="title-sm" component="h2" sx={{ mb: 0.5 }}>
          {t('deliveryMap.legendStatuses')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }} data-testid="status-legend">
          {DELIVERY_STATUSES.map((status) => (
            <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 'sm' }} data-status={status}>
              <Swatch color={`${deliveryStatusColor(status).color}.500`} shape="dot" />
              {t('deliveryMap.statusCount', { status: t(`delivery.status.${status}`), count: formatNumber(counts[status], language) })}
            </Box>
          ))}
        </Box>
      </Box>
      <Box>
        <Typography level="title-sm" component="h2" sx={{ mb: 0.5 }}>
          {t('deliveryMap.legendTrucks')}
        </Typography>
        {routes.length === 0 ? (
          <Typography level="body-sm" textColor="text.secondary">
            {t('deliveryMap.noRoutes')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }} data-testid="truck-legend">
            {routes.map((route) => (
              <Box component="li" key={route.truck} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 'sm' }} data-truck={route.truck}>
                <Swatch color={route.color} shape="line" />
                {t('deliveryMap.truckStops', { truck: route.truck, count: formatNumber(route.stops.length, language) })}
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Card>
  );
});

/** Today's deliveries as a list of buttons: the keyboard's way to what the map's markers offer. */
const TodayList = memo(function TodayList({
  deliveries,
  selectedId,
  onSelect,
}: {
  deliveries: readonly Delivery[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const t = useLocale().t;
  const heading = useId();
  return (
    <Box component="section" aria-labelledby={heading}>
      <Typography id={heading} level="title-md" component="h2" sx={{ mb: 1 }}>
        {t('deliveryMap.listTitle')}
      </Typography>
      {deliveries.length === 0 ? (
        <Typography level="body-sm" textColor="text.secondary">
          {t('deliveryMap.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5, maxHeight: { md: 420 }, overflowY: { md: 'auto' } }} data-testid="today-list">
          {deliveries.map((delivery) => {
            const pressed = delivery.id === selectedId;
            return (
              <li key={delivery.id}>
                <Box
                  component="button"
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onSelect(delivery.id)}
                  data-delivery-id={delivery.id}
                  sx={(theme) => ({
                    all: 'unset',
                    boxSizing: 'border-box',
                    width: '100%',
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    p: 1,
                    borderRadius: 'sm',
                    cursor: 'pointer',
                    fontSize: 'sm',
                    color: 'text.primary',
                    border: '1px solid',
                    borderColor: pressed ? 'primary.outlinedBorder' : 'transparent',
                    bgcolor: pressed ? 'primary.softBg' : 'transparent',
                    '&:hover': { bgcolor: pressed ? 'primary.softHoverBg' : 'neutral.softBg' },
                    '&:focus-visible': theme.focus.default,
                  })}
                >
                  <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 'md', flex: '0 0 auto' }}>
                    {formatDeliveryTime(delivery.delivery_date)}
                  </Box>
                  <Box component="span" aria-hidden sx={{ fontWeight: 'lg', flex: '0 0 auto', width: '2.2em' }}>
                    {pickupInitials(delivery.pickup_code)}
                  </Box>
                  <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {delivery.order_address}
                  </Box>
                  <DeliveryStatusTag status={delivery.delivery_status} />
                </Box>
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
});
