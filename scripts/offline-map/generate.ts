/**
 * Regenerates the offline base map (src/lib/offline-map/data/<city>.json) from the designs in
 * scripts/offline-map/cities.ts:
 *
 *   npx tsx scripts/offline-map/generate.ts          writes the files, prints sizes and checks
 *   npx tsx scripts/offline-map/generate.ts --check  fails when the committed files differ
 *
 * Deterministic: the same designs always give the same bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { decodeCity } from '../../src/lib/offline-map/format';
import { fornDeLaLlotja, fruiteriaDelBorn, mercadoGranVia, obradorLavapies, despensaChamberi } from '../../scenarios/catalogues';
import { buildCity } from './build';
import { cityDesigns } from './cities';

/** Every place the scenarios know, with the city whose map must reach it. */
function scenarioPlaces() {
  const stores = [
    ['valencia', fornDeLaLlotja],
    ['madrid', obradorLavapies],
    ['madrid', mercadoGranVia],
    ['madrid', despensaChamberi],
    ['barcelona', fruiteriaDelBorn],
  ] as const;
  return stores.flatMap(([city, store]) => [
    { city, name: store.name, lat: store.lat, lon: store.lon },
    ...store.pickupLocations.map((p) => ({ city, name: p.name, lat: p.lat, lon: p.lon })),
    ...store.deliveryStops.map((p) => ({ city, name: p.address, lat: p.lat, lon: p.lon })),
  ]);
}

/** Metres from a place to the nearest road node of a decoded city. */
function nearestNodeMetres(city: ReturnType<typeof decodeCity>, lat: number, lon: number): number {
  const k = Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const [x, y] of city.nodes) best = Math.min(best, Math.hypot((x - lon) * k, y - lat) * 111_195);
  return best;
}

// node:path, not new URL(): under Vitest's DOM environment URL resolves file: URLs as http ones.
export const dataFile = (id: string) => join(dirname(fileURLToPath(import.meta.url)), '../../src/lib/offline-map/data', `${id}.json`);

/** One line per way keeps diffs readable and the file compact. */
export function serialise(value: ReturnType<typeof buildCity>): string {
  const { ways, areas, labels, nodes, ...head } = value;
  const lines = [
    ...Object.entries(head).map(([key, v]) => `${JSON.stringify(key)}:${JSON.stringify(v)}`),
    `"labels":${JSON.stringify(labels)}`,
    `"areas":[\n${areas.map((a) => JSON.stringify(a)).join(',\n')}\n]`,
    `"nodes":${JSON.stringify(nodes)}`,
    `"ways":[\n${ways.map((w) => JSON.stringify(w)).join(',\n')}\n]`,
  ];
  return `{\n${lines.join(',\n')}\n}\n`;
}

function main(check: boolean): number {
  let failed = false;
  for (const design of cityDesigns) {
    const started = performance.now();
    const text = serialise(buildCity(design));
    const city = decodeCity(JSON.parse(text));
    const ms = Math.round(performance.now() - started);
    const file = dataFile(design.id);
    if (check) {
      const committed = readFileSync(file, 'utf8');
      if (committed !== text) {
        console.error(`${design.id}: the committed data differs from what the generator produces`);
        failed = true;
      }
    } else writeFileSync(file, text);
    for (const place of scenarioPlaces().filter((p) => p.city === design.id)) {
      const metres = nearestNodeMetres(city, place.lat, place.lon);
      if (metres > 150) {
        console.error(`${design.id}: ${place.name} is ${Math.round(metres)} m from the nearest road node`);
        failed = true;
      }
    }
    const edges = city.ways.reduce((sum, way) => sum + way.nodes.length - 1, 0);
    console.info(
      `${design.id}: ${city.nodes.length} nodes, ${city.ways.length} ways, ${edges} edges, ${city.areas.length} areas; ${(text.length / 1024).toFixed(0)} KB, ${(gzipSync(text).length / 1024).toFixed(0)} KB gzip; bbox ${city.bbox.join(', ')}; ${ms} ms`,
    );
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.includes('--check'));
