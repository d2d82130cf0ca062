/**
 * A stand-in for the maps module's RoutesMap (src/screens/maps/routes-map.tsx) in screen tests:
 * it lists what a screen gave it (markers with colour, glyph and label; routes with their
 * places), marks the selected marker, and offers each marker as a button that "clicks" it. What
 * the real map draws and asks the directions service is the maps module's own tests' business.
 *
 *   vi.mock('../../src/screens/maps/routes-map', () => import('../support/routes-map-stand-in'));
 */
interface StandInMarker {
  id: string;
  lat: number;
  lon: number;
  color: string;
  label: string;
  glyph?: string;
}
interface StandInRoute {
  id: string;
  color: string;
  places: Array<{ lat: number; lon: number }>;
}

export type MapRoute = StandInRoute;

export function RoutesMap(props: {
  ariaLabel: string;
  markers: StandInMarker[];
  routes: StandInRoute[];
  selectedId?: string;
  onMarkerClick?: (id: string) => void;
  height: number | string;
}) {
  return (
    <div role="region" aria-label={props.ariaLabel} data-testid="routes-map" data-selected={props.selectedId ?? ''}>
      <ul data-testid="map-markers">
        {props.markers.map((m) => (
          <li key={m.id} data-id={m.id} data-color={m.color} data-glyph={m.glyph ?? ''} data-lat={m.lat} data-lon={m.lon}>
            <button type="button" onClick={() => props.onMarkerClick?.(m.id)}>
              {m.label}
            </button>
          </li>
        ))}
      </ul>
      <ul data-testid="map-routes">
        {props.routes.map((r) => (
          <li key={r.id} data-id={r.id} data-color={r.color}>
            {JSON.stringify(r.places)}
          </li>
        ))}
      </ul>
    </div>
  );
}
