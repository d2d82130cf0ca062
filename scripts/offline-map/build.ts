import { COORDINATE_SCALE, ROAD_CLASSES, AREA_KINDS, type EncodedCity, type LabelRank, type RoadClass } from '../../src/lib/offline-map/format';
import {
  buffer,
  chaikin,
  circle,
  clipPolyline,
  distance,
  intersect,
  lerp,
  offsetPolyline,
  pointInPolygon,
  polygonRegion,
  projector,
  rectangle,
  simplifyIndices,
  unionRegion,
  type LatLon,
  type Region,
  type XY,
} from './geometry';

/**
 * Builds one city of the offline base map from its design (scripts/offline-map/cities.ts):
 *
 * 1. districts fill with street lattices (spacing, angle, a smooth wobble, per-node jitter, a
 *    few missing blocks; every n-th street an avenue), each clipped to its district (minus the
 *    districts listed before it), with a road along the district's outline so neighbours connect;
 * 2. avenues, ring roads, river banks and the coast road are laid over them;
 * 3. water takes every road (bridges: trunk and primary roads cross rivers, nothing crosses the
 *    sea), parks take the streets;
 * 4. crossings become junctions (planarisation), short stubs and unreachable bits go, straight
 *    runs are simplified, and coordinates are quantised to 1e-5 degree.
 *
 * Everything is deterministic (seeded hashes, no Math.random): the same design gives the same
 * bytes, which tests/unit/offline-map.test.ts checks against the committed data.
 */

export interface Lattice {
  spacing: number;
  /** Degrees, counter-clockwise from east. */
  angle: number;
  /** Amplitude (m) of the smooth bend of the streets. */
  wobble: number;
  /** Amplitude (m) of each junction's own displacement. */
  jitter: number;
  /** Share of street blocks left out (0–1). */
  drop: number;
  /** Every n-th street of each direction is an avenue (primary). */
  avenueEvery?: number;
}

export type Shape = { polygon: LatLon[] } | { circle: LatLon; radius: number };

export interface District {
  name: string;
  shape: Shape;
  lattice: Lattice;
  /** The road along the district's outline (default 'street'); null: none. */
  outline?: RoadClass | null;
}

export interface CityDesign {
  id: string;
  name: string;
  seed: number;
  centre: LatLon;
  /** The map's extent around the centre, metres. */
  extent: { west: number; east: number; south: number; north: number };
  /** In priority order: a point belongs to the first district containing it; the last is usually the whole extent. */
  districts: District[];
  /** Straight or gently curved roads through control points (smoothed). */
  roads: Array<{ road: RoadClass; points: LatLon[]; smooth?: boolean }>;
  rings?: Array<{ road: RoadClass; centre: LatLon; radius: number }>;
  rivers?: Array<{ name: string; points: LatLon[]; width: number; banks?: { road: RoadClass; offset: number } }>;
  /** The sea as a polygon (it may reach far beyond the extent); the coast road runs `coastRoad.offset` m inland along `coastRoad.points`. */
  sea?: { polygon: LatLon[]; coastRoad?: { road: RoadClass; points: LatLon[]; offset: number } };
  /** A park is a polygon, or a band along a line (a river bed turned garden) with roads on both sides. */
  parks?: Array<{ name: string; polygon: LatLon[] } | { name: string; band: LatLon[]; width: number; banks?: { road: RoadClass; offset: number } }>;
  labels: Array<[name: string, rank: LabelRank, lat: number, lon: number]>;
}

interface Line {
  road: RoadClass;
  points: XY[];
}

