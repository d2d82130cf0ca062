import Box from '@mui/joy/Box';
import IconButton from '@mui/joy/IconButton';
import { useColorScheme, useTheme } from '@mui/joy/styles';
import Typography from '@mui/joy/Typography';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { focus, platformModifierKey } from 'ol/events/condition';
import { createEmpty, extend as extendExtent, isEmpty } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import MouseWheelZoom from 'ol/interaction/MouseWheelZoom';
import type BaseLayer from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { unByKey } from 'ol/Observable';
import type { EventsKey } from 'ol/events';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import 'ol/ol.css';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocale } from '../../i18n';
import { loadOfflineCity, OFFLINE_CITIES, offlineCitiesIn, type OfflineCity } from '../../lib/offline-map';
import { FitIcon, MinusIcon, PlusIcon } from '../icons';
import { visuallyHidden } from '../visually-hidden';
import { areaStyle, labelStyle, lineStyle, markerStyle, roadStyle, type Palette } from './map-styles';
import type { BaseMap, MapLine, MapMarker, MapViewProps } from './types';

/**
 * The map (OpenLayers), loaded lazily through LazyMapView (./index.ts). Draws a base map (the
 * bundled offline map or XYZ tiles), route lines under coloured markers, and keeps the view
 * fitted to them. Keyboard: the map is focusable; arrows pan, + and − zoom (OpenLayers'
 * keyboard interactions), and the zoom buttons are labelled. The marker labels are listed for
 * screen readers. Test hooks on the [data-testid="map"] element: data-ready ("true" once the
 * base map and the features are drawn); and, written from OpenLayers itself at each complete
 * render (never from the props), data-markers and data-lines (the features in the marker and line
 * sources), data-line-points (the coordinates of the line geometries) and data-marker-pixels (a
 * JSON object: each marker in view by id, its [x, y] in CSS pixels from the map's top left corner,
 * where a click hits it).
 */

const DEFAULT_CENTER = { lat: 40.4168, lon: -3.7038 };
const DEFAULT_ZOOM = 12;
const FIT_MAX_ZOOM = 16;
const FIT_PADDING_PX = 48;
/** Offline cities are fetched only from about zoom 10 in (metres per pixel). */
const CITY_DATA_FROM_RESOLUTION = 160;
/** City names from the index show when zoomed out past the districts (metres per pixel). */
const CITY_NAMES_FROM_RESOLUTION = 12;

interface Ol {
  map: OlMap;
  markers: VectorSource<Feature<Point>>;
  lines: VectorSource<Feature<LineString>>;
  markerLayer: VectorLayer<VectorSource<Feature<Point>>>;
  lineLayer: VectorLayer<VectorSource<Feature<LineString>>>;
  /** City loads under way; data-ready waits for them. */
  pending: number;
  /** Bumped on every change the next rendercomplete must include. */
  generation: number;
  /** The marker drawn highlighted (read by the marker style). */
  selectedId: string | undefined;
  /** The markers and lines drawn (signatureOf), and the ids the view was last fitted to. */
  drawnSignature: string | null;
  fittedIds: string | null;
  /** Requests the offline cities in view not requested yet (offline base map only). */
  loadVisibleCities: (() => void) | null;
}

function markerFeature(marker: MapMarker): Feature<Point> {
  const feature = new Feature({ geometry: new Point(fromLonLat([marker.lon, marker.lat])), color: marker.color, glyph: marker.glyph, label: marker.label });
  feature.setId(marker.id);
  return feature;
}

function lineFeature(line: MapLine): Feature<LineString> {
  const feature = new Feature({ geometry: new LineString(line.coordinates.map((c) => fromLonLat(c))), color: line.color });
  feature.setId(line.id);
  return feature;
}

const project = (lonLat: [number, number]) => fromLonLat(lonLat);

