import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { replay, type JournalExport } from '../../src/machines/journal/journal';
import type { ProjectionState } from '../../src/machines/journal/projections';
import { acceptCookies, devkit, openPage, openSignedIn, screenshot, setUpBrowser } from './browser';
import { expectNoAxeViolations } from './axe';

setUpBrowser();

interface JournalFile {
  kind: string;
  scenario: string;
  exportedAt: string;
  journal: JournalExport;
  data: { collections: Record<string, Array<Record<string, unknown>>> };
}

const liveProjections = (page: Page) => page.evaluate(() => (window as unknown as { devkit: { journalCheck(): { live: unknown } } }).devkit.journalCheck().live) as Promise<ProjectionState>;
const offerIds = (page: Page) => page.getByTestId('offer-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-offer-id')));

async function openDemoMenu(page: Page) {
  await page.getByRole('button', { name: /^Demo menu: scenario / }).click();
  return page.getByRole('menu');
}

describe('journal tools', () => {
  it('exports a session, imports it into a fresh browser with the same state, and shows it in the viewer', async () => {
    // The recording: sign in, agree to cookies, delete an offer.
    const page = await openSignedIn();
    await page.goto(new URL('/operations/offers', page.url()).toString());
    const rows = page.getByTestId('offer-row');
    await rows.first().waitFor();
    const first = rows.first();
    const deleted = Number(await first.getAttribute('data-offer-id'));
    const name = (await first.getByTestId('offer-name').textContent()) ?? '';
    await first.getByRole('button', { name: `Delete offer ${name}` }).click();
    await page.getByRole('alertdialog', { name: `Delete offer ${name}?` }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.locator(`[data-testid="offer-row"][data-offer-id="${deleted}"]`).count()).toBe(0);
    await expect.poll(async () => (await devkit<Array<{ id: number }>>(page, "records('offers')")).some((o) => o.id === deleted)).toBe(false);
    const shownIds = await offerIds(page);

    // Export through the Demo menu: a download.
    const recorded = await liveProjections(page);
    const menu = await openDemoMenu(page);
    await menu.getByRole('menuitem', { name: 'Export journal' }).click();
    const choice = page.getByRole('dialog', { name: 'Export the journal' });
    const [download] = await Promise.all([page.waitForEvent('download'), choice.getByRole('button', { name: 'Full', exact: true }).click()]);
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    const file = JSON.parse(text) as JournalFile;
    expect(download.suggestedFilename()).toMatch(/^journal-default-.*\.json$/);
    expect(file).toMatchObject({ kind: 'store-console.journal', scenario: 'default' });
    expect(file.journal.events.map((e) => e.type)).toEqual(expect.arrayContaining(['consent.given', 'session.signedIn', 'offer.deleted']));
    expect(replay(file.journal)).toEqual(recorded);
    expect(file.data.collections.offers.some((o) => o.id === deleted)).toBe(false);
    expect(text).not.toContain('demo1234');
    expect(text).not.toMatch(/sk_mock_/);

    // Another browser: the sign-in page's Demo menu imports the file (a labelled file picker).
    const fresh = await openPage('/auth/login');
    await acceptCookies(fresh);
    const freshMenu = await openDemoMenu(fresh);
    const [chooser] = await Promise.all([fresh.waitForEvent('filechooser'), freshMenu.getByRole('menuitem', { name: 'Import journal…' }).click()]);
    await chooser.setFiles(path);
    // The operator is signed in again, on the screen the journal ended on, with the same data.
    await fresh.waitForURL('**/operations/offers');
    await fresh.getByTestId('offer-row').first().waitFor();
    expect(await offerIds(fresh)).toEqual(shownIds);
    await expect.poll(() => devkit<string>(fresh, 'scenario()')).toBe('default');
    await expect.poll(async () => (await devkit<Array<{ id: number }>>(fresh, "records('offers')")).some((o) => o.id === deleted)).toBe(false);

    // The app's journal is the file's (new facts of this session come after it) ...
    const events = await devkit<JournalExport['events']>(fresh, 'journal().events');
    expect(events.slice(0, file.journal.events.length)).toEqual(file.journal.events);
    expect(events.slice(file.journal.events.length).map((e) => e.type)).toContain('session.signedIn');
    // ... and the projections are the recorded ones; only the new sign-in's moment differs.
    const live = await liveProjections(fresh);
    const { session: liveSession, ...liveRest } = live;
    const { session: recordedSession, ...recordedRest } = recorded;
    expect(liveRest).toEqual(recordedRest);
    expect(liveSession.user).toEqual(recordedSession.user);

    // The viewer: every event in order, a filter by type, each payload on demand.
    const again = await openDemoMenu(fresh);
    await again.getByRole('menuitem', { name: 'Journal viewer' }).click();
    const viewer = fresh.getByRole('dialog', { name: 'Event journal' });
    await viewer.waitFor();
    const total = (await devkit<unknown[]>(fresh, 'journal().events')).length;
    await expect.poll(() => viewer.getByRole('status').textContent()).toBe(`${total} of ${total} events`);
    await expectNoAxeViolations(fresh);
    await viewer.getByRole('combobox', { name: /Event type/ }).click();
    await fresh.getByRole('option', { name: 'offer.deleted' }).click();
    await expect.poll(() => viewer.getByRole('status').textContent()).toBe(`1 of ${total} events`);
    const row = viewer.getByRole('button', { name: /offer\.deleted/ });
    await row.focus();
    await fresh.keyboard.press('Enter');
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
    const payload = viewer.getByRole('region', { name: /^Payload of event \d+$/ });
    expect(JSON.parse((await payload.textContent()) ?? '')).toEqual({ id: deleted });
    await screenshot(fresh, 'journal-viewer');
    await expectNoAxeViolations(fresh);
    await fresh.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
  });

  it('refuses a foreign file with a specific message and keeps the session as it was', async () => {
    const page = await openSignedIn();
    const before = await devkit<unknown[]>(page, "records('offers')");
    const menu = await openDemoMenu(page);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), menu.getByRole('menuitem', { name: 'Import journal…' }).click()]);
    await chooser.setFiles({ name: 'package.json', mimeType: 'application/json', buffer: Buffer.from('{"name":"not-a-journal"}') });
    const alert = page.getByRole('alertdialog', { name: 'The journal was not imported' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The file is not a journal exported by this console');
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'Close' }).click();
    expect(page.url()).toMatch(/\/overview$/);
    expect(await devkit<unknown[]>(page, "records('offers')")).toEqual(before);
  });
});
