/**
 * Interaction to Next Paint (issue 25, point 4), as Chromium reports it, for six things an
 * operator does, at 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate) on the demo build:
 * opening the offer form, typing in its Name field (default scenario), switching the orders tab,
 * opening an order, applying a filter and paging (busy-store, 10,000 orders). Bar: ≤ 100 ms.
 *
 * How an interaction is measured: real input through Playwright (mouse and keyboard events
 * Chromium records as event timing), a PerformanceObserver in the page (type 'event',
 * durationThreshold 16, buffered) keeping the entries with an interactionId; an interaction's
 * latency is the longest duration among its entries: from the input's timestamp to the next paint
 * after its handlers, in steps of 8 ms (what web-vitals and Chromium call INP). Chromium reports
 * no entry under 16 ms: such an interaction counts as ≤ 16 ms, but only once the page counted it
 * (performance.interactionCount went up) and showed its result, so a lost click is an error, not
 * a pass. Beside INP, "input → result on screen" is the time from the input to the DOM holding
 * its result (the form, the new rows): a navigation runs in a React transition, so while its
 * route code or data loads the old page stays and paints at once (a short INP), and the new one
 * shows later.
 *
 * Each interaction runs REPEATS times from the same start state, once the page has settled (the
 * tabs both ways: 2 × REPEATS). A route opened for the first time loads its chunks: the offer
 * form and the order page are also opened COLD_REPEATS times right after a reload (at full speed),
 * on rows of their own ("first open after a load", with the JS files it loaded). Each row passes
 * on its median; a failing row prints its worst sample's event timings and long animation frames
 * with their scripts (chunk, function, time): what held the main thread.
 *
 *   npm run perf                              prints this table after the others
 *   npx tsx scripts/perf-interactions.ts      this table alone (build the demo first)
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Locator, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { signInAsDemoOperator } from './demo-sign-in';
import { serveStatic } from './static-server';

export const BAR_MS = 100;
export const CPU_SLOWDOWN = 4;
const REPEATS = 5;
const COLD_REPEATS = 3;
/** Chromium reports no event entry shorter than this. */
const REPORT_THRESHOLD_MS = 16;
/** An operator typing briskly: about seven keys a second. */
const KEY_DELAY_MS = 150;
const TYPED = 'Bread bag';

/**
 * Installed before the app in every document of the context: the event entries of interactions,
 * the long animation frames, and the timestamp of the last real (trusted) pointer or key press.
 */
const OBSERVER = `(() => {
  const inp = { events: [], frames: [], lastInput: 0 };
  window.perfInp = inp;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId > 0) inp.events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
    }
  }).observe({ type: 'event', durationThreshold: ${REPORT_THRESHOLD_MS}, buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const f of list.getEntries()) {
        inp.frames.push({
          start: f.startTime,
          duration: f.duration,
          renderStart: f.renderStart,
          styleAndLayoutStart: f.styleAndLayoutStart,
          scripts: f.scripts.map((s) => ({ invoker: s.invoker, type: s.invokerType, source: s.sourceURL, fn: s.sourceFunctionName, at: s.sourceCharPosition, start: s.startTime, duration: s.duration, layout: s.forcedStyleAndLayoutDuration })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  for (const type of ['pointerdown', 'keydown']) {
    addEventListener(type, (e) => { if (e.isTrusted) inp.lastInput = e.timeStamp; }, { capture: true });
  }
})()`;

interface Sample {
  /** One latency per interaction the page counted (REPORT_THRESHOLD_MS for those without an entry). */
  latencies: number[];
  /** From the input to the DOM holding the result, when the interaction has one to wait for. */
  toResultMs?: number;
  /** The long animation frames from the input on, for the report of a slow interaction. */
  frames: Frame[];
  /** When the (first) input was, page time. */
  inputAt: number;
  /** The event entries of the worst interaction: input delay, handlers, presentation. */
  events: EventEntry[];
  /** JavaScript files requested from the input to the result (a route's chunks on its first open). */
  scriptsLoaded: number;
}

