/**
 * Builds scripts/stack-floor (React + react-router data router + Joy + XState, no app code) and
 * prints the gzip size of its JavaScript: what any sign-in page on this stack costs before the
 * first line of the console. Compare with the sign-in route in `npm run check:bundle`.
 *
 *   npm run size:floor
 */
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = resolve('scripts/stack-floor');
const outDir = resolve('node_modules/.stack-floor');
await build({ root, configFile: false, logLevel: 'error', plugins: [react()], build: { outDir, emptyOutDir: true, target: 'es2022' } });
let total = 0;
for (const file of readdirSync(resolve(outDir, 'assets')).filter((name) => name.endsWith('.js'))) {
  const gzip = gzipSync(readFileSync(resolve(outDir, 'assets', file))).length;
  total += gzip;
  console.log(`${(gzip / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`Stack floor (React + react-router data router + Joy + XState, no app code): ${(total / 1024).toFixed(1)} KB gzip`);
