import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devkit, goTo, openSignedIn, setUpBrowser } from './browser';
import { axeViolations } from './axe';

setUpBrowser();

/**
 * Lists that work on a phone (issue 26). On a 390 × 844 touch screen, every list screen of the
 * console:
 *   1. does not scroll sideways: neither the document nor any element inside `main`;
 *   2. puts its first row's main action (the control that acts on or opens that record) fully on
 *      screen once scrolled to vertically, at least 44 × 44 px;
 *   3. has tabs, pager buttons and the Filters button at least 44 px tall;
 *   4. passes axe at this size.
 * And the lists' actions work by tap: "Picked up" on the first pending order, Cancel asking first
 * in a dialog that fits the screen, a truck's Delete confirmed in its dialog (which fits too), and
 * the orders' Filters drawer (which fits too).
 *
 * Each screen's checks are soft: a screen reports every check it fails, with the measured sizes
 * and the offending elements, not only the first.
 *
 * Every test signs in with the page's clock fixed at noon today (local), as the orders journeys
 * do: the scenario's pending orders, payments and deliveries are the same on every run.
 */

const PHONE = { width: 390, height: 844 };
/** WCAG 2.5.5 (AAA) and the platforms' guidelines: a target a finger hits. */
const TOUCH_TARGET = 44;

const NOON = (() => {
  const moment = new Date();
  moment.setHours(12, 0, 0, 0);
  return moment.getTime();
})();

const openPhone = () => openSignedIn(undefined, { fixedTime: NOON, ...PHONE, touch: true });

// ---- the list screens ---------------------------------------------------------------------

interface ListScreen {
  name: string;
  path: string;
  /** The first row's main action; null for a list whose rows have none (nothing to act on). */
  mainAction: ((page: Page) => Locator) | null;
  /** What shows once the list has loaded, for a list without row actions. */
  loaded?: (page: Page) => Locator;
}

const firstButton = (name: RegExp | string) => (page: Page) => page.getByRole('main').getByRole('button', { name, exact: true }).first();
const firstLink = (name: RegExp | string) => (page: Page) => page.getByRole('main').getByRole('link', { name, exact: true }).first();