interface EventEntry {
  id: number;
  name: string;
  start: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

interface Frame {
  start: number;
  duration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: Array<{ invoker: string; type: string; source: string; fn: string; at: number; start: number; duration: number; layout: number }>;
}

interface Interaction {
  /** What one operator does, as the table names it. */
  name: string;
  /** One per repetition; a repetition's latency is its worst interaction (typing has several key presses). */
  samples: Sample[];
}

/** Waits until the page has been idle for a moment: no interaction starts on the tail of another. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => setTimeout(done, 150), { timeout: 3000 }))))`,
  );
}

/**
 * Runs `act` (real input) once the page has settled, and measures what Chromium reports for the
 * interactions it makes: exactly `expected` of them must be counted by the page. `result` is a
 * JavaScript expression, true once the DOM holds the interaction's result; the measure waits for
 * it, so an interaction that did nothing fails here instead of passing as "no entry".
 */
async function measure(page: Page, act: () => Promise<void>, result: string, expected = 1): Promise<Sample> {
  await settle(page);
  const scripts: string[] = [];
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  };
  await page.evaluate(`(() => {
    const arm = { t0: performance.now(), count: performance.interactionCount, done: undefined };
    window.perfArm = arm;
    const check = () => {
      if (arm.done !== undefined) return;
      if (${result}) arm.done = performance.now();
      else requestAnimationFrame(check);
    };
    new MutationObserver((_, observer) => {
      if (arm.done === undefined && (${result})) arm.done = performance.now();
      if (arm.done !== undefined) observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    requestAnimationFrame(check);
  })()`);
  page.on('request', onRequest);
  try {
    await act();
    await page.waitForFunction(() => (window as unknown as { perfArm: { done?: number } }).perfArm.done !== undefined, undefined, { timeout: 30_000 });
  } catch (error) {
    throw new Error(`the interaction showed no result (${result}) on ${page.url()}`, { cause: error });
  } finally {
    page.off('request', onRequest);
  }
  // Chromium reports an event entry once the frame after its handlers is presented.
  await page.evaluate(`new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 150))))`);
  const raw = (await page.evaluate(`(() => {
    const arm = window.perfArm;
    return {
      count: performance.interactionCount - arm.count,
      events: window.perfInp.events.filter((e) => e.start >= arm.t0),
      frames: window.perfInp.frames.filter((f) => f.start + f.duration >= arm.t0),
      inputAt: window.perfInp.lastInput,
      done: arm.done,
    };
  })()`)) as { count: number; events: EventEntry[]; frames: Frame[]; inputAt: number; done: number };
  if (raw.count !== expected) throw new Error(`expected ${expected} interaction(s), the page counted ${raw.count}`);
  const byInteraction = new Map<number, number>();
  for (const event of raw.events) byInteraction.set(event.id, Math.max(byInteraction.get(event.id) ?? 0, event.duration));
  if (byInteraction.size > expected) throw new Error(`expected ${expected} interaction(s), Chromium reported ${byInteraction.size}`);
  const latencies = [...byInteraction.values(), ...Array<number>(expected - byInteraction.size).fill(REPORT_THRESHOLD_MS)];
  // The first input of the measure: the earliest event entry, else the last trusted press (one interaction).
  const firstEvent = raw.events.reduce((min, event) => Math.min(min, event.start), Infinity);
  const inputAt = Number.isFinite(firstEvent) ? firstEvent : raw.inputAt;
  const worstId = [...byInteraction].reduce<[number, number] | undefined>((a, b) => (a === undefined || b[1] > a[1] ? b : a), undefined)?.[0];
  const events = raw.events.filter((event) => event.id === worstId);
  const worstAt = events.length > 0 ? Math.min(...events.map((event) => event.start)) : inputAt;
  return { latencies, toResultMs: expected === 1 ? raw.done - inputAt : undefined, frames: raw.frames, inputAt: worstAt, events, scriptsLoaded: scripts.length };
}

async function signedIn(browser: Browser, baseUrl: string, scenario: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(OBSERVER);
  const page = await context.newPage();
  await signInAsDemoOperator(page, `${baseUrl}/auth/login?scenario=${scenario}`);
  return page;
}

/** Throttles the page's CPU; loads happen at full speed, interactions at CPU_SLOWDOWN. */
async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.detach();
}

/** Loads `path` afresh (the app boots again: no route chunk has run yet) at full speed. */
async function load(page: Page, path: string, ready: Locator): Promise<void> {
  await throttle(page, 1);
  await page.goto(new URL(path, page.url()).toString());
  await ready.waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await throttle(page, CPU_SLOWDOWN);
}

const worst = (sample: Sample) => Math.max(...sample.latencies);

// ---------------------------------------------------------------------------------------------
// The offer form (default scenario)
// ---------------------------------------------------------------------------------------------

const FORM_SHOWN = `location.pathname === '/operations/offers/create' && document.querySelector('input[name="name"]') !== null`;

