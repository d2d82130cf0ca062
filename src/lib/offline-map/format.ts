/**
 * The bundled offline base map (docs/decisions/011-logistics-and-maps.md): simplified land,
 * water, parks, a road network and place names for the scenario stores' cities, generated
 * deterministically by scripts/offline-map/generate.ts (no OpenStreetMap download) and committed
 * as compact JSON, one file a city. The map view draws it; the mock directions service routes
 * over the very same road graph, so a drawn route follows the drawn roads.
 *
 * Encoding: coordinates are integers of 1e-5 degree (about 1 m), delta-encoded; a way lists its
 * node indices, delta-encoded. Decoding is pure arithmetic, so every consumer gets identical
 * floating-point coordinates.
 */

export type RoadClass = 'trunk' | 'primary' | 'street';
export const ROAD_CLASSES: readonly RoadClass[] = ['trunk', 'primary', 'street'];

export type AreaKind = 'water' | 'park';
export const AREA_KINDS: readonly AreaKind[] = ['water', 'park'];

/** How prominent a place name is: 0 the city, 1 a district, 2 a park or sea. */
export type LabelRank = 0 | 1 | 2;

/** The committed form (src/lib/offline-map/data/<city>.json). */
export interface EncodedCity {
  v: 1;
  id: string;
  name: string;
  /** [minLon, minLat, maxLon, maxLat] of the roads (degrees). */
  bbox: [number, number, number, number];
  /** [lon, lat] in 1e-5 degree: the base of the first node's delta and of every ring. */
  origin: [number, number];
  /** [dLon, dLat, dLon, dLat, ...], each node relative to the one before (the first to origin). */
  nodes: number[];
  /** Per way: [class index, first node index, node index delta, ...]. */
  ways: number[][];
  /** Per area: [kind index, ...ring] where a ring is [dLon, dLat, ...] from origin, delta-encoded. */
  areas: number[][];
  /** [name, rank, lon, lat] (lon/lat in 1e-5 degree from origin). */
  labels: Array<[string, LabelRank, number, number]>;
}

export type LonLat = [number, number];

export interface OfflineWay {
  road: RoadClass;
  /** Node indices in drawing order; consecutive pairs are the graph's edges. */
  nodes: number[];
}

export interface OfflineArea {
  kind: AreaKind;
  /** One closed outer ring (first point repeated last), [lon, lat]. */
  ring: LonLat[];
}

export interface OfflineLabel {
  name: string;
  rank: LabelRank;
  position: LonLat;
}

export interface OfflineCity {
  id: string;
  name: string;
  bbox: [number, number, number, number];
  /** [lon, lat] of every road node. */
  nodes: LonLat[];
  ways: OfflineWay[];
  areas: OfflineArea[];
  labels: OfflineLabel[];
}

/** 1e-5 degree: the quantum of the encoding. */
export const COORDINATE_SCALE = 1e5;

const degreesOf = (units: number) => units / COORDINATE_SCALE;

export function decodeCity(encoded: EncodedCity): OfflineCity {
  if (encoded.v !== 1) throw new Error(`Offline map ${encoded.id}: unknown format version ${String(encoded.v)}`);
  const [originLon, originLat] = encoded.origin;
  const nodes: LonLat[] = [];
  let lon = originLon;
  let lat = originLat;
  for (let i = 0; i < encoded.nodes.length; i += 2) {
    lon += encoded.nodes[i];
    lat += encoded.nodes[i + 1];
    nodes.push([degreesOf(lon), degreesOf(lat)]);
  }
  const ways = encoded.ways.map(([road, first, ...deltas]) => {
    const indices = [first];
    for (const delta of deltas) indices.push(indices[indices.length - 1] + delta);
    const roadClass = ROAD_CLASSES[road];
    if (!roadClass) throw new Error(`Offline map ${encoded.id}: unknown road class ${road}`);
    return { road: roadClass, nodes: indices };
  });
  const areas = encoded.areas.map(([kind, ...ring]) => {
    const areaKind = AREA_KINDS[kind];
    if (!areaKind) throw new Error(`Offline map ${encoded.id}: unknown area kind ${kind}`);
    const points: LonLat[] = [];
    let x = originLon;
    let y = originLat;
    for (let i = 0; i < ring.length; i += 2) {
      x += ring[i];
      y += ring[i + 1];
      points.push([degreesOf(x), degreesOf(y)]);
    }
    return { kind: areaKind, ring: points };
  });
  const labels = encoded.labels.map(([name, rank, dLon, dLat]) => ({ name, rank, position: [degreesOf(originLon + dLon), degreesOf(originLat + dLat)] as LonLat }));
  return { id: encoded.id, name: encoded.name, bbox: encoded.bbox, nodes, ways, areas, labels };
}
