import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsoleError, devkit, openSignedIn, screenshot, setUpBrowser } from './browser';
import { expectNoAxeViolations } from './axe';

setUpBrowser();

async function dashboard(prepare?: (page: Page) => Promise<void>) {
  const page = await openSignedIn();
  if (prepare) await prepare(page);
  await page.getByRole('link', { name: 'Management info' }).click();
  await page.waitForURL('**/dashboards/default');
  await page.getByRole('heading', { level: 1, name: 'Management Information' }).waitFor();
  return page;
}

describe('Management Information dashboard', () => {
  it('renders the figures and both charts (bars and doughnut)', async () => {
    const page = await dashboard();
    await page.locator('.apexcharts-bar-series').first().waitFor({ timeout: 15_000 });
    await page.locator('.apexcharts-pie').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.apexcharts-bar-series path').count()).toBeGreaterThan(0);
    expect(await page.locator('.apexcharts-pie path').count()).toBeGreaterThan(0);
    await page.getByRole('progressbar').waitFor();
    await screenshot(page, 'management');
    await expectNoAxeViolations(page);
  });

  it.each([
    ['GET /stores/management_info', 'Error on get management info'],
    ['GET /stores/management_info_sales', 'Error on get management sales'],
    ['GET /stores/management_info_customers', 'Error on get management Customers'],
  ])('shows "%s" failing as its catalogue message while the rest renders', async (operation, message) => {
    allowConsoleError(/500|Failed to load resource/);
    const page = await dashboard((p) => devkit(p, `fail('${operation}', 500)`));
    await page.getByText(message, { exact: true }).waitFor();
    const others = ['Error on get management info', 'Error on get management sales', 'Error on get management Customers'].filter((m) => m !== message);
    for (const other of others) expect(await page.getByText(other, { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
