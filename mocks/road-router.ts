import { loadOfflineCity, offlineCityAt, type LonLat, type OfflineCity, type RoadClass } from '../src/lib/offline-map';

/**
 * Driving routes over the offline base map's road graph (src/lib/offline-map), for the mock
 * directions service: the route the map draws follows the roads the map draws.
 *
 * - A place snaps to the nearest point of the nearest road (a projection onto a segment, as OSRM
 *   does), not just the nearest junction.
 * - Legs are fastest paths (Dijkstra on travel time: trunk 60, primary 40, street 25 km/h), so
 *   routes prefer avenues and ring roads like a real router.
 * - Far from the data (another city, more than SNAP_LIMIT_M from a road, two places in
 *   different cities) a leg is a plausible gently bending polyline instead.
 */

const SPEED_KMH: Record<RoadClass, number> = { trunk: 60, primary: 40, street: 25 };
/** Farther than this from any road, a place is outside the map's data. */
export const SNAP_LIMIT_M = 600;
const FALLBACK_SPEED_KMH = 45;
const FALLBACK_DETOUR = 1.3;
const CELL_M = 200;
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

interface Edge {
  a: number;
  b: number;
  metres: number;
  seconds: number;
}

export interface RoadGraph {
  city: OfflineCity;
  /** Local metres (equirectangular around the city's centre), per node. */
  x: Float64Array;
  y: Float64Array;
  edges: Edge[];
  /** Per node: [neighbour, edge index] pairs. */
  adjacency: Array<Array<[number, number]>>;
  /** Edge indices per grid cell (CELL_M). */
  cells: Map<string, number[]>;
  toLocal(position: LonLat): [number, number];
}

export interface Snap {
  edge: number;
  /** Where along the edge, from a (0) to b (1). */
  t: number;
  position: LonLat;
  /** Metres from the place to the road. */
  distance: number;
}

export interface Leg {
  coordinates: LonLat[];
  distance: number;
  duration: number;
}

export function buildRoadGraph(city: OfflineCity): RoadGraph {
  const [minLon, minLat, maxLon, maxLat] = city.bbox;
  const lat0 = (minLat + maxLat) / 2;
  const lon0 = (minLon + maxLon) / 2;
  const ky = EARTH_RADIUS_M * RAD;
  const kx = ky * Math.cos(lat0 * RAD);
  const toLocal = ([lon, lat]: LonLat): [number, number] => [(lon - lon0) * kx, (lat - lat0) * ky];
  const x = new Float64Array(city.nodes.length);
  const y = new Float64Array(city.nodes.length);
  city.nodes.forEach((node, i) => {
    [x[i], y[i]] = toLocal(node);
  });
  const edges: Edge[] = [];
  const seen = new Map<string, number>();
  const adjacency: RoadGraph['adjacency'] = city.nodes.map(() => []);
  for (const way of city.ways) {
    const speed = (SPEED_KMH[way.road] * 1000) / 3600;
    for (let i = 0; i < way.nodes.length - 1; i++) {
      const a = way.nodes[i];
      const b = way.nodes[i + 1];
      if (a === b) continue;
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      const metres = Math.hypot(x[b] - x[a], y[b] - y[a]);
      const existing = seen.get(key);
      if (existing !== undefined) {
        // Two ways over one segment: the faster one counts.
        edges[existing].seconds = Math.min(edges[existing].seconds, metres / speed);
        continue;
      }
      seen.set(key, edges.length);
      adjacency[a].push([b, edges.length]);
      adjacency[b].push([a, edges.length]);
      edges.push({ a, b, metres, seconds: metres / speed });
    }
  }
  const cells = new Map<string, number[]>();
  edges.forEach((edge, index) => {
    const [x0, x1] = [Math.min(x[edge.a], x[edge.b]), Math.max(x[edge.a], x[edge.b])].map((v) => Math.floor(v / CELL_M));
    const [y0, y1] = [Math.min(y[edge.a], y[edge.b]), Math.max(y[edge.a], y[edge.b])].map((v) => Math.floor(v / CELL_M));
    for (let cx = x0; cx <= x1; cx++)
      for (let cy = y0; cy <= y1; cy++) {
        const key = `${cx},${cy}`;
        const list = cells.get(key);
        if (list) list.push(index);
        else cells.set(key, [index]);
      }
  });
  return { city, x, y, edges, adjacency, cells, toLocal };
}