const SCREENS: ListScreen[] = [
  { name: 'pending orders', path: '/operations/orders/pending', mainAction: firstButton(/^Mark order #\d+ as picked up$/) },
  { name: 'sold orders', path: '/operations/orders/sold', mainAction: firstLink(/^Open order #\d+$/) },
  // An offer's card has no link: its on-sale switch is the first control that acts on the offer.
  { name: 'offers', path: '/operations/offers', mainAction: (page) => page.getByRole('main').getByRole('switch', { name: /^Offer .+ on sale$/ }).first() },
  { name: 'templates', path: '/operations/templates', mainAction: firstLink(/^Edit template /) },
  // The Account summary's two tabs: Current transactions (the payments) and Daily summaries.
  { name: 'payments (Current transactions)', path: '/summary/current-transactions', mainAction: firstLink(/^#\d+$/) },
  { name: 'account summary (Daily summaries)', path: '/summary/daily', mainAction: null, loaded: (page) => page.getByTestId('summary-totals') },
  { name: 'trucks', path: '/trucks/active', mainAction: firstLink(/^Edit truck /) },
  { name: 'pickup locations', path: '/pickups', mainAction: firstLink(/^Edit pickup location /) },
  { name: 'accounts', path: '/accounts', mainAction: null, loaded: (page) => page.getByTestId('accounts-range') },
  { name: 'delivery orders', path: '/delivery-orders', mainAction: firstLink('MORE INFORMATION') },
  { name: 'reviews', path: '/management/customers', mainAction: firstLink(/^Open review of order #\d+$/) },
];

// ---- measuring --------------------------------------------------------------------------------

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const size = (box: Box) => `${Math.round(box.width)}×${Math.round(box.height)} px at x=${Math.round(box.x)}, y=${Math.round(box.y)}`;

/** The document's width beyond the screen, and every element in `main` that scrolls sideways, as "element: scrollWidth > clientWidth". */
function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate((screenWidth) => {
    const found: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > Math.min(window.innerWidth, screenWidth)) found.push(`the document: scrollWidth ${scrollWidth} > ${window.innerWidth}`);
    for (const element of document.querySelectorAll('main, main *')) {
      if (element.scrollWidth <= element.clientWidth + 1 || !/^(auto|scroll)$/.test(getComputedStyle(element).overflowX)) continue;
      // The element as a start tag: its role, its name and Joy's classes (not emotion's generated ones).
      const attributes = [
        ['role', element.getAttribute('role')],
        ['aria-label', element.getAttribute('aria-label')],
        ['class', [...element.classList].filter((name) => !name.startsWith('css-')).slice(0, 2).join(' ')],
      ].filter(([, value]) => value);
      const tag = `<${element.tagName.toLowerCase()}${attributes.map(([name, value]) => ` ${name}="${value}"`).join('')}>`;
      found.push(`${tag}: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}`);
    }
    return found;
  }, PHONE.width);
}

/** Scrolls the document (only up or down) to centre `target` on the screen, and measures it there. */
async function boxOnScreen(target: Locator): Promise<Box> {
  await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    window.scrollBy(0, rect.top + rect.height / 2 - window.innerHeight / 2);
  });
  const box = await target.boundingBox();
  if (box === null) throw new Error(`${target.toString()} is not rendered`);
  return box;
}

const fitsTheScreen = (box: Box) => box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height;

/** What is wrong with a touch target on screen: off the screen, shorter or narrower than a finger. */
function targetProblems(what: string, box: Box): string[] {
  const problems: string[] = [];
  if (!fitsTheScreen(box)) problems.push(`${what} is not fully on the ${PHONE.width} × ${PHONE.height} screen: ${size(box)}`);
  if (box.height < TOUCH_TARGET) problems.push(`${what} is ${Math.round(box.height)} px tall (${size(box)})`);
  if (box.width < TOUCH_TARGET) problems.push(`${what} is ${Math.round(box.width)} px wide (${size(box)})`);
  return problems;
}

/** Each control of `controls` shorter than a finger, as `kind "name" is W×H px`. */
async function shortControls(kind: string, controls: Locator): Promise<string[]> {
  const found: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (box === null || box.height >= TOUCH_TARGET) continue;
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText()).trim();
    found.push(`${kind} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)} px`);
  }
  return found;
}

// ---- the journeys -----------------------------------------------------------------------------

const orders = (page: Page) => devkit<Array<{ id: number; status: number }>>(page, "records('orders')");
const trucks = (page: Page) => devkit<Array<{ id: number; name: string }>>(page, "records('trucks')");

describe('lists on a phone (390 × 844, touch)', () => {
  for (const screen of SCREENS) {
    it(`${screen.name} (${screen.path}): no sideways scrolling, ${screen.mainAction ? 'the first row’s action on screen and 44 px, ' : ''}44 px tabs, pager and Filters, axe`, async () => {
      const page = await openPhone();
      await goTo(page, screen.path);
      const action = screen.mainAction?.(page);
      await (action ?? screen.loaded!(page)).waitFor();

      // 1. Nothing scrolls sideways.
      expect.soft(await sidewaysScrolling(page), 'elements that scroll sideways').toEqual([]);

      // 2. The first row's main action: on screen without scrolling sideways, a finger's size.
      const actionProblems = action ? targetProblems(`the first row's main action`, await boxOnScreen(action)) : [];
      expect.soft(actionProblems, 'the first row’s main action').toEqual([]);

      // 3. Tabs, the pager and Filters, where the screen has them.
      const main = page.getByRole('main');
      const short = [
        ...(await shortControls('tab', main.getByRole('tab'))),
        ...(await shortControls('pager button', main.getByRole('navigation', { name: 'Pagination' }).getByRole('button'))),
        ...(await shortControls('button', main.getByRole('button', { name: 'Filters', exact: true }))),
      ];
      expect.soft(short, 'tabs, pager buttons and Filters under 44 px tall').toEqual([]);

      // 4. axe at this size.
      expect.soft(await axeViolations(page, `${screen.name} on a phone`), 'axe violations').toEqual([]);
    });
  }

  it('pending orders: "Picked up" tapped on the first order marks it picked up', async () => {
    const page = await openPhone();
    await goTo(page, '/operations/orders/pending');
    const first = firstButton(/^Mark order #\d+ as picked up$/)(page);
    await first.waitFor();
    const id = Number(/#(\d+)/.exec((await first.getAttribute('aria-label')) ?? '')?.[1]);
    expect((await orders(page)).find((o) => o.id === id)?.status).toBe(0);

    // Whether the button sits on the screen is the list's own test (the first row's main action);
    // this one is whether the tap does the job.
    await first.tap();
    // The order leaves the pending list, or stays shown as picked up: either way it offers "Picked up" no more.
    await page.getByRole('button', { name: `Mark order #${id} as picked up`, exact: true }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await orders(page)).find((o) => o.id === id)?.status).toBe(1);
  });

  it('sold orders: the pager and the Pending tab work by tap, the search by typing', async () => {
    const page = await openPhone();
    await goTo(page, '/operations/orders/sold');
    const range = page.getByTestId('orders-range');
    await expect.poll(() => range.innerText()).toMatch(/^Orders 1–10 of \d+$/);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next page', exact: true }).tap();
    await expect.poll(() => range.innerText()).toMatch(/^Orders 11–20 of \d+$/);

    // The first order of this page, found again by its number.
    const link = firstLink(/^Open order #\d+$/)(page);
    const id = /#(\d+)/.exec((await link.getAttribute('aria-label')) ?? '')?.[1];
    await page.getByRole('searchbox').tap();
    await page.keyboard.type(id!);
    await expect.poll(() => range.innerText()).toBe('Orders 1–1 of 1');
    expect(await firstLink(/^Open order #\d+$/)(page).getAttribute('aria-label')).toBe(`Open order #${id}`);

    await page.getByRole('tab', { name: 'Pending', exact: true }).tap();
    await page.waitForURL('**/operations/orders/pending**');
    await firstButton(/^Mark order #\d+ as picked up$/)(page).waitFor();
  });

  it('pending orders: Cancel tapped asks first, in a dialog that fits the screen; "Keep the order" keeps it', async () => {
    const page = await openPhone();
    await goTo(page, '/operations/orders/pending');
    const cancel = firstButton(/^Cancel order #\d+$/)(page);
    await cancel.waitFor();
    const id = Number(/#(\d+)/.exec((await cancel.getAttribute('aria-label')) ?? '')?.[1]);

    await cancel.tap();
    const dialog = page.getByRole('alertdialog', { name: `Cancel order #${id}?` });
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(fitsTheScreen(box), `the confirmation dialog on the ${PHONE.width} × ${PHONE.height} screen: ${size(box)}`).toBe(true);
    const keep = dialog.getByRole('button', { name: 'Keep the order', exact: true });
    expect(targetProblems('"Keep the order"', (await keep.boundingBox())!)).toEqual([]);
    await keep.tap();

    await dialog.waitFor({ state: 'hidden' });
    expect((await orders(page)).find((o) => o.id === id)?.status).toBe(0);
  });

  it('trucks: Delete tapped, confirmed by tap in a dialog that fits the screen; the truck is gone', async () => {
    const page = await openPhone();
    await goTo(page, '/trucks/active');
    const remove = firstButton(/^Delete truck /)(page);
    await remove.waitFor();
    const name = (await remove.getAttribute('aria-label'))!.replace(/^Delete truck /, '');
    const truck = (await trucks(page)).find((t) => t.name === name);
    expect(truck, `the truck "${name}" on the server`).toBeDefined();

    await remove.tap();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(fitsTheScreen(box), `the confirmation dialog on the ${PHONE.width} × ${PHONE.height} screen: ${size(box)}`).toBe(true);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).tap();

    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: `Edit truck ${name}`, exact: true }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await trucks(page)).some((t) => t.id === truck!.id)).toBe(false);
  });

  it('orders: the Filters drawer opens by tap and fits the screen, Apply and its close button on it', async () => {
    const page = await openPhone();
    await goTo(page, '/operations/orders/pending');
    await firstButton(/^Mark order #\d+ as picked up$/)(page).waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Filters', exact: true }).tap();
    const drawer = page.getByRole('dialog', { name: 'Filters', exact: true });
    await drawer.waitFor();
    const box = (await drawer.boundingBox())!;
    expect(fitsTheScreen(box), `the Filters drawer on the ${PHONE.width} × ${PHONE.height} screen: ${size(box)}`).toBe(true);
    for (const control of [drawer.getByRole('button', { name: 'Apply', exact: true }), drawer.getByRole('button', { name: 'Close filters', exact: true })]) {
      const at = (await control.boundingBox())!;
      expect(fitsTheScreen(at), `${control.toString()} on the screen: ${size(at)}`).toBe(true);
    }

    await drawer.getByRole('button', { name: 'Close filters', exact: true }).tap();
    await drawer.waitFor({ state: 'hidden' });
  });
});