async function offerInteractions(browser: Browser, baseUrl: string): Promise<Interaction[]> {
  const page = await signedIn(browser, baseUrl, 'default');
  try {
    const newOffer = page.getByRole('link', { name: 'New offer' });
    const openForm = () => newOffer.click();
    const cold: Sample[] = [];
    for (let i = 0; i < COLD_REPEATS; i++) {
      await load(page, '/operations/offers', page.getByTestId('offer-row').first());
      cold.push(await measure(page, openForm, FORM_SHOWN));
    }
    const warm: Sample[] = [];
    for (let i = 0; i < REPEATS; i++) {
      await page.goBack();
      await page.getByTestId('offer-row').first().waitFor();
      warm.push(await measure(page, openForm, FORM_SHOWN));
    }

    // Typing: the Name field has the focus, empty; each repetition types the same words.
    const name = page.getByLabel('Name', { exact: true });
    const typing: Sample[] = [];
    for (let i = 0; i < REPEATS; i++) {
      await name.fill('');
      await name.focus();
      typing.push(
        await measure(page, () => page.keyboard.type(TYPED, { delay: KEY_DELAY_MS }), `document.querySelector('input[name="name"]').value === ${JSON.stringify(TYPED)}`, TYPED.length),
      );
    }
    return [
      { name: 'open the offer form: first open after a load', samples: cold },
      { name: 'open the offer form', samples: warm },
      { name: `type in the offer's Name (worst of ${TYPED.length} keys)`, samples: typing },
    ];
  } finally {
    await page.context().close();
  }
}

// ---------------------------------------------------------------------------------------------
// The orders list and an order (busy-store)
// ---------------------------------------------------------------------------------------------

/** The rows of the tab's table are in, and not the previous page's rows dimmed while loading. */
const rowsOf = (tab: 'Pending' | 'Sold') =>
  `document.querySelector('table[aria-label="${tab}"] tbody tr th') !== null && document.querySelector('[role="region"][aria-busy="true"]') === null`;
const ORDER_SHOWN = `location.pathname.startsWith('/operations/order/') && [...document.querySelectorAll('h2, h3, h4')].some((h) => h.textContent === 'Order info')`;

/** Every row of the table shows this pickup status (the filter is applied). */
const onlyStatus = (label: string) =>
  `[...document.querySelectorAll('tbody tr')].every((row) => row.children[6]?.textContent === ${JSON.stringify(label)})`;

/** True once the first row names another order than the one it names now. */
async function firstRowChanges(page: Page): Promise<string> {
  const first = await page.locator('tbody tr th').first().textContent();
  return `(document.querySelector('tbody tr th')?.textContent ?? ${JSON.stringify(first)}) !== ${JSON.stringify(first)}`;
}

