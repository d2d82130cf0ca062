import { lazy } from 'react';

/**
 * The one way into the map (OpenLayers, a large library): LazyMapView loads ./map-view and
 * OpenLayers in their own chunk the first time a map renders, so neither the shell nor the
 * sign-in page carries them. Render it inside <Suspense> (RoutesMap in src/screens/maps does).
 * Only types and the lazy component come from here; never import './map-view' directly.
 */
export type { BaseMap, MapLine, MapMarker, MapViewProps } from './types';
export { baseMapOf } from '../../lib/base-map';

export const LazyMapView = lazy(() => import('./map-view'));
