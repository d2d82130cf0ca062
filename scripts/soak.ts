/**
 * A long shift (issue 25, point 5): keeps the demo build open in headless Chromium on each polling
 * screen — the orders list on its polled tab (past orders), the offers list and the delivery map —
 * for at least 2,880 poll cycles each, and fails if the page holds on to more at the end than at
 * the start.
 *
 * How: Playwright's clock is installed before the first page loads, so the console's timers
 * (XState's `after` delays are setTimeout) and Date run on a fake clock that otherwise flows with
 * real time. The script signs in, opens the screen, then jumps the clock one poll interval at a
 * time (`clock.fastForward`: every due timer fires once, as after a laptop lid was shut that long)
 * and waits for the poll's answer and one more turn of the page's event loop before the next
 * jump. The mock backend keeps answering: its service worker is not on the fake clock, and its
 * handlers in the page only read Date, which moves with the jumps (the session goes stale every
 * 3 minutes of it and is refreshed, as on a real shift). The cycles are counted, not assumed:
 * every request to the screen's poll endpoint is (page.on('request')), and the soak fails with
 * fewer than asked for; the simulated time is how far the page's own Date.now() moved.
 *
 * Each screen gets its own browser context: 20 warm-up cycles, the start measurement, the cycles,
 * the end measurement. A measurement collects garbage three times (HeapProfiler.collectGarbage,
 * over the Chrome DevTools Protocol), then reads the JS heap in use (Runtime.getHeapUsage; the
 * code V8 compiles as functions get hot counts in it) and the DOM nodes, documents and JS event
 * listeners (Memory.getDOMCounters). Bars: JS heap growth ≤ 5 MB; no more DOM nodes or listeners
 * at the end than at the start. What a screen shows changes along the way (offers expire, the map
 * moves to the next day at midnight), and fewer rows could hide nodes the page kept, so two more
 * bars leave out what is on screen: the nodes not in the document tree (detached ones still held,
 * and other documents'), and the listeners on neither the document tree (DOMDebugger
 * .getEventListeners) nor the window — neither may grow. Also shown, without a bar: the page's
 * Blink heap (native objects: streams, message ports…; DevTools' own record of each request,
 * ~0.3 KB, is in it too) and the mock backend's service worker (its JS and Blink heap and array
 * buffers, through the browser's DevTools session).
 *
 * The screens poll every 10 s (past orders), 20 s (offers) and 30 s (delivery map): 2,880 cycles
 * are the 8-hour shift of the orders list, and 16 h of the offers list and 24 h of the map, which
 * are run for 2,880 cycles all the same (the output says so).
 *
 *   npm run soak                                  all three screens, 2,880 cycles each (builds the demo first)
 *   npm run soak -- --screen=offers --cycles=500  one screen (orders, offers or map), another number of cycles
 */
import { resolve } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page, type Request } from 'playwright-core';
import { OFFERS_POLL_MS, PAST_ORDERS_POLL_MS } from '../src/lib/constants';
import { DELIVERY_MAP_POLL_MS } from '../src/machines/deliveries/map.machine';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { signInAsDemoOperator } from './demo-sign-in';
import { serveStatic } from './static-server';

const DEFAULT_CYCLES = 2880;
const WARM_UP_CYCLES = 20;
const SHIFT_HOURS = 8;
const MAX_HEAP_GROWTH_MB = 5;
/** How long (real time) a jump may take to bring its poll's answer. */
const POLL_ANSWER_WAIT_MS = 2000;
/** Jumps in a row without a poll before the soak gives up on a screen. */
const MAX_JUMPS_WITHOUT_POLL = 5;
const MB = 1024 * 1024;
const HOUR_MS = 3_600_000;

interface Screen {
  name: 'orders' | 'offers' | 'map';
  title: string;
  path: string;
  intervalMs: number;
  /** The screen's poll: the request its list (or map) asks again each interval. */
  isPoll: (request: Request) => boolean;
  /** What the screen shows, for the report: its rows or deliveries. */
  shown: { selector: string; noun: string };
}

const pathOf = (request: Request) => new URL(request.url()).pathname;

