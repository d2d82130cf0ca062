/**
 * Lighthouse 13 over every main route of the console, in Debian's headless Chromium, on the two
 * builds operators and demos load: the live build (the production build, served by the rehearsal's
 * stack: a static host, the platform API answered over HTTP by the standalone mock, the Firebase
 * Auth emulator; scripts/live-stack.ts) and the demo build (mock backend in the page). Each route as
 * a phone (Lighthouse's default: Moto G Power, slow 4G, 4× CPU, simulated) and as a desktop
 * (--preset=desktop). Prints per route the scores, FCP, LCP, TBT and CLS (simulated: what the score
 * is made of), and the JavaScript and CSS the page loaded (bytes over the wire, gzip), and checks
 * issue #25's bars: performance ≥ 90 on a phone and ≥ 98 on a desktop, accessibility 100, best
 * practices ≥ 95, LCP ≤ 2.5 s on a phone. Exits 1 when a route misses one.
 *
 * Not part of `npm test` (timings are noisy); run it on an idle machine and record the result in
 * docs/performance.md with the date. Each route and device is measured `--runs` times (default 1)
 * and the run with the median performance score is reported, with the range beside it:
 *
 *   npm run lighthouse [-- --build=live|demo] [--route=/operations/offers] [--device=mobile|desktop]
 *                          [--runs=3] [--traces] [--reuse-live-build]
 *
 * Signed-in routes are measured as a returning operator's visit: the browser profile remembers the
 * operator (the identity provider's user, the cookie agreement) and its HTTP cache is deleted before
 * each run. /auth/login is a first visit: a fresh profile.
 *
 * Lighthouse itself is fetched by npx (pinned below) rather than installed with the project: it
 * weighs 176 MB and no test needs it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { signInAsDemoOperator } from './demo-sign-in';
import { buildLiveConsole, startLiveStack, type LivePorts } from './live-stack';
import { serveStatic } from './static-server';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(option('runs') ?? 1);
const ONLY_ROUTE = option('route');
const ONLY_DEVICE = option('device');
const ONLY_BUILD = option('build');
/** Measure the live build left in dist-lighthouse/ by the previous run instead of building it again. */
const REUSE_LIVE_BUILD = process.argv.includes('--reuse-live-build');
/** Keep each run's trace beside its report (for a look at the main thread's tasks). */
const SAVE_TRACES = process.argv.includes('--traces');

/**
 * The main routes an operator opens directly (a bookmark, a reload, a notification's link).
 * `{order}` and `{operator}` are the demo operator's first pending order and their own id, read
 * from the console once signed in.
 */
const ROUTES = [
  '/auth/login',
  '/overview',
  '/operations/offers',
  '/operations/offers/create',
  '/operations/templates',
  '/operations/orders/pending',
  '/operations/order/{order}',
  '/dashboards/default',
  '/management/customers',
  '/summary/current-transactions',
  '/delivery-orders',
  '/delivery-map',
  '/trucks/active',
  '/settings/general',
  '/profile/{operator}',
];
const DEVICES = (['mobile', 'desktop'] as const).filter((device) => ONLY_DEVICE === undefined || device === ONLY_DEVICE);
const BUILDS = (['live', 'demo'] as const).filter((build) => ONLY_BUILD === undefined || build === ONLY_BUILD);
const BARS = { mobile: { performance: 90, lcpMs: 2500 }, desktop: { performance: 98, lcpMs: Infinity }, accessibility: 100, bestPractices: 95 } as const;
/** Ports of the live stack: beside the rehearsal's defaults (4180, 4010, 9099), not on them. */
const LIVE_PORTS: LivePorts = { console: 4280, api: 4110, identity: 9199 };

type Build = (typeof BUILDS)[number];
type Device = (typeof DEVICES)[number];
type Category = 'performance' | 'accessibility' | 'best-practices';

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

interface LighthouseReport {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  categories: Record<Category, { score: number; auditRefs: { id: string }[] }>;
  audits: Record<
    string,
    { numericValue?: number; title: string; score: number | null; details?: { items: Array<Record<string, unknown>> } }
  >;
}

interface Row {
  build: Build;
  route: string;
  device: Device;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the wire (gzip) of the page's scripts and stylesheets. */
  jsBytes: number;
  cssBytes: number;
  /** What Lighthouse took as the largest contentful paint (a selector), to tell what holds it. */
  lcpElement: string;
  /** Accessibility and best-practice audits that failed (performance opportunities are not listed). */
  failedAudits: string[];
  /** The lowest and highest performance score of the runs. */
  performanceRange: [number, number];
}

