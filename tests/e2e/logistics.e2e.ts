import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowConsoleError, devkit, goTo, onEveryContext, openSignedIn, screenshot, setUpBrowser } from './browser';
import { axeViolations } from './axe';

setUpBrowser();

/**
 * Logistics journeys (issue 7): trucks and pickup locations created, edited and deleted (each
 * checked after a reload), the delete failure's catalogue message, the delivery search, a card's
 * MORE INFORMATION, the route tab's map (markers and a road-following route, read from the map's
 * own features), "We cannot read map" under a directions fault, the Delivery Map (a click on a
 * drawn marker opens its card), the pickup form's map (a click sets the position), and axe on every
 * logistics screen. After every journey: no request left the machine (mock mode).
 *
 * Faults live in the page's memory and a page load restarts the mock backend without them:
 * every fault is set after the last page load of its test.
 */

interface TruckRecord {
  id: number;
  name: string;
  plate: string;
  capacity: number;
  status: string;
}

interface PickupRecord {
  id: number;
  name: string;
  address: string;
  lat: number;
  lon: number;
  opening_hours: string;
}

const records = <T>(page: Page, collection: string) => devkit<T[]>(page, `records('${collection}')`);

/** A request that would leave this machine (the e2e server is 127.0.0.1). */
function outside(url: string): boolean {
  const parsed = new URL(url);
  return /^(https?|wss?):$/.test(parsed.protocol) && parsed.hostname !== '127.0.0.1';
}

/**
 * Mock mode makes no request outside the machine: every journey's browser context is watched from
 * before its first page loads, and the journey fails on any request that left 127.0.0.1. What the
 * mock's service worker answers never reaches the network; anything else would. Reported: an answer
 * that did not come from the service worker, a request the worker passed on to the network, and a
 * request that failed trying the network (a DNS or connection error). Not reported: a request
 * cancelled before any answer (net::ERR_ABORTED: the app's abort, or the test's reload while a call
 * was on its way to the worker); had the worker passed it on, its own request is reported above.
 */
const leaks: string[] = [];
function watchForLeaks(context: BrowserContext) {
  context.on('response', (response) => {
    if (outside(response.url()) && !response.fromServiceWorker()) leaks.push(`answered by the network: ${response.url()}`);
  });
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    if (outside(request.url()) && error !== 'net::ERR_ABORTED') leaks.push(`tried the network: ${request.url()} (${error})`);
  });
  context.on('request', (request) => {
    if (request.serviceWorker() && outside(request.url())) leaks.push(`passed through the service worker: ${request.url()}`);
  });
}
onEveryContext(watchForLeaks);
beforeEach(() => {
  // What a context closed at the end of the previous journey did on its way out is not this journey's.
  leaks.length = 0;
});
function expectNoLeaks() {
  expect(leaks.splice(0), 'requests that left 127.0.0.1 in mock mode').toEqual([]);
}
afterEach(expectNoLeaks);

/** The markers OpenLayers drew in view (map-view's data-marker-pixels): id → [x, y] from the map's top left corner. */
async function markerPixels(map: Locator): Promise<Record<string, [number, number]>> {
  return JSON.parse((await map.getAttribute('data-marker-pixels')) ?? '{}') as Record<string, [number, number]>;
}

/** The one snackbar that says `text`. */
const snackbar = (page: Page, text: string) => page.locator('[data-severity]').filter({ hasText: text });

