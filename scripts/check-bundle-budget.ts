/**
 * The bundle-size gate (run by `npm test` after both builds). Prints, then checks:
 *
 * - the sign-in route's initial JavaScript (live build): the entry's static imports plus the
 *   sign-in screen's and public layout's, gzip, at or under issue #9's 150 KB. The sign-in page is
 *   plain UI and loads no Joy UI or emotion (docs/decisions/019-sign-in-without-joy.md), which
 *   is checked too, in both builds; so is the first signed-in page, the shell with the overview
 *   (decision 020);
 * - that ApexCharts, OpenLayers, the mock kit and Firebase messaging sit in none of the sign-in or
 *   shell chunks, in the live and the demo build;
 * - that the live build carries no module of mocks/, scenarios/, MSW or @msw/data at all.
 *
 *   npm run build && npm run build:demo && tsx scripts/check-bundle-budget.ts [--top N]
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleGraphPath, MOCK_MODULE, type BundleGraph, type GraphChunk } from './bundle-graph';
import { EAGER_COMPILE, EAGER_COMPILE_HINT, SIGN_IN_ROUTE } from './first-paint-chunks';

/**
 * Issue #9's budget, enforced. History (decisions 015 and 019): 316 KB at the start, 252.1 KB
 * when the gate was installed, 202.0 KB with zod and the console's strings off the page, 144.0 KB
 * once the sign-in page dropped Joy UI (142.3 KB with React in its own chunk).
 */
const SIGN_IN_BUDGET_GZIP = 150 * 1024;
const SHELL = ['src/app/shell/shell.tsx'];
/** The first page of an operator's day: plain UI too (decision 020); Joy comes with any other screen. */
const FIRST_SIGNED_IN_PAGE = [...SHELL, 'src/screens/overview/overview-screen.tsx'];
/** The sign-in page is plain UI (decision 019): Joy, its styling engine and emotion come with the first Joy page. */
const JOY = /node_modules\/(@mui|@emotion|stylis)\//;
const FORBIDDEN_EARLY: Record<string, RegExp> = {
  ApexCharts: /node_modules\/(react-)?apexcharts\//,
  OpenLayers: /node_modules\/ol\//,
  'mock kit': MOCK_MODULE,
  'Firebase messaging': /node_modules\/@firebase\/messaging|node_modules\/firebase\/messaging/,
};
const MOCK_CODE = FORBIDDEN_EARLY['mock kit'];
/** Mock mode's light entry (mocks/index.tsx) and what it must leave to the kit it starts on demand. */
const MOCK_ENTRY = 'mocks/index.tsx';
const MOCK_KIT = 'mocks/mock-mode-kit.ts';
const HEAVY_MOCK_CODE = /node_modules\/(msw|@msw|@mswjs)\/|^scenarios\/(?!demo-sign-in\.ts$)/;

const topArg = process.argv.indexOf('--top');
const top = topArg > 0 ? Number(process.argv[topArg + 1]) : 12;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const failures: string[] = [];

function loadGraph(outDir: string): BundleGraph {
  const path = bundleGraphPath(outDir);
  if (!existsSync(path)) throw new Error(`No bundle graph for ${outDir}/: run the build first (npm run build && npm run build:demo)`);
  return JSON.parse(readFileSync(path, 'utf8')) as BundleGraph;
}

/** The chunks a set of chunks loads before running: themselves and their static imports, transitively. */
function staticClosure(graph: BundleGraph, starts: GraphChunk[]): GraphChunk[] {
  const byFile = new Map(graph.chunks.map((chunk) => [chunk.file, chunk]));
  const seen = new Map<string, GraphChunk>();
  const queue = [...starts];
  while (queue.length > 0) {
    const chunk = queue.shift()!;
    if (seen.has(chunk.file)) continue;
    seen.set(chunk.file, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) queue.push(next);
    }
  }
  return [...seen.values()];
}

/** The chunk carrying each of these modules (its own, or a group's such as `console`, decision 028). */
function chunksFor(graph: BundleGraph, modules: string[]): GraphChunk[] {
  return modules.map((module) => {
    const chunk = graph.chunks.find((candidate) => candidate.facade === module) ?? graph.chunks.find((candidate) => module in candidate.modules);
    if (!chunk) throw new Error(`${graph.outDir}/: no chunk carries ${module}; was it renamed?`);
    return chunk;
  });
}