const SCREENS: Screen[] = [
  {
    name: 'orders',
    // The pending tab does not poll (the operator's own changes refresh it); past orders do.
    title: 'Orders list, past orders (/operations/orders/sold)',
    path: '/operations/orders/sold',
    intervalMs: PAST_ORDERS_POLL_MS,
    isPoll: (request) => request.method() === 'POST' && pathOf(request) === '/stores/orders/pagination/filters',
    shown: { selector: 'tbody tr', noun: 'rows' },
  },
  {
    name: 'offers',
    title: 'Offers list (/operations/offers)',
    path: '/operations/offers',
    intervalMs: OFFERS_POLL_MS,
    isPoll: (request) => request.method() === 'GET' && pathOf(request).startsWith('/stores/offers/CurrentOffersByStore/pagination/'),
    shown: { selector: '[data-testid="offer-row"]', noun: 'rows' },
  },
  {
    name: 'map',
    title: 'Delivery map (/delivery-map, offline base map)',
    path: '/delivery-map',
    intervalMs: DELIVERY_MAP_POLL_MS,
    // A day of more deliveries than one page holds is asked page by page: a cycle starts at offset 0.
    isPoll: (request) =>
      request.method() === 'POST' && pathOf(request) === '/stores/delivery/search' && new URL(request.url()).searchParams.get('offset') === '0',
    shown: { selector: '[data-testid="today-list"] > li', noun: 'deliveries' },
  },
];

interface Measurement {
  heapBytes: number;
  blinkHeapBytes: number;
  nodes: number;
  listeners: number;
  /** Nodes not in the page's document tree: detached ones still held, and other documents'. */
  nodesOutside: number;
  /** Listeners on neither the page's document tree nor its window: on workers' ports, media queries, signals… */
  listenersOutside: number;
  documents: number;
  /** The mock backend's service worker: JS heap + Blink heap + array buffers (undefined if not found). */
  workerBytes: number | undefined;
  shown: number;
  /** The page's Date.now(): the fake clock. */
  pageNow: number;
}

interface ShiftResult {
  screen: Screen;
  cycles: number;
  jumps: number;
  simulatedMs: number;
  start: Measurement;
  end: Measurement;
  realMs: number;
  pageErrors: string[];
}

interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

/** A DevTools command to the worker; undefined when it does not answer within WORKER_ANSWER_WAIT_MS (gone, say). */
type WorkerSend = <T>(method: string, params?: object) => Promise<T | undefined>;
const WORKER_ANSWER_WAIT_MS = 10_000;

/**
 * A DevTools session to the mock backend's service worker of the page's browser context, through
 * the browser's session (Playwright opens none for service workers); undefined if there is none.
 */
async function mockWorkerSession(browser: Browser, pageSession: CDPSession): Promise<WorkerSend | undefined> {
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const worker = targetInfos.find(
    (target) => target.type === 'service_worker' && target.browserContextId === targetInfo.browserContextId && target.url.endsWith('/mockServiceWorker.js'),
  );
  if (!worker) return undefined;
  const { sessionId } = await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
  let lastId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  session.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  return <T>(method: string, params: object = {}) =>
    new Promise<T | undefined>((done) => {
      const id = ++lastId;
      const timer = setTimeout(() => {
        waiting.delete(id);
        done(undefined);
      }, WORKER_ANSWER_WAIT_MS);
      waiting.set(id, (result) => {
        clearTimeout(timer);
        done(result as T);
      });
      session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => undefined);
    });
}

async function measure(page: Page, cdp: CDPSession, worker: WorkerSend | undefined, screen: Screen): Promise<Measurement> {
  for (let i = 0; i < 3; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    if (worker) await worker('HeapProfiler.collectGarbage');
  }
  const heap: HeapUsage = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const workerHeap = worker ? await worker<HeapUsage>('Runtime.getHeapUsage') : undefined;
  // What of those the page shows: the nodes of its document tree, the listeners on them and on its window.
  const nodesInDocument = await page.evaluate(() => {
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
    let count = 1;
    while (walker.nextNode()) count++;
    return count;
  });
  let listenersInDocument = 0;
  for (const expression of ['document', 'window']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup: 'soak' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId!, depth: expression === 'document' ? -1 : 0, pierce: true });
    listenersInDocument += listeners.length;
  }
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'soak' });
  return {
    heapBytes: heap.usedSize,
    blinkHeapBytes: heap.embedderHeapUsedSize ?? 0,
    nodes: dom.nodes,
    listeners: dom.jsEventListeners,
    nodesOutside: dom.nodes - nodesInDocument,
    listenersOutside: dom.jsEventListeners - listenersInDocument,
    documents: dom.documents,
    workerBytes: workerHeap && workerHeap.usedSize + (workerHeap.embedderHeapUsedSize ?? 0) + (workerHeap.backingStorageSize ?? 0),
    shown: await page.locator(screen.shown.selector).count(),
    pageNow: await page.evaluate(() => Date.now()),
  };
}

