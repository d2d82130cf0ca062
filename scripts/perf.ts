/**
 * Measures what an operator waits for after pressing "Sign in", on the demo build, in headless
 * Chromium: the time from the click to the overview's figures on screen, and the JavaScript
 * (gzip bytes) loaded until then, split into app code and the mock kit (which the live build
 * does not carry). Also checks that no chart or map code was loaded for the overview.
 *
 *   npm run perf                  default and busy-store, 3 runs each (builds the demo first)
 *   npm run perf -- busy-store    one scenario
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { serveStatic } from '../tests/e2e/static-server';

const RUNS = 3;
const TARGET_MS = 1000;
const root = resolve('dist-demo');
const chartOrMapMarkers = ['ApexCharts', 'apexcharts', 'ol-viewport', 'OpenLayers'];

interface Run {
  clickToFiguresMs: number;
  appJsGzip: number;
  mockJsGzip: number;
  chartOrMapCode: string[];
}

function gzipSize(path: string): number {
  return gzipSync(readFileSync(resolve(root, `.${path}`))).length;
}

async function measure(browser: Browser, baseUrl: string, scenario: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === baseUrl && url.pathname.endsWith('.js') && url.pathname !== '/mockServiceWorker.js') scripts.add(url.pathname);
  });
  await page.goto(`${baseUrl}/auth/login?scenario=${scenario}`);
  await page.getByLabel('Email').waitFor();
  // An operator needs seconds to type; the page may use them (e.g. to fetch the identity SDK).
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill('demo@store.test');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  // Timed inside the page: from the click event to the frame in which the figures exist.
  await page.evaluate(() => {
    const marks: { click?: number; figures?: number } = {};
    (window as unknown as { perfMarks: typeof marks }).perfMarks = marks;
    document.addEventListener('click', () => (marks.click ??= performance.now()), { capture: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="figure-overview.salesToday"]')) {
        marks.figures = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('figure-overview.salesToday').waitFor({ timeout: 30_000 });
  const clickToFiguresMs = Math.round(
    await page.evaluate(() => {
      const marks = (window as unknown as { perfMarks: { click: number; figures: number } }).perfMarks;
      return marks.figures - marks.click;
    }),
  );

  let appJsGzip = 0;
  let mockJsGzip = 0;
  const chartOrMapCode: string[] = [];
  for (const path of scripts) {
    const text = readFileSync(resolve(root, `.${path}`), 'utf8');
    const isMock = path.includes('/mocks-') || text.includes('setupWorker');
    if (isMock) mockJsGzip += gzipSize(path);
    else appJsGzip += gzipSize(path);
    if (!isMock && chartOrMapMarkers.some((marker) => text.includes(marker))) chartOrMapCode.push(path);
  }
  await context.close();
  return { clickToFiguresMs, appJsGzip, mockJsGzip, chartOrMapCode };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(scenarios: string[]) {
  const { server, url } = await serveStatic(root);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let failed = false;
  try {
    console.log(`Overview after "Sign in" — demo build, headless Chromium, median of ${RUNS} runs (target ${TARGET_MS} ms)\n`);
    console.log('| scenario | click → figures | each run | app JS (gzip) | mock kit JS (gzip) | chart/map code |');
    console.log('|---|---|---|---|---|---|');
    for (const scenario of scenarios) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, url, scenario));
      const time = median(runs.map((r) => r.clickToFiguresMs));
      const charts = [...new Set(runs.flatMap((r) => r.chartOrMapCode))];
      if (time > TARGET_MS || charts.length > 0) failed = true;
      console.log(
        `| ${scenario} | ${time} ms | ${runs.map((r) => r.clickToFiguresMs).join(', ')} ms | ${kb(median(runs.map((r) => r.appJsGzip)))} | ${kb(median(runs.map((r) => r.mockJsGzip)))} | ${charts.length ? charts.join(' ') : 'none'} |`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (failed) {
    console.log(`\nOver target: an overview took more than ${TARGET_MS} ms, or loaded chart/map code.`);
    process.exitCode = 1;
  }
}

const chosen = process.argv.slice(2);
await main(chosen.length > 0 ? chosen : ['default', 'busy-store']);
