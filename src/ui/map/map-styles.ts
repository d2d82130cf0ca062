import type { FeatureLike } from 'ol/Feature';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import type { RoadClass } from '../../lib/offline-map';
import type { MapPalette } from './types';

/**
 * How the map draws: the offline base map in the theme's map palette (light or dark), roads whose
 * width follows the zoom, markers and route lines. Styles are cached: a style function runs for
 * every feature on every frame.
 */

/** The offline base map's palette, markers and lines, light or dark: the theme's (src/app/theme.ts). */
export type Palette = MapPalette;

/** Road widths in metres on the ground, and the fewest pixels they get when zoomed out. */
const ROAD_WIDTH: Record<RoadClass, { metres: number; minPx: number; maxPx: number; z: number }> = {
  street: { metres: 9, minPx: 0.8, maxPx: 14, z: 1 },
  primary: { metres: 16, minPx: 1.6, maxPx: 20, z: 3 },
  trunk: { metres: 22, minPx: 2.2, maxPx: 26, z: 5 },
};

/** Streets are left out when zoomed out this far (metres per pixel; about zoom 12.5). */
const STREETS_UNTIL_RESOLUTION = 28;
/** Streets get their casing (a white street between two edges) from about zoom 14 in. */
const STREET_CASING_UNTIL_RESOLUTION = 7;

const cache = new Map<string, Style | Style[]>();
function cached<S extends Style | Style[]>(key: string, make: () => S): S {
  let style = cache.get(key) as S | undefined;
  if (!style) {
    style = make();
    cache.set(key, style);
  }
  return style;
}

export function areaStyle(palette: Palette) {
  return (feature: FeatureLike) => {
    const kind = feature.get('kind') as 'water' | 'park';
    const color = kind === 'water' ? palette.water : palette.park;
    return cached(`area:${color}`, () => new Style({ fill: new Fill({ color }) }));
  };
}

export function roadStyle(palette: Palette) {
  return (feature: FeatureLike, resolution: number) => {
    const road = feature.get('road') as RoadClass;
    if (road === 'street' && resolution > STREETS_UNTIL_RESOLUTION) return undefined;
    if (road === 'street' && resolution > STREET_CASING_UNTIL_RESOLUTION) {
      // Zoomed out, a street is one thin line: a cased one would read as a texture of dots.
      const colour = palette.thinStreet;
      return cached(`road:street:thin:${colour}`, () => new Style({ stroke: new Stroke({ color: colour, width: 0.8 }), zIndex: ROAD_WIDTH.street.z }));
    }
    const spec = ROAD_WIDTH[road];
    // Quarter-pixel steps keep the cache small while widths still grow smoothly with the zoom.
    const width = Math.round(Math.min(spec.maxPx, Math.max(spec.minPx, spec.metres / resolution)) * 4) / 4;
    const colours = palette.roads[road];
    return cached(`road:${road}:${width}:${colours.fill}`, () => [
      new Style({ stroke: new Stroke({ color: colours.casing, width: width + (width > 2 ? 1.5 : 0.8), lineCap: 'round', lineJoin: 'round' }), zIndex: spec.z }),
      new Style({ stroke: new Stroke({ color: colours.fill, width, lineCap: 'round', lineJoin: 'round' }), zIndex: spec.z + 1 }),
    ]);
  };
}

/** Place names: the city when zoomed out, districts and parks when zoomed in. */
export function labelStyle(palette: Palette) {
  return (feature: FeatureLike, resolution: number) => {
    const rank = feature.get('rank') as 0 | 1 | 2;
    const visible = rank === 0 ? resolution > 12 : rank === 1 ? resolution <= 14 : resolution <= 30;
    if (!visible) return undefined;
    const name = feature.get('name') as string;
    const font = rank === 0 ? '600 15px system-ui, sans-serif' : rank === 1 ? '600 12px system-ui, sans-serif' : 'italic 12px system-ui, sans-serif';
    return cached(
      `label:${name}:${palette.label}`,
      () =>
        new Style({
          text: new Text({
            text: name,
            font,
            fill: new Fill({ color: palette.label }),
            stroke: new Stroke({ color: palette.halo, width: 3 }),
            overflow: false,
          }),
        }),
    );
  };
}

const MARKER_RADIUS = 10;
const SELECTED_RADIUS = 13;

export function markerStyle(palette: Palette, selectedId: () => string | undefined) {
  return (feature: FeatureLike) => {
    const color = feature.get('color') as string;
    const glyph = (feature.get('glyph') as string | undefined) ?? '';
    const selected = feature.getId() === selectedId();
    return cached(`marker:${color}:${glyph}:${selected}:${palette.markerRing}`, () => {
      const radius = selected ? SELECTED_RADIUS : MARKER_RADIUS;
      const styles = [
        new Style({
          image: new CircleStyle({
            radius,
            fill: new Fill({ color }),
            stroke: new Stroke({ color: palette.markerRing, width: 2 }),
          }),
          text: glyph
            ? new Text({
                text: glyph,
                font: `700 ${selected ? 13 : 11}px system-ui, sans-serif`,
                fill: new Fill({ color: palette.markerGlyph }),
                stroke: new Stroke({ color: palette.markerGlyphHalo, width: 2 }),
              })
            : undefined,
          zIndex: selected ? 2 : 1,
        }),
      ];
      if (selected) {
        styles.unshift(new Style({ image: new CircleStyle({ radius: radius + 3, stroke: new Stroke({ color: palette.selectedRing, width: 3 }) }), zIndex: 2 }));
      }
      return styles;
    });
  };
}

export function lineStyle(palette: Palette) {
  return (feature: FeatureLike) => {
    const color = feature.get('color') as string;
    return cached(`line:${color}:${palette.lineCasing}`, () => [
      new Style({ stroke: new Stroke({ color: palette.lineCasing, width: 8, lineCap: 'round', lineJoin: 'round' }), zIndex: 0 }),
      new Style({ stroke: new Stroke({ color, width: 5, lineCap: 'round', lineJoin: 'round' }), zIndex: 1 }),
    ]);
  };
}