/**
 * One Lighthouse run in a Chromium it launches itself. `profile`: a user-data directory to run in
 * (the signed-in operator's), with Lighthouse's storage reset off so the session survives.
 */
async function lighthouse(url: string, name: string, device: Device, run: number, profile?: string): Promise<LighthouseReport> {
  // Lighthouse launches its own Chromium (chrome-launcher adds what it needs; more flags made it hang here).
  const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', ...(profile ? [`--user-data-dir=${profile}`] : [])].join(' ');
  const output = join(reports, `${name}-${device}-${run + 1}.json`);
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    `--chrome-flags=${chromeFlags}`,
    '--only-categories=performance,accessibility,best-practices',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    ...(device === 'desktop' ? ['--preset=desktop'] : []),
    ...(profile ? ['--disable-storage-reset'] : []),
    ...(SAVE_TRACES ? ['--save-assets'] : []),
  ];
  // Asynchronously: the static server answering Lighthouse's Chromium runs in this process.
  // Lighthouse's Chromium now and then closes its target mid-run on this machine ("Target closed"):
  // such a run is taken again, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)('npx', args, { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } });
      return JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`  Lighthouse failed on ${url} (${device}), attempt ${attempt}: ${String((error as { stderr?: string }).stderr ?? error).trim().split('\n')[0]}; again`);
    }
  }
}

function bytesOf(report: LighthouseReport, type: 'Script' | 'Stylesheet'): number {
  const requests = (report.audits['network-requests'].details?.items ?? []) as NetworkRequest[];
  return requests.filter((request) => request.resourceType === type).reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
}

function lcpElementOf(report: LighthouseReport): string {
  // Lighthouse 13: the LCP breakdown insight names the element (its second item, a node).
  const items = (report.audits['lcp-breakdown-insight']?.details?.items ?? []) as Array<{ type?: string; selector?: string; nodeLabel?: string }>;
  const node = items.find((item) => item.type === 'node');
  return node ? `${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 40)}"` : 'none';
}

function row(build: Build, route: string, path: string, device: Device, report: LighthouseReport): Omit<Row, 'performanceRange'> {
  const landed = new URL(report.finalDisplayedUrl).pathname;
  if (landed !== path) throw new Error(`Lighthouse measured ${landed}, not ${path}: the page redirected (signed out?)`);
  const score = (name: Category) => Math.round(report.categories[name].score * 100);
  const audited = new Set(['accessibility', 'best-practices'].flatMap((name) => report.categories[name as Category].auditRefs.map((ref) => ref.id)));
  const metric = (id: string) => report.audits[id].numericValue ?? Number.NaN;
  return {
    build,
    route,
    device,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    jsBytes: bytesOf(report, 'Script'),
    cssBytes: bytesOf(report, 'Stylesheet'),
    lcpElement: lcpElementOf(report),
    failedAudits: Object.entries(report.audits)
      .filter(([id, audit]) => audited.has(id) && audit.score !== null && audit.score < 1)
      .map(([id]) => id),
  };
}

/** `RUNS` runs of one route on one device; the run with the median performance score. */
async function medianRun(build: Build, baseUrl: string, route: string, path: string, device: Device, profile?: string): Promise<Row> {
  const runs: Array<Omit<Row, 'performanceRange'>> = [];
  const name = `${build}${path.replaceAll('/', '_')}`;
  for (let run = 0; run < RUNS; run++) {
    if (profile) {
      // A returning operator's visit, without the code the previous run left in the HTTP cache.
      rmSync(join(profile, 'Default', 'Cache'), { recursive: true, force: true });
      rmSync(join(profile, 'Default', 'Code Cache'), { recursive: true, force: true });
    }
    runs.push(row(build, route, path, device, await lighthouse(`${baseUrl}${path}`, name, device, run, profile)));
  }
  runs.sort((a, b) => a.performance - b.performance);
  return { ...runs[Math.floor(runs.length / 2)], performanceRange: [runs[0].performance, runs[runs.length - 1].performance] };
}

/**
 * Signs the demo operator in, in a browser profile Lighthouse then runs in (the identity provider
 * keeps its user there, so the console resumes the session), and reads the ids the routes need.
 */
