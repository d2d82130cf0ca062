import type { BaseMap } from '../../lib/base-map';
import type { RoadClass } from '../../lib/offline-map';

export type { BaseMap };

/**
 * The colours the map draws with on OpenLayers' canvas, per colour scheme: the theme's `map`
 * palette (src/app/theme.ts), read from the theme object (a canvas takes colours, not CSS variables).
 */
export interface MapPalette {
  /** The offline base map: land, water, parks, roads by class, place names with a halo. */
  background: string;
  water: string;
  park: string;
  roads: Record<RoadClass, { fill: string; casing: string }>;
  /** A street zoomed out: one thin line. */
  thinStreet: string;
  label: string;
  halo: string;
  markerRing: string;
  selectedRing: string;
  lineCasing: string;
  /** The glyph on a marker and the outline that keeps it readable on any fill. */
  markerGlyph: string;
  markerGlyphHalo: string;
  /** The tile provider's credit, over the map's corner. */
  attributionBg: string;
  attributionText: string;
}

/** A place on the map: a coloured circle with an optional glyph (a number, a letter). */
export interface MapMarker {
  id: string;
  lat: number;
  lon: number;
  /** CSS colour of the circle; the glyph is drawn white on it. */
  color: string;
  /** What the place is, for screen readers and the pointer's tooltip. */
  label: string;
  /** One or two characters drawn inside the circle. */
  glyph?: string;
}

/** A line (a driving route) drawn under the markers. */
export interface MapLine {
  id: string;
  /** [lon, lat] pairs (GeoJSON order, as directions services answer). */
  coordinates: Array<[number, number]>;
  color: string;
}

export interface MapViewProps {
  /** Names the map region for screen readers, e.g. "Route of delivery 12". */
  ariaLabel: string;
  baseMap: BaseMap;
  markers: MapMarker[];
  lines?: MapLine[];
  /** Where the map starts when there is nothing to fit (default: Madrid). */
  center?: { lat: number; lon: number };
  zoom?: number;
  /** 'all' (default): fit markers and lines on the first render and whenever their ids change. */
  fit?: 'all' | 'none';
  /** A marker drawn highlighted. */
  selectedId?: string;
  onMarkerClick?: (id: string) => void;
  /** A click on the map away from the markers (the pickup-location position picker). */
  onMapClick?: (position: { lat: number; lon: number }) => void;
  height: number | string;
}