/** The nearest point on a road within SNAP_LIMIT_M, or null. */
export function snapToRoad(graph: RoadGraph, position: LonLat): Snap | null {
  const [px, py] = graph.toLocal(position);
  const reach = Math.ceil(SNAP_LIMIT_M / CELL_M);
  const cx = Math.floor(px / CELL_M);
  const cy = Math.floor(py / CELL_M);
  let best: { edge: number; t: number; distance: number } | null = null;
  // Rings of cells outward; stop once a ring cannot hold anything closer than the best so far.
  for (let ring = 0; ring <= reach; ring++) {
    if (best && best.distance < (ring - 1) * CELL_M) break;
    for (let dx = -ring; dx <= ring; dx++)
      for (let dy = -ring; dy <= ring; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        for (const index of graph.cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          const { a, b } = graph.edges[index];
          const ax = graph.x[a];
          const ay = graph.y[a];
          const vx = graph.x[b] - ax;
          const vy = graph.y[b] - ay;
          const lengthSquared = vx * vx + vy * vy;
          const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / lengthSquared));
          const distance = Math.hypot(px - (ax + t * vx), py - (ay + t * vy));
          if (!best || distance < best.distance) best = { edge: index, t, distance };
        }
      }
  }
  if (!best || best.distance > SNAP_LIMIT_M) return null;
  const { a, b } = graph.edges[best.edge];
  const [lonA, latA] = graph.city.nodes[a];
  const [lonB, latB] = graph.city.nodes[b];
  return { ...best, position: [lonA + (lonB - lonA) * best.t, latA + (latB - latA) * best.t] };
}

/** A binary min-heap of [cost, node]. */
class Heap {
  private items: Array<[number, number]> = [];
  get size() {
    return this.items.length;
  }
  push(item: [number, number]) {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent][0] <= items[i][0]) break;
      [items[parent], items[i]] = [items[i], items[parent]];
      i = parent;
    }
  }
  pop(): [number, number] {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && items[left][0] < items[smallest][0]) smallest = left;
        if (right < items.length && items[right][0] < items[smallest][0]) smallest = right;
        if (smallest === i) break;
        [items[smallest], items[i]] = [items[i], items[smallest]];
        i = smallest;
      }
    }
    return top;
  }
}

/** The fastest way along the roads from one snapped place to another. */
export function routeBetween(graph: RoadGraph, from: Snap, to: Snap): Leg {
  const source = graph.edges[from.edge];
  const target = graph.edges[to.edge];
  const time = new Float64Array(graph.city.nodes.length).fill(Infinity);
  const previous = new Int32Array(graph.city.nodes.length).fill(-1);
  const heap = new Heap();
  const start = (node: number, seconds: number) => {
    if (seconds < time[node]) {
      time[node] = seconds;
      heap.push([seconds, node]);
    }
  };
  start(source.a, source.seconds * from.t);
  start(source.b, source.seconds * (1 - from.t));
  const done = new Uint8Array(graph.city.nodes.length);
  const goals = new Set([target.a, target.b]);
  let settled = 0;
  while (heap.size > 0) {
    const [seconds, node] = heap.pop();
    if (done[node]) continue;
    done[node] = 1;
    if (goals.has(node) && ++settled === goals.size) break;
    for (const [next, edge] of graph.adjacency[node]) {
      const cost = seconds + graph.edges[edge].seconds;
      if (cost < time[next]) {
        time[next] = cost;
        previous[next] = node;
        heap.push([cost, next]);
      }
    }
  }
  const viaA = time[target.a] + target.seconds * to.t;
  const viaB = time[target.b] + target.seconds * (1 - to.t);
  // Both places on one segment: straight along it may beat any detour.
  const direct = from.edge === to.edge ? source.seconds * Math.abs(from.t - to.t) : Infinity;

  const nodes: number[] = [];
  if (direct <= Math.min(viaA, viaB)) {
    return { coordinates: dedupe([from.position, to.position]), distance: source.metres * Math.abs(from.t - to.t), duration: direct };
  }
  for (let node = viaA <= viaB ? target.a : target.b; node !== -1; node = previous[node]) nodes.unshift(node);
  const coordinates = dedupe([from.position, ...nodes.map((n) => graph.city.nodes[n]), to.position]);
  return { coordinates, distance: pathMetres(graph, coordinates), duration: Math.min(viaA, viaB) };
}