async function signIn(baseUrl: string, profile: string): Promise<Record<'order' | 'operator', string>> {
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAsDemoOperator(page, `${baseUrl}/auth/login`);
    const idIn = async (selector: string, pattern: RegExp) => {
      const href = await page.locator(selector).first().getAttribute('href', { timeout: 30_000 });
      const id = pattern.exec(href ?? '')?.[1];
      if (!id) throw new Error(`No id in ${selector}'s link "${href}"`);
      return id;
    };
    const operator = await idIn('a[href^="/profile/"]', /^\/profile\/([^/]+)/);
    await page.goto(`${baseUrl}/operations/orders/pending`);
    const order = await idIn('a[href^="/operations/order/"]', /^\/operations\/order\/([^/]+)/);
    // Let the last calls settle before the profile is closed (nothing half-written in it).
    await page.waitForLoadState('networkidle');
    return { order, operator };
  } finally {
    await context.close();
  }
}

/** Serves one build (starting the live stack for the live one) and measures every chosen route on it. */
async function measureBuild(build: Build): Promise<Row[]> {
  let baseUrl: string;
  let stop: () => Promise<void>;
  if (build === 'live') {
    if (REUSE_LIVE_BUILD) console.info('Starting the rehearsal stack (Firebase Auth emulator, mock API) on the live build already in dist-lighthouse/ …');
    else {
      console.info('Building the live console and starting the rehearsal stack (Firebase Auth emulator, mock API) …');
      await buildLiveConsole('dist-lighthouse', LIVE_PORTS, 'emulator');
    }
    const stack = await startLiveStack({ root: 'dist-lighthouse', ports: LIVE_PORTS, identity: 'emulator', scenario: 'default' });
    baseUrl = stack.consoleUrl;
    stop = stack.close;
  } else {
    const { server, url } = await serveStatic(resolve('dist-demo'));
    baseUrl = url;
    stop = () => new Promise((done) => server.close(() => done()));
  }
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const rows: Row[] = [];
  try {
    const routes = ROUTES.filter((route) => ONLY_ROUTE === undefined || route === ONLY_ROUTE || route.split('/{')[0] === ONLY_ROUTE.split('/{')[0]);
    const ids = routes.some((route) => route !== '/auth/login') ? await signIn(baseUrl, profile) : undefined;
    for (const route of routes) {
      const signedIn = route !== '/auth/login';
      const path = route.replace('{order}', ids?.order ?? '').replace('{operator}', ids?.operator ?? '');
      for (const device of DEVICES) {
        const result = await medianRun(build, baseUrl, route, path, device, signedIn ? profile : undefined);
        console.info(`  ${build} ${path} ${device}: ${result.performance}, LCP ${(result.lcpMs / 1000).toFixed(2)} s`);
        rows.push(result);
      }
    }
  } finally {
    await stop();
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}

// The full JSON reports stay here for a closer look (node_modules: never committed).
const reports = resolve('node_modules/.lighthouse');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const version = (await promisify(execFile)('npx', ['--yes', LIGHTHOUSE, '--version'])).stdout.trim();
const rows: Row[] = [];
for (const build of BUILDS) rows.push(...(await measureBuild(build)));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const failures: string[] = [];
console.log(`\nLighthouse ${version}, headless Chromium, ${new Date().toISOString().slice(0, 10)}, median of ${RUNS} run(s)\n`);
console.log('| build | route | device | performance (range) | accessibility | best practices | FCP | LCP | TBT | CLS | JS KB | CSS KB |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const [low, high] = r.performanceRange;
  const range = low === high ? '' : ` (${low}–${high})`;
  console.log(
    `| ${r.build} | ${r.route} | ${r.device} | ${r.performance}${range} | ${r.accessibility} | ${r.bestPractices} | ${(r.fcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.tbtMs} ms | ${r.cls} | ${kb(r.jsBytes)} | ${kb(r.cssBytes)} |`,
  );
  const bars = BARS[r.device];
  const at = `${r.build} ${r.route} ${r.device}`;
  if (r.performance < bars.performance) failures.push(`${at}: performance ${r.performance} < ${bars.performance} (LCP element ${r.lcpElement})`);
  if (r.lcpMs > bars.lcpMs) failures.push(`${at}: LCP ${r.lcpMs} ms > ${bars.lcpMs} ms (${r.lcpElement})`);
  if (r.accessibility < BARS.accessibility) failures.push(`${at}: accessibility ${r.accessibility} < ${BARS.accessibility} (${r.failedAudits.join(', ')})`);
  if (r.bestPractices < BARS.bestPractices) failures.push(`${at}: best practices ${r.bestPractices} < ${BARS.bestPractices} (${r.failedAudits.join(', ')})`);
}
if (failures.length > 0) {
  console.error(`\nBelow issue #25's bars (reports: node_modules/.lighthouse/):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery route meets issue #25’s bars.');