const gzipOf = (graph: BundleGraph, chunk: GraphChunk) => gzipSync(readFileSync(resolve(graph.outDir, chunk.file))).length;

function report(graph: BundleGraph, title: string, chunks: GraphChunk[]): number {
  const sizes = chunks.map((chunk) => ({ chunk, gzip: gzipOf(graph, chunk) }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  console.log(`\n${title}: ${chunks.length} chunks, ${kb(total)} gzip`);
  for (const { chunk, gzip } of sizes.sort((a, b) => b.gzip - a.gzip).slice(0, top)) console.log(`  ${kb(gzip).padStart(9)}  ${chunk.file}`);
  const modules = chunks.flatMap((chunk) => Object.entries(chunk.modules));
  const byPackage = new Map<string, number>();
  for (const [id, bytes] of modules) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
    const owner = match ? match[1] : id.split('/').slice(0, 2).join('/');
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + bytes);
  }
  console.log('  largest sources (rendered, before gzip):');
  for (const [owner, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${kb(bytes).padStart(9)}  ${owner}`);
  return total;
}

/** The modules of these chunks whose path matches, as `chunk: module` lines for a failure message. */
function modulesMatching(chunks: GraphChunk[], pattern: RegExp): string[] {
  return chunks.flatMap((chunk) => Object.keys(chunk.modules).filter((id) => pattern.test(id)).map((id) => `${chunk.file}: ${id}`));
}

function checkNoneOf(graph: BundleGraph, where: string, chunks: GraphChunk[]) {
  for (const [name, pattern] of Object.entries(FORBIDDEN_EARLY)) {
    const hits = modulesMatching(chunks, pattern);
    console.log(`${graph.outDir}/ ${where}: ${name} modules: ${hits.length}`);
    if (hits.length > 0) failures.push(`${name} in the ${where} chunks of ${graph.outDir}/:\n    ${hits.slice(0, 5).join('\n    ')}`);
  }
}

const live = loadGraph('dist');
const demo = loadGraph('dist-demo');

const liveEntry = live.chunks.filter((chunk) => chunk.isEntry);
const signIn = staticClosure(live, [...liveEntry, ...chunksFor(live, SIGN_IN_ROUTE)]);
const signInGzip = report(live, 'Sign-in route, initial JavaScript (live build)', signIn);
const shell = staticClosure(live, [...liveEntry, ...chunksFor(live, SHELL)]);
report(live, 'Signed-in shell with the overview (live build; one chunk, decision 028)', shell);

console.log('');
for (const graph of [live, demo]) {
  const entry = graph.chunks.filter((chunk) => chunk.isEntry);
  const signInChunks = staticClosure(graph, [...entry, ...chunksFor(graph, SIGN_IN_ROUTE)]);
  checkNoneOf(graph, 'sign-in', signInChunks);
  const joyHits = modulesMatching(signInChunks, JOY);
  console.log(`${graph.outDir}/ sign-in: Joy UI / emotion modules: ${joyHits.length}`);
  if (joyHits.length > 0) failures.push(`Joy UI or emotion in the sign-in chunks of ${graph.outDir}/ (decision 019):\n    ${joyHits.slice(0, 5).join('\n    ')}`);
  checkNoneOf(graph, 'shell', staticClosure(graph, [...entry, ...chunksFor(graph, SHELL)]));
  const overviewJoy = modulesMatching(staticClosure(graph, [...entry, ...chunksFor(graph, FIRST_SIGNED_IN_PAGE)]), JOY);
  console.log(`${graph.outDir}/ shell + overview: Joy UI / emotion modules: ${overviewJoy.length}`);
  if (overviewJoy.length > 0) failures.push(`Joy UI or emotion in the shell or overview chunks of ${graph.outDir}/ (decision 020):\n    ${overviewJoy.slice(0, 5).join('\n    ')}`);
}

// The first paint's big chunks start with V8's compile hint (decision 029): without it they are
// compiled function by function on the main thread as they first run.
for (const graph of [live, demo]) {
  for (const name of EAGER_COMPILE) {
    const chunk = graph.chunks.find((candidate) => new RegExp(`^assets/${name}-[\\w-]+\\.js$`).test(candidate.file));
    const hinted = chunk !== undefined && readFileSync(resolve(graph.outDir, chunk.file), 'utf8').startsWith(EAGER_COMPILE_HINT);
    console.log(`${graph.outDir}/ ${name} chunk starts with the compile hint: ${hinted ? 'yes' : 'no'}`);
    if (!hinted) failures.push(`${graph.outDir}/: the ${name} chunk ${chunk ? 'does not start with' : 'is missing, so it lacks'} the compile hint (decision 029)`);
  }
}

// A pattern that matches nothing anywhere would make the checks above pass vacuously.
for (const [name, pattern] of Object.entries(FORBIDDEN_EARLY)) {
  const anywhere = [live, demo].flatMap((graph) => graph.chunks).filter((chunk) => Object.keys(chunk.modules).some((id) => pattern.test(id)));
  console.log(`${name}: in ${anywhere.length} lazily loaded chunk(s) of the two builds`);
  if (anywhere.length === 0) failures.push(`The ${name} pattern ${pattern} matches no module of either build: fix the pattern.`);
}

// Mock mode's entry stays light (decision 017): the demo's sign-in page loads it at boot, and the
// heavy kit (MSW, the scenarios) only when the page first needs a backend.
const demoSignIn = new Set(staticClosure(demo, [...demo.chunks.filter((chunk) => chunk.isEntry), ...chunksFor(demo, SIGN_IN_ROUTE)]).map((chunk) => chunk.file));
const mockEntry = staticClosure(demo, chunksFor(demo, [MOCK_ENTRY])).filter((chunk) => !demoSignIn.has(chunk.file));
const heavyInMockEntry = modulesMatching(mockEntry, HEAVY_MOCK_CODE);
console.log(`dist-demo/ mock mode's entry: ${kb(mockEntry.reduce((sum, chunk) => sum + gzipOf(demo, chunk), 0))} gzip beyond the sign-in route; MSW or scenario modules in it: ${heavyInMockEntry.length}`);
if (heavyInMockEntry.length > 0) failures.push(`Mock mode's entry pulls the heavy kit in:\n    ${heavyInMockEntry.slice(0, 5).join('\n    ')}`);
// The demo's sign-in page loads that entry before its first render: it stays Joy-free as well.
const joyInMockEntry = modulesMatching(mockEntry, JOY);
console.log(`dist-demo/ mock mode's entry: Joy UI / emotion modules: ${joyInMockEntry.length}`);
if (joyInMockEntry.length > 0) failures.push(`Joy UI or emotion in mock mode's entry (decision 019):\n    ${joyInMockEntry.slice(0, 5).join('\n    ')}`);

// The kit itself starts before a remembered operator's first page (the overview, plain UI since
// decision 020): its Joy-drawn Demo menu is imported only when first opened.
const joyInMockKit = modulesMatching(staticClosure(demo, chunksFor(demo, [MOCK_KIT])), JOY);
console.log(`dist-demo/ mock kit: Joy UI / emotion modules: ${joyInMockKit.length}`);
if (joyInMockKit.length > 0) failures.push(`Joy UI or emotion in the mock kit's static chunks (decision 020):\n    ${joyInMockKit.slice(0, 5).join('\n    ')}`);

const mockInLive = modulesMatching(live.chunks, MOCK_CODE);
console.log(`dist/ (live): modules from mocks/, scenarios/ or MSW: ${mockInLive.length}`);
if (mockInLive.length > 0) failures.push(`Mock code in the live build:\n    ${mockInLive.slice(0, 5).join('\n    ')}`);

console.log(`\nSign-in route initial JavaScript: ${kb(signInGzip)} gzip; budget ${kb(SIGN_IN_BUDGET_GZIP)} (${kb(SIGN_IN_BUDGET_GZIP - signInGzip)} to spare)`);
if (signInGzip > SIGN_IN_BUDGET_GZIP) failures.push(`The sign-in route loads ${kb(signInGzip)} of JavaScript (gzip); the budget is ${kb(SIGN_IN_BUDGET_GZIP)}.`);

if (failures.length > 0) {
  console.error(`\nBundle budget: ${failures.length} failure(s)\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Bundle budget: all checks pass');