/** FNV-1a, then mulberry32: a stable pseudo-random number in [0, 1) per key. */
function hashRandom(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const char of parts.join('|')) {
    h ^= char.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  let t = (h + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const STUB_MAX_M = 30;

/** Positive when the ring runs anticlockwise. */
function signedArea(ring: readonly XY[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % ring.length];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}
const SIMPLIFY_TOLERANCE_M = 1;

export function buildCity(design: CityDesign): EncodedCity {
  const projection = projector(design.centre);
  const xy = (points: LatLon[]) => points.map((p) => projection.toXY(p));
  const { west, east, south, north } = design.extent;
  const extent = polygonRegion(rectangle(west, south, east, north));

  // --- Areas -----------------------------------------------------------------------------------
  const ringOf = (shape: Shape): XY[] => ('circle' in shape ? circle(projection.toXY(shape.circle), shape.radius, 48) : xy(shape.polygon));
  const districtRings = design.districts.map((d) => ringOf(d.shape));
  const seaRing = design.sea ? xy(design.sea.polygon) : null;
  const riverRings = (design.rivers ?? []).map((river) => buffer(chaikin(xy(river.points), 3), river.width));
  const parkRings = (design.parks ?? []).map((park) => ('polygon' in park ? xy(park.polygon) : buffer(chaikin(xy(park.band), 3), park.width)));

  const lines: Line[] = [];

  // --- 1. District lattices and outlines ----------------------------------------------------------
  design.districts.forEach((district, index) => {
    const ring = districtRings[index];
    const earlier = districtRings.slice(0, index);
    const own: Region = { rings: [ring, ...earlier], contains: (p) => pointInPolygon(p, ring) && !earlier.some((r) => pointInPolygon(p, r)) };
    for (const line of latticeLines(design, district, ring)) {
      for (const piece of clipPolyline(line.points, own, 'inside', 12)) lines.push({ road: line.road, points: piece });
    }
    const outline = district.outline === undefined ? 'street' : district.outline;
    if (outline) {
      const outside = unionRegion(earlier);
      const closed = [...ring, ring[0]];
      const pieces = earlier.length > 0 ? clipPolyline(closed, outside, 'outside') : [closed];
      for (const piece of pieces) lines.push({ road: outline, points: piece });
    }
  });

  // --- 2. Avenues, rings, river banks, the coast road, park edges ---------------------------------
  for (const road of design.roads) lines.push({ road: road.road, points: road.smooth === false ? xy(road.points) : chaikin(xy(road.points), 3) });
  for (const ring of design.rings ?? []) {
    const points = circle(projection.toXY(ring.centre), ring.radius, 96);
    lines.push({ road: ring.road, points: [...points, points[0]] });
  }
  for (const river of design.rivers ?? []) {
    if (!river.banks) continue;
    const centre = chaikin(xy(river.points), 3);
    const offset = river.width / 2 + river.banks.offset;
    lines.push({ road: river.banks.road, points: offsetPolyline(centre, offset) }, { road: river.banks.road, points: offsetPolyline(centre, -offset) });
  }
  if (design.sea?.coastRoad) {
    const { road, points, offset } = design.sea.coastRoad;
    lines.push({ road, points: offsetPolyline(chaikin(xy(points), 3), offset) });
  }
  (design.parks ?? []).forEach((park, index) => {
    if ('band' in park) {
      if (!park.banks) return;
      const centre = chaikin(xy(park.band), 3);
      const offset = park.width / 2 + park.banks.offset;
      lines.push({ road: park.banks.road, points: offsetPolyline(centre, offset) }, { road: park.banks.road, points: offsetPolyline(centre, -offset) });
      return;
    }
    // Just outside the park (its ring runs anticlockwise: right is out), so the streets it cuts
    // off still meet it.
    const ring = parkRings[index];
    const clockwise = signedArea(ring) < 0;
    const around = offsetPolyline([...ring, ring[0], ring[1]], clockwise ? 12 : -12).slice(1, -1);
    lines.push({ road: 'street', points: [...around, around[0]] });
  });

  // --- 3. Water and parks take their share ---------------------------------------------------------
  let clipped: Line[] = [];
  for (const line of lines) {
    let pieces = clipPolyline(line.points, extent, 'inside');
    if (seaRing) pieces = pieces.flatMap((p) => clipPolyline(p, polygonRegion(seaRing), 'outside'));
    if (riverRings.length > 0 && line.road === 'street') pieces = pieces.flatMap((p) => clipPolyline(p, unionRegion(riverRings), 'outside'));
    if (parkRings.length > 0 && line.road === 'street') pieces = pieces.flatMap((p) => clipPolyline(p, unionRegion(parkRings), 'outside'));
    for (const piece of pieces) clipped.push({ road: line.road, points: piece });
  }
  // Trunk and primary roads cross rivers on bridges; a street ending at the bank stays a dead end.
  clipped = clipped.filter((line) => line.points.length >= 2);

  // --- 4. Planarise, prune, simplify, quantise -----------------------------------------------------
  const graph = planarise(clipped);
  pruneStubs(graph);
  pruneStubs(graph);
  keepLargestComponent(graph);
  simplify(graph);
  return encode(design, projection, graph, { sea: seaRing, rivers: riverRings, parks: parkRings });
}

// ---------------------------------------------------------------------------------------------------
// Lattices
// ---------------------------------------------------------------------------------------------------

function latticeLines(design: CityDesign, district: District, ring: XY[]): Line[] {
  const { spacing, angle, wobble, jitter, drop, avenueEvery } = district.lattice;
  const theta = (angle * Math.PI) / 180;
  const u: XY = [Math.cos(theta), Math.sin(theta)];
  const v: XY = [-Math.sin(theta), Math.cos(theta)];
  const along = (p: XY): XY => [p[0] * u[0] + p[1] * u[1], p[0] * v[0] + p[1] * v[1]];
  const projected = ring.map(along);
  const minI = Math.floor(Math.min(...projected.map((p) => p[0])) / spacing) - 1;
  const maxI = Math.ceil(Math.max(...projected.map((p) => p[0])) / spacing) + 1;
  const minJ = Math.floor(Math.min(...projected.map((p) => p[1])) / spacing) - 1;
  const maxJ = Math.ceil(Math.max(...projected.map((p) => p[1])) / spacing) + 1;
  const key = `${design.id}:${district.name}`;
  const phase = [hashRandom(key, 'phase-u') * spacing, hashRandom(key, 'phase-v') * spacing];
  const bend = [0, 1, 2, 3].map((k) => hashRandom(key, 'bend', k) * 2 * Math.PI);

  const node = (i: number, j: number): XY => {
    const a = i * spacing + phase[0];
    const b = j * spacing + phase[1];
    const wx = wobble * (Math.sin(0.21 * i + 0.13 * j + bend[0]) + 0.5 * Math.sin(0.47 * i - 0.29 * j + bend[1]));
    const wy = wobble * (Math.sin(0.17 * i - 0.23 * j + bend[2]) + 0.5 * Math.sin(-0.31 * i + 0.43 * j + bend[3]));
    const jx = jitter * (2 * hashRandom(key, 'jx', i, j) - 1);
    const jy = jitter * (2 * hashRandom(key, 'jy', i, j) - 1);
    return [a * u[0] + b * v[0] + wx + jx, a * u[1] + b * v[1] + wy + jy];
  };
  const isAvenue = (n: number) => avenueEvery !== undefined && ((n % avenueEvery) + avenueEvery) % avenueEvery === 0;

  const lines: Line[] = [];
  const run = (road: RoadClass, count: [number, number], at: (k: number) => XY, dropped: (k: number) => boolean) => {
    let current: XY[] = [];
    for (let k = count[0]; k <= count[1]; k++) {
      current.push(at(k));
      if (k === count[1] || dropped(k)) {
        if (current.length >= 2) lines.push({ road, points: current });
        current = [];
      }
    }
  };
  for (let j = minJ; j <= maxJ; j++) {
    const road = isAvenue(j) ? 'primary' : 'street';
    run(road, [minI, maxI], (i) => node(i, j), (i) => road === 'street' && hashRandom(key, 'drop-row', i, j) < drop);
  }
  for (let i = minI; i <= maxI; i++) {
    const road = isAvenue(i) ? 'primary' : 'street';
    run(road, [minJ, maxJ], (j) => node(i, j), (j) => road === 'street' && hashRandom(key, 'drop-col', i, j) < drop);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// The road graph
// ---------------------------------------------------------------------------------------------------

interface Graph {
  points: XY[];
  ways: Array<{ road: RoadClass; nodes: number[] }>;
}

/** Every crossing of two roads becomes a shared node; each line becomes a way through its nodes. */
function planarise(lines: Line[]): Graph {
  interface Segment {
    line: number;
    index: number;
    a: XY;
    b: XY;
  }
  const segments: Segment[] = [];
  lines.forEach((line, l) => line.points.slice(0, -1).forEach((a, index) => segments.push({ line: l, index, a, b: line.points[index + 1] })));

  const CELL = 80;
  const cells = new Map<string, number[]>();
  segments.forEach((s, k) => {
    const x0 = Math.floor(Math.min(s.a[0], s.b[0]) / CELL);
    const x1 = Math.floor(Math.max(s.a[0], s.b[0]) / CELL);
    const y0 = Math.floor(Math.min(s.a[1], s.b[1]) / CELL);
    const y1 = Math.floor(Math.max(s.a[1], s.b[1]) / CELL);
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const cell = `${x},${y}`;
        const list = cells.get(cell);
        if (list) list.push(k);
        else cells.set(cell, [k]);
      }
  });

  const splits: Array<Array<{ t: number; p: XY }>> = segments.map(() => []);
  const tested = new Set<number>();
  for (const list of cells.values()) {
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const [k1, k2] = list[x] < list[y] ? [list[x], list[y]] : [list[y], list[x]];
        const pair = k1 * segments.length + k2;
        if (tested.has(pair)) continue;
        tested.add(pair);
        const s1 = segments[k1];
        const s2 = segments[k2];
        if (s1.line === s2.line && Math.abs(s1.index - s2.index) <= 1) continue;
        const hit = intersect(s1.a, s1.b, s2.a, s2.b);
        if (!hit) continue;
        const p = lerp(s1.a, s1.b, hit.t);
        splits[k1].push({ t: hit.t, p });
        splits[k2].push({ t: hit.u, p });
      }
  }

  // Nodes are points; two points closer than 0.5 m are one node.
  const points: XY[] = [];
  const ids = new Map<string, number>();
  const nodeAt = (p: XY) => {
    const key = `${Math.round(p[0] * 2)},${Math.round(p[1] * 2)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = points.length;
      points.push(p);
      ids.set(key, id);
    }
    return id;
  };

  const ways: Graph['ways'] = [];
  let k = 0;
  lines.forEach((line) => {
    const nodes: number[] = [];
    const push = (p: XY) => {
      const id = nodeAt(p);
      if (nodes[nodes.length - 1] !== id) nodes.push(id);
    };
    for (let index = 0; index < line.points.length - 1; index++, k++) {
      push(line.points[index]);
      for (const split of splits[k].sort((a, b) => a.t - b.t)) push(split.p);
    }
    push(line.points[line.points.length - 1]);
    if (nodes.length >= 2) ways.push({ road: line.road, nodes });
  });
  return { points, ways };
}

const edgeKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

function adjacency(graph: Graph): Map<number, Set<number>> {
  const neighbours = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    neighbours.get(a)!.add(b);
  };
  for (const way of graph.ways)
    for (let i = 0; i < way.nodes.length - 1; i++) {
      link(way.nodes[i], way.nodes[i + 1]);
      link(way.nodes[i + 1], way.nodes[i]);
    }
  return neighbours;
}

/** Removes the edges in `removed` from the ways, splitting a way where an edge goes. */
function removeEdges(graph: Graph, removed: Set<string>): void {
  graph.ways = graph.ways.flatMap((way) => {
    const pieces: Array<{ road: RoadClass; nodes: number[] }> = [];
    let current: number[] = [way.nodes[0]];
    for (let i = 0; i < way.nodes.length - 1; i++) {
      const [a, b] = [way.nodes[i], way.nodes[i + 1]];
      if (removed.has(edgeKey(a, b))) {
        if (current.length >= 2) pieces.push({ road: way.road, nodes: current });
        current = [b];
      } else current.push(b);
    }
    if (current.length >= 2) pieces.push({ road: way.road, nodes: current });
    return pieces;
  });
}

/** Dead ends shorter than STUB_MAX_M (the overshoot past a district's edge, a street cut by a park) go. */
function pruneStubs(graph: Graph): void {
  const neighbours = adjacency(graph);
  const removed = new Set<string>();
  for (const [start, around] of neighbours) {
    if (around.size !== 1) continue;
    const chain: number[] = [start];
    let previous = start;
    let current = [...around][0];
    let length = distance(graph.points[start], graph.points[current]);
    chain.push(current);
    while (neighbours.get(current)!.size === 2 && length < STUB_MAX_M) {
      const next = [...neighbours.get(current)!].find((n) => n !== previous)!;
      length += distance(graph.points[current], graph.points[next]);
      previous = current;
      current = next;
      chain.push(current);
    }
    if (length < STUB_MAX_M && neighbours.get(current)!.size >= 3) {
      for (let i = 0; i < chain.length - 1; i++) removed.add(edgeKey(chain[i], chain[i + 1]));
    }
  }
  removeEdges(graph, removed);
}

/** Only the largest connected part stays: every node can reach every other. */
function keepLargestComponent(graph: Graph): void {
  const neighbours = adjacency(graph);
  const component = new Map<number, number>();
  const sizes: number[] = [];
  for (const start of neighbours.keys()) {
    if (component.has(start)) continue;
    const id = sizes.length;
    let size = 0;
    const stack = [start];
    component.set(start, id);
    while (stack.length > 0) {
      const node = stack.pop()!;
      size++;
      for (const next of neighbours.get(node)!) {
        if (!component.has(next)) {
          component.set(next, id);
          stack.push(next);
        }
      }
    }
    sizes.push(size);
  }
  const largest = sizes.indexOf(Math.max(...sizes));
  graph.ways = graph.ways.filter((way) => component.get(way.nodes[0]) === largest);
}

/** Drops nodes of straight runs (only on one way, not a junction) that lie within 1 m of the line. */
function simplify(graph: Graph): void {
  const neighbours = adjacency(graph);
  const uses = new Map<number, number>();
  for (const way of graph.ways) for (const node of way.nodes) uses.set(node, (uses.get(node) ?? 0) + 1);
  const fixed = (node: number) => (uses.get(node) ?? 0) > 1 || neighbours.get(node)!.size !== 2;
  graph.ways = graph.ways.map((way) => {
    const kept: number[] = [];
    let from = 0;
    for (let i = 1; i < way.nodes.length; i++) {
      if (i < way.nodes.length - 1 && !fixed(way.nodes[i])) continue;
      const run = way.nodes.slice(from, i + 1);
      const indices = simplifyIndices(
        run.map((n) => graph.points[n]),
        SIMPLIFY_TOLERANCE_M,
      );
      for (const index of indices.slice(kept.length === 0 ? 0 : 1)) kept.push(run[index]);
      from = i;
    }
    return { road: way.road, nodes: kept };
  });
}

// ---------------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------------

function encode(
  design: CityDesign,
  projection: ReturnType<typeof projector>,
  graph: Graph,
  areas: { sea: XY[] | null; rivers: XY[][]; parks: XY[][] },
): EncodedCity {
  const quantise = (p: XY): [number, number] => {
    const [lat, lon] = projection.toLatLon(p);
    return [Math.round(lon * COORDINATE_SCALE), Math.round(lat * COORDINATE_SCALE)];
  };
  // Nodes in order of first use by a way, so way deltas stay small; nodes that quantise to the
  // same unit are one node.
  const order: Array<[number, number]> = [];
  const index = new Map<string, number>();
  const ways: number[][] = [];
  // Way order: by class, then by first node position, for stable output.
  const sorted = [...graph.ways].sort((a, b) => ROAD_CLASSES.indexOf(a.road) - ROAD_CLASSES.indexOf(b.road));
  for (const way of sorted) {
    const nodes: number[] = [];
    for (const node of way.nodes) {
      const q = quantise(graph.points[node]);
      const key = `${q[0]},${q[1]}`;
      let id = index.get(key);
      if (id === undefined) {
        id = order.length;
        order.push(q);
        index.set(key, id);
      }
      if (nodes[nodes.length - 1] !== id) nodes.push(id);
    }
    if (nodes.length < 2) continue;
    ways.push([ROAD_CLASSES.indexOf(way.road), nodes[0], ...nodes.slice(1).map((n, i) => n - nodes[i])]);
  }

  const lons = order.map((q) => q[0]);
  const lats = order.map((q) => q[1]);
  const origin: [number, number] = [Math.min(...lons), Math.min(...lats)];
  const bbox: EncodedCity['bbox'] = [origin[0] / COORDINATE_SCALE, origin[1] / COORDINATE_SCALE, Math.max(...lons) / COORDINATE_SCALE, Math.max(...lats) / COORDINATE_SCALE];

  const nodes: number[] = [];
  let previous = origin;
  for (const q of order) {
    nodes.push(q[0] - previous[0], q[1] - previous[1]);
    previous = q;
  }

  const ring = (points: XY[]): number[] => {
    const out: number[] = [];
    let last = origin;
    const closed = [...points, points[0]];
    for (const p of closed) {
      const q = quantise(p);
      out.push(q[0] - last[0], q[1] - last[1]);
      last = q;
    }
    return out;
  };
  const water = AREA_KINDS.indexOf('water');
  const park = AREA_KINDS.indexOf('park');
  const encodedAreas: number[][] = [
    ...(areas.sea ? [[water, ...ring(areas.sea)]] : []),
    ...areas.rivers.map((r) => [water, ...ring(r)]),
    ...areas.parks.map((p) => [park, ...ring(p)]),
  ];

  const labels: EncodedCity['labels'] = design.labels.map(([name, rank, lat, lon]) => [
    name,
    rank,
    Math.round(lon * COORDINATE_SCALE) - origin[0],
    Math.round(lat * COORDINATE_SCALE) - origin[1],
  ]);

  return { v: 1, id: design.id, name: design.name, bbox, origin, nodes, ways, areas: encodedAreas, labels };
}
