import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCity } from '../../scripts/offline-map/build';
import { cityDesigns } from '../../scripts/offline-map/cities';
import { dataFile, serialise } from '../../scripts/offline-map/generate';
import { decodeCity, loadOfflineCity, OFFLINE_CITIES, offlineCitiesIn, offlineCityAt, type OfflineCity } from '../../src/lib/offline-map';

const committed = (id: string) => readFileSync(dataFile(id), 'utf8');

/** Nodes reachable from node 0 over the ways. */
function reachable(city: OfflineCity): number {
  const neighbours = city.nodes.map(() => [] as number[]);
  for (const way of city.ways)
    for (let i = 0; i < way.nodes.length - 1; i++) {
      neighbours[way.nodes[i]].push(way.nodes[i + 1]);
      neighbours[way.nodes[i + 1]].push(way.nodes[i]);
    }
  const seen = new Set([0]);
  const stack = [0];
  while (stack.length > 0) {
    for (const next of neighbours[stack.pop()!]) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen.size;
}

describe('the offline base map', () => {
  it.each(cityDesigns.map((d) => [d.id, d] as const))('%s: the committed data is exactly what the generator makes (deterministic)', (id, design) => {
    expect(serialise(buildCity(design))).toBe(committed(id));
  });

  it.each(OFFLINE_CITIES.map((c) => [c.id, c] as const))('%s: the index box is the data box, and every node is reachable from every other', async (id, info) => {
    const city = await loadOfflineCity(id);
    expect(city.bbox).toEqual(info.bbox);
    expect(city.name).toBe(info.name);
    expect(city.ways.every((way) => way.nodes.every((n) => n >= 0 && n < city.nodes.length))).toBe(true);
    expect(reachable(city)).toBe(city.nodes.length);
    expect(city.areas.some((a) => a.kind === 'park')).toBe(true);
    expect(city.labels.length).toBeGreaterThan(5);
  });

  it('decodes the same coordinates every time (what the map draws is what the router routes on)', async () => {
    const city = await loadOfflineCity('valencia');
    expect(decodeCity(JSON.parse(committed('valencia')))).toEqual(city);
  });

  it('finds the cities of a view and of a position', () => {
    expect(offlineCityAt(39.47392, -0.37868)?.id).toBe('valencia');
    expect(offlineCityAt(41.38567, 2.18062)?.id).toBe('barcelona');
    expect(offlineCityAt(37.3891, -5.9845)).toBeUndefined();
    expect(offlineCitiesIn([-10, 35, 5, 44]).map((c) => c.id)).toEqual(['valencia', 'madrid', 'barcelona']);
    expect(offlineCitiesIn([-3.71, 40.41, -3.7, 40.42]).map((c) => c.id)).toEqual(['madrid']);
  });

  it('refuses a city it does not have', async () => {
    await expect(loadOfflineCity('sevilla')).rejects.toThrow(/no city "sevilla"/);
  });
});