describe('logistics', () => {
  it('1. A truck: created, edited into maintenance, deleted; each change holds after a reload', async () => {
    const page = await openSignedIn();
    await goTo(page, '/trucks/active');
    await page.getByTestId('truck-row').first().waitFor();

    await page.getByRole('link', { name: 'New truck' }).click();
    await page.waitForURL('**/truck/create');
    await page.getByLabel('Name', { exact: true }).fill('E2E Van');
    await page.getByLabel('Number plate').fill('9999 e2e');
    await page.getByLabel('Capacity (packages)').fill('25');
    await page.getByLabel('Driver name').fill('Marta Vidal');
    await page.getByLabel('Driver phone').fill('+34 600 111 222');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/trucks/active');
    await snackbar(page, 'Successfully saved').waitFor();
    const created = (await records<TruckRecord>(page, 'trucks')).find((t) => t.name === 'E2E Van');
    expect(created).toMatchObject({ plate: '9999 E2E', capacity: 25, status: 'active' });

    await page.reload();
    const row = page.locator(`[data-truck-id="${created!.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('truck-plate').textContent()).toBe('9999 E2E');

    // Edit: rename and send it to maintenance; the list opens on the truck's new tab.
    await page.getByRole('link', { name: 'Edit truck E2E Van' }).click();
    await page.waitForURL(`**/truck/edit/${created!.id}`);
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('E2E Van');
    await name.fill('E2E Van (workshop)');
    await page.getByRole('radio', { name: 'In maintenance' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/trucks/maintenance');
    // The list's own load finishes first: a reload while it is in flight lets the unloading page's
    // request slip past the mock worker (it forgets a closing page), which the leak check reports.
    await page.locator(`[data-truck-id="${created!.id}"]`).waitFor();
    await page.reload();
    await page.locator(`[data-truck-id="${created!.id}"]`).getByText('E2E Van (workshop)').waitFor();
    expect((await records<TruckRecord>(page, 'trucks')).find((t) => t.id === created!.id)).toMatchObject({ name: 'E2E Van (workshop)', status: 'maintenance' });

    // Delete, after the confirmation.
    await page.getByRole('button', { name: 'Delete truck E2E Van (workshop)' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.locator(`[data-truck-id="${created!.id}"]`).waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.getByRole('tab', { name: 'In maintenance', selected: true }).waitFor();
    await page.getByTestId('truck-row').first().waitFor();
    expect(await page.locator(`[data-truck-id="${created!.id}"]`).count()).toBe(0);
    expect((await records<TruckRecord>(page, 'trucks')).some((t) => t.id === created!.id)).toBe(false);
  });

  it('2. A pickup location: its position picked on the map, then found from the address; created, edited, deleted; each holds after a reload', async () => {
    const page = await openSignedIn();
    await goTo(page, '/pickup/create');
    await page.getByLabel('Name', { exact: true }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('E2E Locker');
    await page.getByLabel('Address').fill('Carrer de Sueca 27, 46006 València');
    await page.getByLabel('Opening hours').fill('Mon–Fri 09:00–20:00');
    await page.getByLabel('Contact name').fill('Lola Sanz');

    // A click on the map: the fields take the position, and OpenLayers draws the marker where the click was.
    const pickupMap = page.locator('[data-testid="map"][data-ready="true"]');
    await pickupMap.waitFor({ timeout: 15000 });
    await pickupMap.scrollIntoViewIfNeeded();
    const box = (await pickupMap.boundingBox())!;
    const clicked = { x: Math.round(box.width * 0.3), y: Math.round(box.height * 0.6) };
    const before = [await page.getByLabel('Latitude').inputValue(), await page.getByLabel('Longitude').inputValue()];
    await page.mouse.click(box.x + clicked.x, box.y + clicked.y);
    await expect.poll(async () => [await page.getByLabel('Latitude').inputValue(), await page.getByLabel('Longitude').inputValue()]).not.toEqual(before);
    expect(Number.isFinite(Number(await page.getByLabel('Latitude').inputValue()))).toBe(true);
    await expect.poll(async () => (await markerPixels(pickupMap)).pickup).toBeDefined();
    const [x, y] = (await markerPixels(pickupMap)).pickup;
    expect(Math.hypot(x - clicked.x, y - clicked.y)).toBeLessThan(2);

    await page.getByRole('button', { name: 'Find from address' }).click();
    await page.getByText('Position found from the address: the marker moved there.').waitFor();
    const lat = Number(await page.getByLabel('Latitude').inputValue());
    const lon = Number(await page.getByLabel('Longitude').inputValue());
    expect(lat).toBeCloseTo(39.462, 2);
    expect(lon).toBeCloseTo(-0.374, 2);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/pickups');
    await snackbar(page, 'Successfully saved').waitFor();
    const created = (await records<PickupRecord>(page, 'pickupLocations')).find((p) => p.name === 'E2E Locker');
    expect(created).toMatchObject({ address: 'Carrer de Sueca 27, 46006 València', opening_hours: 'Mon–Fri 09:00–20:00' });
    expect(created!.lat).toBeCloseTo(lat, 5);

    await page.reload();
    await page.getByRole('link', { name: 'Edit pickup location E2E Locker' }).click();
    await page.waitForURL(`**/pickup/edit/${created!.id}`);
    const hours = page.getByLabel('Opening hours');
    await expect.poll(() => hours.inputValue()).toBe('Mon–Fri 09:00–20:00');
    await hours.fill('Every day 08:00–22:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/pickups');
    await page.reload();
    await page.getByText('Every day 08:00–22:00').waitFor();

    await page.getByRole('button', { name: 'Delete pickup location E2E Locker' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('link', { name: 'Edit pickup location E2E Locker' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('link', { name: /^Edit pickup location / }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Edit pickup location E2E Locker' }).count()).toBe(0);
    expect((await records<PickupRecord>(page, 'pickupLocations')).some((p) => p.id === created!.id)).toBe(false);
  });

  it('3. A failed delete says "We have problems, to delete" and keeps the truck and the pickup location', async () => {
    allowConsoleError(/status of 500/);
    const page = await openSignedIn();
    await goTo(page, '/trucks/active');
    const firstTruck = page.getByTestId('truck-row').first();
    await firstTruck.waitFor();
    const truckName = (await firstTruck.getByTestId('truck-name').textContent())!;
    await devkit(page, "fail('DELETE /stores/trucks/{id}', 500, { times: 1 })");
    await page.getByRole('button', { name: `Delete truck ${truckName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, 'We have problems, to delete').waitFor();
    // The row stays, its Delete button back (it read "Deleting…" while the call ran).
    await expect.poll(() => page.getByRole('button', { name: `Delete truck ${truckName}` }).count()).toBe(1);
    expect((await records<TruckRecord>(page, 'trucks')).some((t) => t.name === truckName)).toBe(true);

    // The sidebar link keeps the page (and the mock's faults): no page load.
    await page.getByRole('link', { name: 'Pickup Locations' }).click();
    await page.waitForURL('**/pickups');
    const edit = page.getByRole('link', { name: /^Edit pickup location / }).first();
    await edit.waitFor();
    const pickupName = (await edit.getAttribute('aria-label'))?.replace('Edit pickup location ', '') ?? (await edit.textContent())!;
    await devkit(page, "fail('DELETE /stores/pickuplocation/{id}', 500, { times: 1 })");
    await page.getByRole('button', { name: `Delete pickup location ${pickupName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, 'We have problems, to delete').waitFor();
    await expect.poll(() => page.getByRole('button', { name: `Delete pickup location ${pickupName}` }).count()).toBe(1);
    expect((await records<PickupRecord>(page, 'pickupLocations')).some((p) => p.name === pickupName)).toBe(true);
    await screenshot(page, 'logistics-delete-failed');
  });
  it('4. Delivery orders: the status filter, a card\'s MORE INFORMATION, the route tab\'s markers and road-following route, "We cannot read map" under a directions fault', async () => {
    allowConsoleError(/status of 503/);
    const page = await openSignedIn();
    await goTo(page, '/delivery-orders');
    const cards = page.getByRole('article');
    await cards.first().waitFor();

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('radio', { name: 'Delivered' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'delivered');
    await expect.poll(async () => [...new Set(await page.locator('article [data-status]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-status'))))]).toEqual(['delivered']);
    const delivered = (await records<{ store_id: number; delivery_status: string }>(page, 'deliveries')).filter((d) => d.store_id === 101 && d.delivery_status === 'delivered');
    expect(await page.getByTestId('deliveries-range').textContent()).toMatch(new RegExp(`of ${delivered.length}$`));

    // A card's MORE INFORMATION opens its summary tab.
    const card = cards.first();
    const id = await card.getAttribute('data-delivery-id');
    const address = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: 'MORE INFORMATION' }).click();
    await page.waitForURL(`**/delivery-order/${id}/summary`);
    await page.getByRole('tab', { name: 'Summary', selected: true }).waitFor();
    await page.getByRole('heading', { name: address }).first().waitFor();

    // The route tab: a marker per place, one route along the roads (many more points than places).
    await page.getByRole('tab', { name: 'Route' }).click();
    await page.waitForURL(`**/delivery-order/${id}/route`);
    const map = page.locator('[data-testid="map"][data-ready="true"]');
    await map.waitFor({ timeout: 15000 });
    const places = await page.getByTestId('delivery-places').locator('li').count();
    expect(places).toBeGreaterThanOrEqual(2);
    await expect.poll(() => map.getAttribute('data-lines')).toBe('1');
    expect(Number(await map.getAttribute('data-markers'))).toBe(places);
    expect(Number(await map.getAttribute('data-line-points'))).toBeGreaterThan(places * 3);
    await screenshot(page, 'logistics-route');

    // Directions fail: the message, and the markers still drawn (no line).
    await devkit(page, "fail('GET directions', 503)");
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.getByRole('tab', { name: 'Route' }).click();
    await page.getByText('We cannot read map').waitFor();
    const failedMap = page.locator('[data-testid="map"][data-ready="true"]');
    await failedMap.waitFor();
    expect(await failedMap.getAttribute('data-lines')).toBe('0');
    expect(Number(await failedMap.getAttribute('data-markers'))).toBe(places);
    await screenshot(page, 'logistics-route-failed');
  });

  it('5. Delivery Map (a list entry and a marker click open a card) and axe on every logistics screen', async () => {
    const page = await openSignedIn();

    const violations: string[] = [];
    const axe = async (screen: string) => {
      violations.push(...(await axeViolations(page, screen)));
    };
    const visit = async (name: string) => {
      await page.getByRole('link', { name, exact: true }).first().click();
    };

    // Live → Delivery Map: today's deliveries as markers (plus the store), the trucks' routes.
    await visit('Delivery Map');
    await page.waitForURL('**/delivery-map');
    const map = page.locator('[data-testid="map"][data-ready="true"]');
    await map.waitFor({ timeout: 15000 });
    const today = await page.getByTestId('today-list').getByRole('button').count();
    expect(today).toBeGreaterThan(3);
    await expect.poll(async () => Number(await map.getAttribute('data-markers'))).toBe(today + 1);
    const trucks = await page.getByTestId('truck-legend').locator('li').count();
    await expect.poll(async () => Number(await map.getAttribute('data-lines'))).toBe(trucks);
    // A delivery chosen in the list shows its card.
    await page.getByTestId('today-list').getByRole('button').first().click();
    await page.getByRole('article').getByRole('link', { name: 'MORE INFORMATION' }).waitFor();
    // A click on another delivery's marker, where OpenLayers drew it (clear of the other markers and
    // of the map's buttons), shows that delivery's card.
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const listed = new URL(page.url()).searchParams.get('delivery');
    const drawn = Object.entries(await markerPixels(map));
    const target = drawn.find(
      ([id, [x, y]]) =>
        id !== 'store' && id !== listed && x > 24 && y > 24 && x < box.width - 64 && y < box.height - 32 && drawn.every(([other, [ox, oy]]) => other === id || Math.hypot(ox - x, oy - y) > 30),
    );
    expect(target, `a delivery marker clear of the others in ${JSON.stringify(drawn)}`).toBeDefined();
    const [markerId, [x, y]] = target!;
    await page.mouse.click(box.x + x, box.y + y);
    await page.waitForURL((url) => url.searchParams.get('delivery') === markerId);
    await page.locator(`article[data-delivery-id="${markerId}"]`).getByRole('link', { name: 'MORE INFORMATION' }).waitFor();
    await screenshot(page, 'logistics-delivery-map');
    await axe('delivery map');

    await visit('Delivery Orders');
    await page.getByRole('article').first().waitFor();
    await axe('delivery orders');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('radio', { name: 'Any status' }).waitFor();
    await axe('delivery filters');
    await page.keyboard.press('Escape');
    await page.getByRole('article').first().getByRole('link', { name: 'MORE INFORMATION' }).click();
    await page.getByRole('tab', { name: 'Summary', selected: true }).waitFor();
    await axe('delivery summary');
    await page.getByRole('tab', { name: 'Route' }).click();
    await page.locator('[data-testid="map"][data-ready="true"]').waitFor({ timeout: 15000 });
    await axe('delivery route');

    await visit('Trucks');
    await page.getByTestId('truck-row').first().waitFor();
    await axe('trucks');
    await page.getByRole('link', { name: 'New truck' }).click();
    await page.getByLabel('Number plate').waitFor();
    await axe('truck form');

    await visit('Pickup Locations');
    await page.getByRole('link', { name: /^Edit pickup location / }).first().waitFor();
    await axe('pickup locations');
    await page.getByRole('link', { name: 'New pickup location' }).click();
    await page.locator('[data-testid="map"][data-ready="true"]').waitFor({ timeout: 15000 });
    await axe('pickup form');

    await visit('User/Devices');
    await page.getByRole('table').first().waitFor();
    await axe('user/devices');

    expect(violations).toEqual([]);
  });
});
