import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServices, ServicesProvider } from '../../src/app/services';
import { LocaleProvider } from '../../src/i18n';
import { createJournal } from '../../src/machines/journal/journal';
import { RoutesMap, type MapRoute } from '../../src/screens/maps/routes-map';
import type { MapMarker, MapViewProps } from '../../src/ui/map';
import { fornDeLaLlotja } from '../../scenarios/catalogues';
import { setupTestBackend } from '../mocks/support';
import { testConfig } from './support';

/**
 * RoutesMap against the real mock directions service. The map itself (OpenLayers needs a canvas)
 * is a stand-in that shows what it was given: its markers, its lines and their points.
 */
const drawn: { current: MapViewProps | null } = { current: null };
function MapViewStandIn(props: MapViewProps) {
  useEffect(() => {
    drawn.current = props;
  });
  return (
    <div role="region" aria-label={props.ariaLabel} data-testid="map" data-markers={props.markers.length} data-lines={props.lines?.length ?? 0}>
      <ul aria-label="Markers">
        {props.markers.map((marker) => (
          <li key={marker.id}>{marker.label}</li>
        ))}
      </ul>
    </div>
  );
}
vi.mock('../../src/ui/map/map-view', () => ({ default: MapViewStandIn }));

const backend = setupTestBackend();
afterEach(() => {
  cleanup();
  drawn.current = null;
});

const store = { lat: fornDeLaLlotja.lat, lon: fornDeLaLlotja.lon };
const pickup = fornDeLaLlotja.pickupLocations[1];
const door = fornDeLaLlotja.deliveryStops[5];
const markers: MapMarker[] = [
  { id: 'store', ...store, color: '#C2410C', label: 'Forn de la Llotja', glyph: 'S' },
  { id: 'pickup', lat: pickup.lat, lon: pickup.lon, color: '#1565C0', label: pickup.name, glyph: '1' },
  { id: 'door', lat: door.lat, lon: door.lon, color: '#2E7D32', label: door.address, glyph: '2' },
];
const routes: MapRoute[] = [{ id: 'van-1', color: '#6A1B9A', places: [store, pickup, door] }];

function renderMap(language: 'en' | 'es' = 'en', { strict = false } = {}) {
  const services = createServices(testConfig(), {}, createJournal());
  const map = (
    <ServicesProvider services={services}>
      <LocaleProvider language={language}>
        <RoutesMap ariaLabel="Route of delivery 7" markers={markers} routes={routes} height={320} />
      </LocaleProvider>
    </ServicesProvider>
  );
  return render(strict ? <StrictMode>{map}</StrictMode> : map);
}

describe('RoutesMap', () => {
  it('draws every marker and the driving route from the directions service, on the offline base map', async () => {
    // The first render of the file loads the lazy map (the stand-in): awaited, so React does not
    // warn that it suspended inside a synchronous act().
    await act(async () => {
      renderMap();
    });
    expect(await screen.findByRole('region', { name: 'Route of delivery 7' })).toBeTruthy();
    await waitFor(() => expect(drawn.current?.lines).toHaveLength(1));
    const props = drawn.current!;
    expect(props.baseMap).toEqual({ kind: 'offline' });
    expect(props.markers).toEqual(markers);
    expect(props.lines![0]).toMatchObject({ id: 'van-1', color: '#6A1B9A' });
    // A road-following line has many more points than the three places.
    expect(props.lines![0].coordinates.length).toBeGreaterThan(10);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('when directions fail, says "We cannot read map" and still draws every marker; Retry draws the route', async () => {
    backend.current.devkit.fail('GET directions', 500);
    renderMap();
    expect((await screen.findByRole('alert')).textContent).toContain('We cannot read map');
    expect(drawn.current?.markers).toEqual(markers);
    expect(drawn.current?.lines).toEqual([]);
    expect(screen.getByRole('list', { name: 'Markers' }).querySelectorAll('li')).toHaveLength(3);

    backend.current.devkit.clearFaults();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(drawn.current?.lines).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(drawn.current?.markers).toEqual(markers);
  });

  it('under StrictMode (the actor stopped and started again while a request is under way) still draws the route', async () => {
    // Stopping aborts the request; the restarted actor asks again and must not take the aborted
    // request's network error as its own answer.
    backend.current.devkit.latency(150);
    renderMap('en', { strict: true });
    await waitFor(() => expect(drawn.current?.lines).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says it in Spanish too', async () => {
    backend.current.devkit.fail('GET directions', 'offline');
    renderMap('es');
    expect((await screen.findByRole('alert')).textContent).toContain('No podemos leer el mapa');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('announces the loading politely while the route is asked for', async () => {
    backend.current.devkit.latency(400);
    renderMap();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading the route…'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''), { timeout: 4000 });
    await act(async () => {});
    expect(drawn.current?.lines).toHaveLength(1);
  });
});