/** One more turn of the page's event loop: a message, not a timer or a frame (those are on the fake clock). */
async function pageTurn(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      }),
  );
}

/** Counts a screen's polls (asked and answered) and moves the clock until enough have happened. */
class PollDriver {
  asked = 0;
  answered = 0;
  jumps = 0;
  private wakers: Array<() => void> = [];

  constructor(
    private readonly page: Page,
    private readonly screen: Screen,
  ) {
    page.on('request', (request) => {
      if (screen.isPoll(request)) this.asked++;
    });
    page.on('requestfinished', (request) => this.onSettled(request));
    page.on('requestfailed', (request) => this.onSettled(request));
  }

  private onSettled(request: Request) {
    if (!this.screen.isPoll(request)) return;
    this.answered++;
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }

  /** True once `count` polls, and every poll asked by then, are answered; false after `ms` without that. */
  private answeredUpTo(count: number, ms: number): Promise<boolean> {
    return new Promise((done) => {
      const timer = setTimeout(() => done(false), ms);
      const check = () => {
        if (this.answered < Math.max(count, this.asked)) {
          this.wakers.push(check);
          return;
        }
        clearTimeout(timer);
        done(true);
      };
      check();
    });
  }

  /** Jumps the clock one interval at a time until `cycles` more polls have been asked and answered. */
  async run(cycles: number) {
    const target = this.asked + cycles;
    let jumpsWithoutPoll = 0;
    while (this.asked < target) {
      const before = this.asked;
      await this.page.clock.fastForward(this.screen.intervalMs);
      this.jumps++;
      // The poll's answer (after a session refresh, when the session went stale), then the turn in
      // which the flow schedules the next poll. No poll within the wait: its timer was set after
      // the jump, and the next jump fires it.
      await this.answeredUpTo(before + 1, POLL_ANSWER_WAIT_MS);
      await pageTurn(this.page);
      jumpsWithoutPoll = this.asked > before ? 0 : jumpsWithoutPoll + 1;
      if (jumpsWithoutPoll >= MAX_JUMPS_WITHOUT_POLL) {
        throw new Error(`${this.screen.name}: ${MAX_JUMPS_WITHOUT_POLL} jumps of ${this.screen.intervalMs} ms in a row brought no poll (after ${this.asked} polls)`);
      }
    }
  }
}

