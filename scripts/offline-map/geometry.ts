/**
 * Plane geometry for the offline map generator: a local equirectangular projection (metres
 * around a city centre, accurate to well under a metre over 10 km), polygons, clipping and
 * segment intersection. Deterministic: no randomness here.
 */
export type XY = [number, number];
export type LatLon = [number, number];

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export interface Projector {
  toXY(point: LatLon): XY;
  toLatLon(point: XY): LatLon;
}

export function projector([lat0, lon0]: LatLon): Projector {
  const ky = EARTH_RADIUS_M * RAD;
  const kx = ky * Math.cos(lat0 * RAD);
  return {
    toXY: ([lat, lon]) => [(lon - lon0) * kx, (lat - lat0) * ky],
    toLatLon: ([x, y]) => [lat0 + y / ky, lon0 + x / kx],
  };
}

export const distance = (a: XY, b: XY) => Math.hypot(b[0] - a[0], b[1] - a[1]);
export const lerp = (a: XY, b: XY, t: number): XY => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

export function pointInPolygon([x, y]: XY, ring: readonly XY[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function circle(center: XY, radius: number, sides = 64): XY[] {
  return Array.from({ length: sides }, (_, i) => {
    const angle = (2 * Math.PI * i) / sides;
    return [center[0] + radius * Math.cos(angle), center[1] + radius * Math.sin(angle)] as XY;
  });
}

export const rectangle = (west: number, south: number, east: number, north: number): XY[] => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
];

/** Chaikin's corner cutting: a smooth curve through (near) the control points, ends kept. */
export function chaikin(points: readonly XY[], iterations = 3, closed = false): XY[] {
  let current = [...points];
  for (let k = 0; k < iterations; k++) {
    const next: XY[] = closed ? [] : [current[0]];
    const count = closed ? current.length : current.length - 1;
    for (let i = 0; i < count; i++) {
      const a = current[i];
      const b = current[(i + 1) % current.length];
      next.push(lerp(a, b, 0.25), lerp(a, b, 0.75));
    }
    if (!closed) next.push(current[current.length - 1]);
    current = next;
  }
  return current;
}

/** The polyline moved `offset` metres to its left (negative: right), joints mitred. */
export function offsetPolyline(points: readonly XY[], offset: number): XY[] {
  const normals = points.slice(0, -1).map((a, i) => {
    const b = points[i + 1];
    const length = distance(a, b) || 1;
    return [-(b[1] - a[1]) / length, (b[0] - a[0]) / length] as XY;
  });
  return points.map((p, i) => {
    const before = normals[Math.max(0, i - 1)];
    const after = normals[Math.min(normals.length - 1, i)];
    const sum: XY = [before[0] + after[0], before[1] + after[1]];
    const length = Math.hypot(sum[0], sum[1]) || 1;
    const mitre: XY = [sum[0] / length, sum[1] / length];
    // Mitre length, capped so a sharp turn does not throw the line far away.
    const cos = Math.max(0.5, mitre[0] * after[0] + mitre[1] * after[1]);
    return [p[0] + (mitre[0] * offset) / cos, p[1] + (mitre[1] * offset) / cos] as XY;
  });
}

/** A band `width` wide along a centre line, as a polygon. */
export function buffer(points: readonly XY[], width: number): XY[] {
  return [...offsetPolyline(points, width / 2), ...offsetPolyline(points, -width / 2).toReversed()];
}

/** Where segment ab meets cd: the parameters along each, or null when they do not cross. */
export function intersect(a: XY, b: XY, c: XY, d: XY): { t: number; u: number } | null {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const denominator = rx * sy - ry * sx;
  if (Math.abs(denominator) < 1e-12) return null;
  const qx = c[0] - a[0];
  const qy = c[1] - a[1];
  const t = (qx * sy - qy * sx) / denominator;
  const u = (qx * ry - qy * rx) / denominator;
  const eps = 1e-9;
  return t >= -eps && t <= 1 + eps && u >= -eps && u <= 1 + eps ? { t: Math.min(1, Math.max(0, t)), u: Math.min(1, Math.max(0, u)) } : null;
}

/** A set of polygons and a rule for what is inside (e.g. "in this district, not in an earlier one"). */
export interface Region {
  rings: XY[][];
  contains(point: XY): boolean;
}

export const polygonRegion = (ring: XY[]): Region => ({ rings: [ring], contains: (p) => pointInPolygon(p, ring) });

export function unionRegion(rings: XY[][]): Region {
  return { rings, contains: (p) => rings.some((ring) => pointInPolygon(p, ring)) };
}

interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boundsOf(points: readonly XY[]): Bounds {
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of points) {
    b.minX = Math.min(b.minX, x);
    b.minY = Math.min(b.minY, y);
    b.maxX = Math.max(b.maxX, x);
    b.maxY = Math.max(b.maxY, y);
  }
  return b;
}