async function orderInteractions(browser: Browser, baseUrl: string): Promise<Interaction[]> {
  const page = await signedIn(browser, baseUrl, 'busy-store');
  try {
    const pendingRows = page.getByRole('table', { name: 'Pending', exact: true }).locator('tbody tr').first();
    const soldRows = page.getByRole('table', { name: 'Sold', exact: true }).locator('tbody tr').first();
    const openFirstOrder = () => page.getByRole('link', { name: /^Open order #\d+$/ }).first().click();

    // An order's page: first opens right after a reload, then from the list it came back to.
    const coldOrder: Sample[] = [];
    for (let i = 0; i < COLD_REPEATS; i++) {
      await load(page, '/operations/orders/pending', pendingRows);
      coldOrder.push(await measure(page, openFirstOrder, ORDER_SHOWN));
    }
    const warmOrder: Sample[] = [];
    for (let i = 0; i < REPEATS; i++) {
      await page.goBack();
      await pendingRows.waitFor();
      warmOrder.push(await measure(page, openFirstOrder, ORDER_SHOWN));
    }
    await page.goBack();
    await pendingRows.waitFor();

    // The tabs, both ways: pending → sold, sold → pending.
    const tabs: Sample[] = [];
    for (let i = 0; i < REPEATS; i++) {
      tabs.push(await measure(page, () => page.getByRole('tab', { name: 'Sold' }).click(), rowsOf('Sold')));
      tabs.push(await measure(page, () => page.getByRole('tab', { name: 'Pending' }).click(), rowsOf('Pending')));
    }

    // Past orders: a filter applied from the drawer (alternating two statuses, as perf.ts does), then paging.
    await page.getByRole('tab', { name: 'Sold' }).click();
    await soldRows.waitFor();
    const filters: Sample[] = [];
    const statuses = ['Cancelled by consumer', 'PICKED UP'];
    for (let i = 0; i < REPEATS; i++) {
      await page.getByRole('button', { name: 'Filters' }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      const [status, other] = [statuses[i % 2], statuses[(i + 1) % 2]];
      if (await drawer.getByLabel(other).isChecked()) await drawer.getByLabel(other).uncheck();
      await drawer.getByLabel(status).check();
      filters.push(await measure(page, () => drawer.getByRole('button', { name: 'Apply' }).click(), `(${rowsOf('Sold')}) && (${onlyStatus(status)})`));
      await drawer.waitFor({ state: 'hidden' });
    }
    const paging: Sample[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const changed = await firstRowChanges(page);
      paging.push(await measure(page, () => page.getByRole('button', { name: 'Next page' }).click(), `(${changed}) && (${rowsOf('Sold')})`));
    }
    return [
      { name: 'switch the orders tab (pending ↔ sold)', samples: tabs },
      { name: "open an order's page: first open after a load", samples: coldOrder },
      { name: "open an order's page", samples: warmOrder },
      { name: 'apply a filter (Apply in the drawer)', samples: filters },
      { name: 'next page of the orders', samples: paging },
    ];
  } finally {
    await page.context().close();
  }
}

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => (value <= REPORT_THRESHOLD_MS ? `≤ ${REPORT_THRESHOLD_MS}` : `${Math.round(value)}`);

/**
 * Where a slow interaction's time went: its events (input delay, handlers, the wait for the
 * paint), then the long animation frames from its input, their longest scripts first.
 */
function attribution(sample: Sample): string[] {
  const lines: string[] = [];
  for (const event of sample.events) {
    const at = (value: number) => Math.round(value - sample.inputAt);
    lines.push(
      `    ${event.name} at +${at(event.start)} ms: handlers +${at(event.processingStart)}…+${at(event.processingEnd)} ms, next paint by +${at(event.start + event.duration)} ms`,
    );
  }
  const end = sample.inputAt + worst(sample);
  const frames = sample.frames.filter((f) => f.start < end && f.start + f.duration > sample.inputAt);
  if (frames.length === 0) lines.push('    no long animation frame (over 50 ms) in its span');
  for (const frame of frames) {
    const script = frame.scripts.reduce((sum, s) => sum + s.duration, 0);
    const render = frame.start + frame.duration - (frame.renderStart || frame.start + frame.duration);
    lines.push(
      `    frame at +${Math.round(frame.start - sample.inputAt)} ms: ${Math.round(frame.duration)} ms (scripts ${Math.round(script)} ms, rendering ${Math.round(render)} ms)`,
    );
    for (const s of [...frame.scripts].sort((a, b) => b.duration - a.duration).slice(0, 5)) {
      const where = s.source ? `${s.source.replace(/^.*\/assets\//, '')}${s.fn ? ` ${s.fn}` : ''}:${s.at}` : '(no source)';
      lines.push(`      ${Math.round(s.duration)} ms ${s.type} ${s.invoker} — ${where}${s.layout > 0 ? ` (forced layout ${Math.round(s.layout)} ms)` : ''}`);
    }
  }
  return lines;
}

export async function interactionsReport(browser: Browser, baseUrl: string): Promise<boolean> {
  const interactions = [...(await offerInteractions(browser, baseUrl)), ...(await orderInteractions(browser, baseUrl))];
  console.log(
    `\nInteraction to Next Paint at ${CPU_SLOWDOWN}× CPU slowdown — the offer form in default, the orders in busy-store; median of the repetitions (bar ≤ ${BAR_MS} ms)\n`,
  );
  console.log('| interaction | INP (median) | worst | each run | input → result on screen (median) | bar | PASS/FAIL |');
  console.log('|---|---|---|---|---|---|---|');
  let pass = true;
  const slow: string[] = [];
  for (const interaction of interactions) {
    const worsts = interaction.samples.map(worst);
    const mid = median(worsts);
    const ok = mid <= BAR_MS;
    if (!ok) pass = false;
    const results = interaction.samples.map((s) => s.toResultMs).filter((v): v is number => v !== undefined);
    const loads = median(interaction.samples.map((s) => s.scriptsLoaded));
    const name = loads > 0 ? `${interaction.name} (loads ${loads} JS file${loads > 1 ? 's' : ''})` : interaction.name;
    console.log(
      `| ${name} | ${ms(mid)} ms | ${ms(Math.max(...worsts))} ms | ${worsts.map(ms).join(', ')} (n=${worsts.length}) | ${results.length ? `${Math.round(median(results))} ms` : ''} | ≤ ${BAR_MS} ms | ${ok ? 'PASS' : 'FAIL'} |`,
    );
    if (!ok) {
      const worstSample = interaction.samples.reduce((a, b) => (worst(b) > worst(a) ? b : a));
      slow.push(`  ${interaction.name}: its worst sample, ${ms(worst(worstSample))} ms`, ...attribution(worstSample));
    }
  }
  console.log(`\n≤ ${REPORT_THRESHOLD_MS}: Chromium reported no entry (under ${REPORT_THRESHOLD_MS} ms); the page counted the interaction and showed its result.`);
  if (slow.length > 0) console.log(['\nWhere the time went (long animation frames from the input on):', ...slow].join('\n'));
  return pass;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { server, url } = await serveStatic(resolve('dist-demo'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    if (!(await interactionsReport(browser, url))) process.exitCode = 1;
  } finally {
    await browser.close();
    server.close();
  }
}
