/**
 * What a map draws under its markers and routes: the bundled offline base map
 * (src/lib/offline-map; mock mode, or live without a tile URL) or raster tiles from an XYZ URL
 * template (live mode with VITE_MAP_TILES_URL).
 */
export type BaseMap = { kind: 'offline' } | { kind: 'tiles'; url: string; attribution?: string };

/** The base map the configuration asks for (config.maps of src/lib/config.ts). */
export function baseMapOf(maps: { tilesUrl?: string; tilesAttribution?: string }): BaseMap {
  const url = maps.tilesUrl?.trim();
  if (!url) return { kind: 'offline' };
  const attribution = maps.tilesAttribution?.trim();
  return attribution ? { kind: 'tiles', url, attribution } : { kind: 'tiles', url };
}