const overlaps = (a: Bounds, b: Bounds) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/**
 * The parts of a polyline inside (keep 'inside') or outside (keep 'outside') a region, cut
 * exactly where it crosses the region's edges. `overshoot` extends each cut end that many
 * metres past the edge, so the piece crosses a road drawn along that edge (and the generator's
 * planarisation joins them) instead of stopping a hair short of it.
 */
export function clipPolyline(points: readonly XY[], region: Region, keep: 'inside' | 'outside', overshoot = 0): XY[][] {
  const edges: Array<[XY, XY]> = [];
  for (const ring of region.rings) for (let i = 0; i < ring.length; i++) edges.push([ring[i], ring[(i + 1) % ring.length]]);
  const edgeBounds = edges.map(([a, b]) => boundsOf([a, b]));
  const wanted = (p: XY) => region.contains(p) === (keep === 'inside');

  const pieces: XY[][] = [];
  let current: XY[] | null = null;
  const close = (at: XY, direction: XY) => {
    if (!current) return;
    current.push(overshoot > 0 ? [at[0] + direction[0] * overshoot, at[1] + direction[1] * overshoot] : at);
    if (current.length >= 2) pieces.push(current);
    current = null;
  };
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i];
    const b = points[i + 1];
    const length = distance(a, b);
    if (length === 0) continue;
    const direction: XY = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
    const segmentBounds = boundsOf([a, b]);
    const cuts = [0, 1];
    edges.forEach(([c, d], k) => {
      if (!overlaps(segmentBounds, edgeBounds[k])) return;
      const hit = intersect(a, b, c, d);
      if (hit && hit.t > 1e-9 && hit.t < 1 - 1e-9) cuts.push(hit.t);
    });
    cuts.sort((x, y) => x - y);
    for (let k = 0; k < cuts.length - 1; k++) {
      const from = lerp(a, b, cuts[k]);
      const to = lerp(a, b, cuts[k + 1]);
      if (distance(from, to) < 1e-6) continue;
      if (wanted(lerp(a, b, (cuts[k] + cuts[k + 1]) / 2))) {
        if (!current) {
          const isStart = i === 0 && k === 0;
          current = [isStart || overshoot === 0 ? from : [from[0] - direction[0] * overshoot, from[1] - direction[1] * overshoot]];
        }
        current.push(to);
      } else if (current) {
        current.pop();
        close(from, direction);
      }
    }
  }
  if (current) {
    const last: XY[] = current;
    if (last.length >= 2) pieces.push(last);
  }
  return pieces;
}

/** Douglas–Peucker: the indices of `points` to keep so that no dropped point is more than `tolerance` off. */
export function simplifyIndices(points: readonly XY[], tolerance: number): number[] {
  const keep = new Set<number>([0, points.length - 1]);
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let worst = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment(points[i], points[first], points[last]);
      if (d > worst) {
        worst = d;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep.add(farthest);
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return [...keep].sort((a, b) => a - b);
}

export function distanceToSegment(p: XY, a: XY, b: XY): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return distance(p, [a[0] + t * dx, a[1] + t * dy]);
}
