// The live build must carry zero bytes of the mock kit. Searches every file in dist/ for
// markers only mocks/, scenarios/ or MSW contain, and fails the build if one is found.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outDir = process.argv[2] ?? 'dist';
const markers = [
  'mockServiceWorker',
  'setupWorker',
  '@msw/data',
  'devkit',
  'startMockMode',
  'demo@store.test',
  'store-platform.test',
  'seedScenario',
  'Forn de la Llotja',
  'multi-account',
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let bytes = 0;
let count = 0;
const found = [];
for (const file of files(outDir)) {
  const text = readFileSync(file, 'latin1');
  bytes += text.length;
  count += 1;
  for (const marker of markers) if (text.includes(marker)) found.push(`${file}: ${marker}`);
}
console.log(`live bundle check: ${count} files, ${bytes} bytes searched for ${markers.length} mock markers`);
if (found.length > 0) {
  console.error(`Mock code found in the live build:\n${found.join('\n')}`);
  process.exit(1);
}
console.log('live bundle check: no mock code (0 bytes of mocks/ or scenarios/)');