function dedupe(points: LonLat[]): LonLat[] {
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1][0] || p[1] !== points[i - 1][1]);
}

function pathMetres(graph: RoadGraph, coordinates: LonLat[]): number {
  let metres = 0;
  for (let i = 1; i < coordinates.length; i++) {
    const [ax, ay] = graph.toLocal(coordinates[i - 1]);
    const [bx, by] = graph.toLocal(coordinates[i]);
    metres += Math.hypot(bx - ax, by - ay);
  }
  return metres;
}

/** Metres between two positions (haversine). */
export function metresBetween([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Off the map's data: a gently bending line, 24 steps, like a road between two towns. */
export function fallbackLeg(from: LonLat, to: LonLat): Leg {
  const straight = metresBetween(from, to);
  const steps = 24;
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const coordinates: LonLat[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    // A sideways bend that is zero at both ends.
    const bend = 0.06 * Math.sin(Math.PI * t) + 0.015 * Math.sin(3 * Math.PI * t);
    coordinates.push([from[0] + dx * t - dy * bend, from[1] + dy * t + dx * bend]);
  }
  const distance = straight * FALLBACK_DETOUR;
  return { coordinates: dedupe(coordinates), distance, duration: distance / ((FALLBACK_SPEED_KMH * 1000) / 3600) };
}

const graphs = new Map<string, Promise<RoadGraph>>();

/** The road graph of the offline city holding the position, if any (built once per city). */
export function roadGraphAt(position: LonLat): Promise<RoadGraph | null> {
  const info = offlineCityAt(position[1], position[0]);
  if (!info) return Promise.resolve(null);
  let graph = graphs.get(info.id);
  if (!graph) {
    graph = loadOfflineCity(info.id).then(buildRoadGraph);
    graphs.set(info.id, graph);
  }
  return graph;
}

export interface DrivingRouteAnswer {
  legs: Leg[];
  /** Where each place met the road (the place itself off the data). */
  waypoints: Array<{ location: LonLat; distance: number }>;
}

/** The driving route through `places`: first → last, the others as stopovers, one leg between each pair. */
export async function drivingRoute(places: LonLat[]): Promise<DrivingRouteAnswer> {
  const snapped = await Promise.all(
    places.map(async (place) => {
      const graph = await roadGraphAt(place);
      const snap = graph ? snapToRoad(graph, place) : null;
      return { place, graph, snap };
    }),
  );
  const legs: Leg[] = [];
  for (let i = 0; i < snapped.length - 1; i++) {
    const from = snapped[i];
    const to = snapped[i + 1];
    if (from.graph && from.snap && to.snap && from.graph === to.graph) legs.push(routeBetween(from.graph, from.snap, to.snap));
    else legs.push(fallbackLeg(from.snap?.position ?? from.place, to.snap?.position ?? to.place));
  }
  const waypoints = snapped.map(({ place, snap }) => (snap ? { location: snap.position, distance: snap.distance } : { location: place, distance: 0 }));
  return { legs, waypoints };
}
