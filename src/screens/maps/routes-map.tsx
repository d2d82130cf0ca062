import Box from '@mui/joy/Box';
import LinearProgress from '@mui/joy/LinearProgress';
import Skeleton from '@mui/joy/Skeleton';
import Stack from '@mui/joy/Stack';
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useMemo, useRef, type JSX } from 'react';
import { useServices } from '../../app/services';
import { useT } from '../../i18n';
import { baseMapOf } from '../../lib/base-map';
import { liveRoutesMapMachine, placesKey, type RouteToDraw, selectDrawnRoutes, selectRoutesFailed, selectRoutesLoading } from '../../machines/deliveries';
import { RetryAlert } from '../../ui/load-states';
import { LazyMapView, type MapLine, type MapMarker } from '../../ui/map';
import { visuallyHidden } from '../../ui/visually-hidden';
import { useFlow } from '../../app/use-flow';

/** A driving route to draw: from the first place to the last, the others as stopovers in order. */
export interface MapRoute {
  id: string;
  color: string;
  places: Array<{ lat: number; lon: number }>;
}

export interface RoutesMapProps {
  ariaLabel: string;
  markers: MapMarker[];
  routes: MapRoute[];
  selectedId?: string;
  onMarkerClick?: (id: string) => void;
  height: number | string;
  /** 'all' (default): fit the markers and routes whenever they change; 'none': leave the view to the operator. */
  fit?: 'all' | 'none';
}

/** Routes and their places, as a string that changes only when a request must be made again. */
const routesSignature = (routes: readonly MapRoute[]) => routes.map((r) => `${r.id}=${placesKey(r.places)}`).join('|');
const toDraw = (routes: readonly MapRoute[]): RouteToDraw[] => routes.map(({ id, places }) => ({ id, places }));

/**
 * The route map of spec section 2: markers for the places and a driving route per route, asked
 * from the directions service by the routes-map machine. A failed request says "We cannot read
 * map" (with Retry) and leaves every marker drawn. The map (OpenLayers) is loaded lazily.
 */
export function RoutesMap({ ariaLabel, markers, routes, selectedId, onMarkerClick, height, fit }: RoutesMapProps): JSX.Element {
  const t = useT();
  const { config } = useServices();
  const baseMap = useMemo(() => baseMapOf(config.maps), [config.maps]);
  const actor = useFlow(liveRoutesMapMachine, { input: { routes: toDraw(routes) } });

  // The machine hears when the routes change (it asks only for the routes whose places did).
  const signature = routesSignature(routes);
  const sent = useRef(signature);
  useEffect(() => {
    if (sent.current === signature) return;
    sent.current = signature;
    actor.send({ type: 'routes.changed', routes: toDraw(routes) });
  }, [actor, signature, routes]);

  const drawn = useSelector(actor, selectDrawnRoutes);
  const loading = useSelector(actor, selectRoutesLoading);
  const failed = useSelector(actor, selectRoutesFailed);
  const lines = useMemo<MapLine[]>(
    () =>
      routes.flatMap((route) => {
        const line = drawn[route.id];
        return line && line.key === placesKey(route.places) ? [{ id: route.id, color: route.color, coordinates: line.route.coordinates }] : [];
      }),
    [routes, drawn],
  );

  return (
    <Stack gap={1}>
      {failed ? <RetryAlert message={t('maps.routeFailed')} retryLabel={t('maps.retry')} onRetry={() => actor.send({ type: 'routes.retry' })} /> : null}
      <Box role="status" sx={visuallyHidden}>
        {loading ? t('maps.loadingRoutes') : ''}
      </Box>
      <Box sx={{ position: 'relative' }}>
        {loading ? <LinearProgress aria-hidden size="sm" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1, '--LinearProgress-radius': '0px' }} /> : null}
        <Suspense
          fallback={
            <Skeleton variant="rectangular" height={height} aria-busy="true" role="img" aria-label={t('maps.loading')} sx={{ borderRadius: 'sm' }} />
          }
        >
          <LazyMapView
            ariaLabel={ariaLabel}
            baseMap={baseMap}
            markers={markers}
            lines={lines}
            selectedId={selectedId}
            onMarkerClick={onMarkerClick}
            height={height}
            fit={fit}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}