/** The offline city as three layers: water and parks, roads, place names. */
function offlineCityLayers(city: OfflineCity, palette: Palette): BaseLayer[] {
  const areas = new VectorSource({
    features: city.areas.map((area) => new Feature({ geometry: new Polygon([area.ring.map(project)]), kind: area.kind })),
  });
  const roads = new VectorSource({
    features: city.ways.map((way) => new Feature({ geometry: new LineString(way.nodes.map((n) => project(city.nodes[n]))), road: way.road })),
  });
  const labels = new VectorSource({
    features: city.labels.filter((l) => l.rank > 0).map((l) => new Feature({ geometry: new Point(project(l.position)), name: l.name, rank: l.rank })),
  });
  return [
    new VectorLayer({ source: areas, style: areaStyle(palette), zIndex: 1, properties: { base: true } }),
    new VectorLayer({ source: roads, style: roadStyle(palette), zIndex: 2, updateWhileInteracting: false, properties: { base: true } }),
    new VectorLayer({ source: labels, style: labelStyle(palette), zIndex: 3, declutter: true, properties: { base: true } }),
  ];
}

/** City names of the offline map's index, for when the map is zoomed out past the city data. */
function cityNamesLayer(palette: Palette): BaseLayer {
  const source = new VectorSource({
    features: OFFLINE_CITIES.map(({ name, bbox }) => new Feature({ geometry: new Point(fromLonLat([(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2])), name, rank: 1 })),
  });
  const names = labelStyle(palette);
  return new VectorLayer({
    source,
    style: (feature, resolution) => (resolution > CITY_NAMES_FROM_RESOLUTION ? names(feature, 1) : undefined),
    zIndex: 3,
    declutter: true,
    properties: { base: true },
  });
}

const idsOf = (markers: readonly MapMarker[], lines: readonly MapLine[]) => [...markers.map((m) => `m:${m.id}`), ...lines.map((l) => `l:${l.id}`)].join('|');

/**
 * What the drawn features depend on, as a string: parents may pass fresh arrays on every render,
 * and the map redraws only when something it shows changed. A line is known by its ends, its
 * length and its middle point, which is what a new route changes.
 */
function signatureOf(markers: readonly MapMarker[], lines: readonly MapLine[]): string {
  return `${markers.map(markerSignature).join(';')}|${lines.map(lineSignature).join(';')}`;
}
const markerSignature = (m: MapMarker) => [m.id, m.lat, m.lon, m.color, m.glyph ?? '', m.label].join(',');
function lineSignature(l: MapLine): string {
  const c = l.coordinates;
  return [l.id, l.color, c.length, c[0]?.join(' '), c[c.length >> 1]?.join(' '), c[c.length - 1]?.join(' ')].join(',');
}

/** The middle of the markers' bounding box, or undefined without markers. */
function centroidOf(markers: readonly MapMarker[]): { lat: number; lon: number } | undefined {
  if (markers.length === 0) return undefined;
  const lats = markers.map((m) => m.lat);
  const lons = markers.map((m) => m.lon);
  return { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lon: (Math.min(...lons) + Math.max(...lons)) / 2 };
}

/**
 * Writes what OpenLayers drew onto the map element (the test hooks of the header): read from the
 * vector sources and the map's own pixel transform, so a test checks the map, not the props.
 */
function recordDrawn(target: HTMLElement, ol: Ol): void {
  const lines = ol.lines.getFeatures();
  const points = lines.reduce((sum, line) => sum + (line.getGeometry()?.getCoordinates().length ?? 0), 0);
  const size = ol.map.getSize() ?? [0, 0];
  const pixels: Record<string, [number, number]> = {};
  for (const marker of ol.markers.getFeatures()) {
    const coordinate = marker.getGeometry()?.getCoordinates();
    const pixel = coordinate ? ol.map.getPixelFromCoordinate(coordinate) : null;
    if (!pixel || pixel[0] < 0 || pixel[1] < 0 || pixel[0] > size[0] || pixel[1] > size[1]) continue;
    pixels[String(marker.getId())] = [Math.round(pixel[0] * 10) / 10, Math.round(pixel[1] * 10) / 10];
  }
  target.dataset.markers = String(ol.markers.getFeatures().length);
  target.dataset.lines = String(lines.length);
  target.dataset.linePoints = String(points);
  target.dataset.markerPixels = JSON.stringify(pixels);
}

/** Marks the map not ready until the complete render that follows this change. */
function invalidate(ol: Ol | null, setReady: (ready: boolean) => void): void {
  if (!ol) return;
  ol.generation += 1;
  setReady(false);
  ol.map.render();
}

/** Fits the view to the markers and lines; with none, goes to `center` (or the default). */
function fitAll(ol: Ol | null, fallback: { center?: { lat: number; lon: number }; zoom?: number }, animate: boolean): void {
  if (!ol) return;
  const size = ol.map.getSize();
  if (!size || size[0] === 0 || size[1] === 0) {
    // Not laid out yet: fit once it has a size.
    ol.map.once('change:size', () => fitAll(ol, fallback, false));
    return;
  }
  const extent = createEmpty();
  for (const feature of [...ol.markers.getFeatures(), ...ol.lines.getFeatures()]) {
    const geometry = feature.getGeometry();
    if (geometry) extendExtent(extent, geometry.getExtent());
  }
  const view = ol.map.getView();
  if (isEmpty(extent)) {
    const at = fallback.center ?? DEFAULT_CENTER;
    view.setCenter(fromLonLat([at.lon, at.lat]));
    view.setZoom(fallback.zoom ?? (fallback.center ? 15 : DEFAULT_ZOOM));
    return;
  }
  view.fit(extent, { size, padding: [FIT_PADDING_PX, FIT_PADDING_PX, FIT_PADDING_PX, FIT_PADDING_PX], maxZoom: FIT_MAX_ZOOM, duration: animate ? 250 : 0 });
}

export default function MapView(props: MapViewProps) {
  const { ariaLabel, baseMap, markers, lines = [], center, zoom, fit = 'all', selectedId, onMarkerClick, onMapClick, height } = props;
  const { t } = useLocale();
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  // The theme's map palette for the scheme shown: the canvas needs colours, not CSS variables.
  const palette = useTheme().colorSchemes[dark ? 'dark' : 'light'].palette.map as Palette;
  const hintId = useId();
  const targetRef = useRef<HTMLDivElement>(null);
  const olRef = useRef<Ol | null>(null);
  const [ready, setReady] = useState(false);
  const [baseMapFailed, setBaseMapFailed] = useState(false);

  // The latest props for OpenLayers' listeners and the effects below, which are bound once.
  // A layout effect: it runs before the effects below and before any event can reach a listener.
  const latest = useRef({ onMarkerClick, onMapClick, markers, lines, center, zoom });
  useLayoutEffect(() => {
    latest.current = { onMarkerClick, onMapClick, markers, lines, center, zoom };
  });

  // --- The map itself, once ------------------------------------------------------------------------
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const markerSource = new VectorSource<Feature<Point>>();
    const lineSource = new VectorSource<Feature<LineString>>();
    const markerLayer = new VectorLayer({ source: markerSource, zIndex: 30, updateWhileAnimating: true, updateWhileInteracting: true });
    const lineLayer = new VectorLayer({ source: lineSource, zIndex: 20, updateWhileAnimating: true, updateWhileInteracting: true });
    // Start where the features are (when there are some), so no other city loads first.
    const { center: initialCenter, zoom: level, markers: firstMarkers } = latest.current;
    const at = initialCenter ?? centroidOf(firstMarkers);
    const map = new OlMap({
      target,
      layers: [lineLayer, markerLayer],
      controls: [],
      // The wheel zooms only while the map has the focus (or with Ctrl/⌘), so it never steals
      // the page's scrolling; arrows and +/− work on the focused map.
      interactions: defaultInteractions({ mouseWheelZoom: false }).extend([new MouseWheelZoom({ condition: (event) => focus(event) || platformModifierKey(event) })]),
      view: new View({
        center: fromLonLat([(at ?? DEFAULT_CENTER).lon, (at ?? DEFAULT_CENTER).lat]),
        zoom: level ?? (at ? 15 : DEFAULT_ZOOM),
        minZoom: 3,
        maxZoom: 19,
      }),
    });
    const ol: Ol = { map, markers: markerSource, lines: lineSource, markerLayer, lineLayer, pending: 0, generation: 0, selectedId: undefined, drawnSignature: null, fittedIds: null, loadVisibleCities: null };
    olRef.current = ol;

    let renderedGeneration = -1;
    const keys = [
      map.on('rendercomplete', () => {
        recordDrawn(target, ol);
        // A fit may have moved the view onto a city not asked for yet: ready waits for it too.
        ol.loadVisibleCities?.();
        if (ol.pending > 0 || renderedGeneration === ol.generation) return;
        renderedGeneration = ol.generation;
        setReady(true);
      }),
      map.on('singleclick', (event) => {
        const hit = map.forEachFeatureAtPixel(event.pixel, (feature) => feature, { layerFilter: (layer) => layer === markerLayer, hitTolerance: 6 });
        const id = hit?.getId();
        if (id !== undefined) {
          latest.current.onMarkerClick?.(String(id));
          return;
        }
        const [lon, lat] = toLonLat(event.coordinate);
        latest.current.onMapClick?.({ lat, lon });
      }),
      map.on('pointermove', (event) => {
        if (event.dragging) return;
        const hit = map.forEachFeatureAtPixel(event.pixel, (feature) => feature, { layerFilter: (layer) => layer === markerLayer, hitTolerance: 6 });
        const label = hit?.get('label') as string | undefined;
        target.style.cursor = label ? 'pointer' : latest.current.onMapClick ? 'crosshair' : '';
        if (label) target.title = label;
        else target.removeAttribute('title');
      }),
    ];
    return () => {
      unByKey(keys);
      olRef.current = null;
      map.setTarget(undefined);
      map.dispose();
    };
  }, []);

  // --- The base map: offline cities as they come into view, or tiles -----------------------------
  const tilesUrl = baseMap.kind === 'tiles' ? baseMap.url : null;
  useEffect(() => {
    const ol = olRef.current;
    if (!ol) return;
    const { map } = ol;
    ol.markerLayer.setStyle(markerStyle(palette, () => ol.selectedId));
    ol.lineLayer.setStyle(lineStyle(palette));
    const added: BaseLayer[] = [];
    const add = (layers: BaseLayer[]) => {
      for (const layer of layers) {
        map.addLayer(layer);
        added.push(layer);
      }
    };
    let disposed = false;
    let moveKey: EventsKey | undefined;
    setBaseMapFailed(false);

    if (tilesUrl) {
      add([new TileLayer({ source: new XYZ({ url: tilesUrl, crossOrigin: 'anonymous', maxZoom: 19 }), zIndex: 0, properties: { base: true } })]);
    } else {
      add([cityNamesLayer(palette)]);
      const requested = new Set<string>();
      const loadVisibleCities = () => {
        const size = map.getSize();
        const view = map.getView();
        if (!size || (view.getResolution() ?? Infinity) > CITY_DATA_FROM_RESOLUTION) return;
        const extent = transformExtent(view.calculateExtent(size), 'EPSG:3857', 'EPSG:4326') as [number, number, number, number];
        for (const { id } of offlineCitiesIn(extent)) {
          if (requested.has(id)) continue;
          requested.add(id);
          ol.pending += 1;
          invalidate(ol, setReady);
          loadOfflineCity(id)
            .then(
              (city) => {
                if (!disposed) add(offlineCityLayers(city, palette));
              },
              () => {
                requested.delete(id);
                if (!disposed) setBaseMapFailed(true);
              },
            )
            .finally(() => {
              ol.pending -= 1;
              if (!disposed) invalidate(ol, setReady);
            });
        }
      };
      moveKey = map.on('moveend', loadVisibleCities);
      ol.loadVisibleCities = loadVisibleCities;
      loadVisibleCities();
    }
    invalidate(ol, setReady);
    return () => {
      disposed = true;
      ol.loadVisibleCities = null;
      if (moveKey) unByKey(moveKey);
      for (const layer of added) map.removeLayer(layer);
    };
  }, [tilesUrl, palette]);

  // --- Markers and lines ---------------------------------------------------------------------------
  // Parents may pass fresh arrays on every render: the map redraws when what it shows changed.
  const ids = idsOf(markers, lines);
  const signature = signatureOf(markers, lines);
  useEffect(() => {
    const ol = olRef.current;
    if (!ol || ol.drawnSignature === signature) return;
    ol.drawnSignature = signature;
    const { markers: shown, lines: drawn, center: at, zoom: level } = latest.current;
    ol.markers.clear(true);
    ol.markers.addFeatures(shown.map(markerFeature));
    ol.lines.clear(true);
    ol.lines.addFeatures(drawn.filter((line) => line.coordinates.length >= 2).map(lineFeature));
    if (fit === 'all' && ol.fittedIds !== ids) {
      fitAll(ol, { center: at, zoom: level }, ol.fittedIds !== null);
      ol.fittedIds = ids;
    }
    invalidate(ol, setReady);
  }, [signature, ids, fit]);

  useEffect(() => {
    const ol = olRef.current;
    if (!ol || ol.selectedId === selectedId) return;
    ol.selectedId = selectedId;
    ol.markerLayer.changed();
  }, [selectedId]);

  const zoomBy = (delta: number) => {
    const view = olRef.current?.map.getView();
    if (!view) return;
    view.animate({ zoom: (view.getZoom() ?? DEFAULT_ZOOM) + delta, duration: 200 });
  };
  const attribution: ReactNode = baseMap.kind === 'offline' ? t('maps.offlineAttribution') : baseMapAttribution(baseMap);

  return (
    <Box sx={{ position: 'relative', height, minHeight: 160, borderRadius: 'sm', overflow: 'hidden', bgcolor: 'map.background' }}>
      <Box
        ref={targetRef}
        role="region"
        aria-label={ariaLabel}
        aria-describedby={hintId}
        tabIndex={0}
        data-testid="map"
        data-ready={ready ? 'true' : 'false'}
        sx={{
          position: 'absolute',
          inset: 0,
          outline: 'none',
          '&:focus-visible': { boxShadow: 'inset 0 0 0 3px var(--joy-palette-focusVisible)' },
        }}
      />
      <Box sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <IconButton size="sm" variant="outlined" color="neutral" aria-label={t('maps.zoomIn')} onClick={() => zoomBy(1)} sx={{ bgcolor: 'background.surface' }}>
          <PlusIcon />
        </IconButton>
        <IconButton size="sm" variant="outlined" color="neutral" aria-label={t('maps.zoomOut')} onClick={() => zoomBy(-1)} sx={{ bgcolor: 'background.surface' }}>
          <MinusIcon />
        </IconButton>
        <IconButton size="sm" variant="outlined" color="neutral" aria-label={t('maps.showAll')} onClick={() => fitAll(olRef.current, { center, zoom }, true)} sx={{ bgcolor: 'background.surface' }}>
          <FitIcon />
        </IconButton>
      </Box>
      {attribution ? (
        <Typography
          level="body-xs"
          sx={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            px: 0.75,
            py: 0.25,
            borderTopLeftRadius: 'sm',
            bgcolor: 'map.attributionBg',
            color: 'map.attributionText',
            pointerEvents: 'none',
          }}
        >
          {attribution}
        </Typography>
      ) : null}
      {baseMapFailed ? (
        <Typography level="body-xs" role="status" sx={{ position: 'absolute', left: 8, bottom: 8, px: 0.75, py: 0.25, borderRadius: 'sm', bgcolor: 'background.surface', color: 'text.primary' }}>
          {t('maps.baseMapUnavailable')}
        </Typography>
      ) : null}
      <Box sx={visuallyHidden}>
        <p id={hintId}>{t('maps.keyboardHint')}</p>
        {markers.length > 0 ? (
          <ul aria-label={t('maps.places')}>
            {markers.map((marker) => (
              <li key={marker.id}>{marker.id === selectedId ? t('maps.selected', { label: marker.label }) : marker.label}</li>
            ))}
          </ul>
        ) : null}
      </Box>
    </Box>
  );
}

function baseMapAttribution(baseMap: Extract<BaseMap, { kind: 'tiles' }>): string | null {
  return baseMap.attribution ?? null;
}