async function shift(browser: Browser, baseUrl: string, screen: Screen, cycles: number): Promise<ShiftResult> {
  const startedAt = Date.now();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.clock.install();
    await signInAsDemoOperator(page, `${baseUrl}/auth/login`);
    const driver = new PollDriver(page, screen);
    await page.goto(`${baseUrl}${screen.path}`);
    await page.locator(screen.shown.selector).first().waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const worker = await mockWorkerSession(browser, cdp);

    await driver.run(WARM_UP_CYCLES);
    const start = await measure(page, cdp, worker, screen);
    const pollsBefore = driver.asked;
    const jumpsBefore = driver.jumps;
    await driver.run(cycles);
    const end = await measure(page, cdp, worker, screen);
    return {
      screen,
      cycles: driver.asked - pollsBefore,
      jumps: driver.jumps - jumpsBefore,
      simulatedMs: end.pageNow - start.pageNow,
      start,
      end,
      realMs: Date.now() - startedAt,
      pageErrors,
    };
  } finally {
    await context.close();
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(2);
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;
const signed = (count: number) => `${count > 0 ? '+' : ''}${count}`;
const hours = (ms: number) => (ms / HOUR_MS).toFixed(1);
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const row = (label: string, from: string | number, to: string | number, change: string, bar = '', pass?: boolean) =>
  console.log(`| ${label} | ${from} | ${to} | ${change} | ${bar} | ${pass === undefined ? '' : verdict(pass)} |`);

function report(result: ShiftResult, cycles: number): boolean {
  const { screen, start, end } = result;
  const growth = end.heapBytes - start.heapBytes;
  const checks = {
    cycles: result.cycles >= cycles,
    heap: growth <= MAX_HEAP_GROWTH_MB * MB,
    nodes: end.nodes <= start.nodes,
    listeners: end.listeners <= start.listeners,
    nodesOutside: end.nodesOutside <= start.nodesOutside,
    listenersOutside: end.listenersOutside <= start.listenersOutside,
  };
  const longer = result.simulatedMs > SHIFT_HOURS * HOUR_MS * 1.05;
  const note = longer ? ` — polls every ${screen.intervalMs / 1000} s: ${cycles.toLocaleString('en-US')} cycles are ${hours(result.simulatedMs)} h, longer than an ${SHIFT_HOURS}-hour shift` : '';
  const count = (label: string, key: 'nodes' | 'listeners' | 'nodesOutside' | 'listenersOutside' | 'documents' | 'shown', pass?: boolean) =>
    row(label, start[key], end[key], signed(end[key] - start[key]), pass === undefined ? '' : 'no growth', pass);
  const worker = (m: Measurement) => (m.workerBytes === undefined ? 'n/a' : mb(m.workerBytes));
  const workerChange = end.workerBytes !== undefined && start.workerBytes !== undefined ? signedMb(end.workerBytes - start.workerBytes) : '';

  console.log(`\n### ${screen.title}${note}\n`);
  console.log('| measure | start | end | change | bar | result |');
  console.log('|---|---|---|---|---|---|');
  row('poll cycles (requests counted)', '', result.cycles, '', `≥ ${cycles}`, checks.cycles);
  row('simulated time', '', `${hours(result.simulatedMs)} h`, '');
  row('JS heap after GC (MB)', mb(start.heapBytes), mb(end.heapBytes), signedMb(growth), `≤ +${MAX_HEAP_GROWTH_MB} MB`, checks.heap);
  count('DOM nodes', 'nodes', checks.nodes);
  count('JS event listeners', 'listeners', checks.listeners);
  count('… DOM nodes not in the document', 'nodesOutside', checks.nodesOutside);
  count('… listeners on neither the document nor the window', 'listenersOutside', checks.listenersOutside);
  count('documents', 'documents');
  count(`${screen.shown.noun} on screen`, 'shown');
  row('Blink heap after GC (MB)', mb(start.blinkHeapBytes), mb(end.blinkHeapBytes), signedMb(end.blinkHeapBytes - start.blinkHeapBytes));
  row('mock service worker after GC (MB)', worker(start), worker(end), workerChange);
  console.log(`\n${result.jumps} clock jumps of ${screen.intervalMs / 1000} s for ${result.cycles} polls; ${(result.realMs / 1000).toFixed(0)} s real time.`);
  if (result.pageErrors.length > 0) console.log(`Uncaught in the page: ${[...new Set(result.pageErrors)].join(' | ')}`);
  return Object.values(checks).every(Boolean);
}

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.slice(2).find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

async function main() {
  const screenName = option('screen');
  const screens = screenName === undefined ? SCREENS : SCREENS.filter((screen) => screen.name === screenName);
  if (screens.length === 0) throw new Error(`--screen must be one of ${SCREENS.map((screen) => screen.name).join(', ')}`);
  const cycles = Number(option('cycles') ?? DEFAULT_CYCLES);
  if (!Number.isInteger(cycles) || cycles < 1) throw new Error('--cycles must be a positive whole number');

  const { server, url } = await serveStatic(resolve('dist-demo'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const startedAt = Date.now();
  let failed = false;
  try {
    console.log(`Soak — demo build, headless Chromium, fake clock: ${cycles.toLocaleString('en-US')} poll cycles per screen after ${WARM_UP_CYCLES} warm-up cycles`);
    console.log(
      `(an ${SHIFT_HOURS}-hour shift is ${((SHIFT_HOURS * HOUR_MS) / PAST_ORDERS_POLL_MS).toLocaleString('en-US')} cycles at the orders list's ${PAST_ORDERS_POLL_MS / 1000} s; bars: JS heap growth ≤ ${MAX_HEAP_GROWTH_MB} MB, no growth in DOM nodes or listeners)`,
    );
    for (const screen of screens) {
      if (!report(await shift(browser, url, screen, cycles), cycles)) failed = true;
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`\nTotal: ${((Date.now() - startedAt) / 60_000).toFixed(1)} min real time.`);
  if (failed) {
    console.log('\nFAIL: a screen polled fewer times than asked, or its JS heap, DOM nodes or listeners grew past the bars.');
    process.exitCode = 1;
  }
}

await main();
