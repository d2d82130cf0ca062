import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Earning, ManagementInfo, MonthlySales } from '../../src/api/management';
import { formatMoney, formatNumber, formatPercent, shares, type Locale } from '../../src/lib/format';
import { monthLabel } from '../../src/screens/dashboards/chart-data';
import { DEMO, setupTestBackend, storeCall } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * The Management Information dashboard in happy-dom against the real mock handlers (msw/node):
 * what the operator sees, compared with what the server answers for the same session.
 *
 * ApexCharts does render its SVG in happy-dom (axis labels, legend, slices; there is no layout, so
 * sizes are meaningless), so the charts are not mocked: the tests read the SVG's text and the
 * hidden data tables that screen readers get.
 */
const INFO = 'GET /stores/management_info';
const SALES = 'GET /stores/management_info_sales';
const CUSTOMERS = 'GET /stores/management_info_customers';
const TITLE = { level: 1, name: 'Management Information' } as const;

/**
 * Starts the console signed in (a real session of the mock server in storage, as a signed-in tab
 * has it) directly on the dashboard. `beforeOpening` runs before the dashboard's calls start.
 */
async function openDashboard(beforeOpening: () => void | Promise<void> = () => {}) {
  await storeSignedInSession();
  await beforeOpening();
  const { services } = renderConsoleAt('/dashboards/default');
  await screen.findByRole('heading', TITLE, { timeout: 5000 });
  return { services };
}

/** What the server answers the signed-in tab (its stored session token), read directly. */
async function fromServer() {
  const { token } = JSON.parse(sessionStorage.getItem('console.session') ?? '{}') as { token?: string };
  const read = async <T,>(path: string): Promise<T> => {
    const response = await storeCall(path, token);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  return {
    info: await read<ManagementInfo>('/stores/management_info'),
    sales: (await read<{ data: MonthlySales[] }>('/stores/management_info_sales')).data,
    earnings: (await read<{ data: Earning[] }>('/stores/management_info_customers')).data,
  };
}

const figure = (name: string) => screen.findByRole('figure', { name }, { timeout: 5000 });
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
/** "#4A90B8" as ApexCharts writes it into the SVG: "rgba(74,144,184,1)". */
const rgba = (hex: string) => `rgba(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(',')},1)`;
const texts = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((el) => el.textContent);

async function expectInfoFigures(info: ManagementInfo, language: Locale = 'en') {
  await waitFor(() => expect(screen.getByTestId('figure-management.annualIncome').textContent).toBe(formatMoney(info.annual_income, language)));
  expect(screen.getByTestId('figure-management.newCustomers').textContent).toBe(formatNumber(info.new_customers, language));
  expect(screen.getByTestId('figure-management.salesRatio').textContent).toBe(formatPercent(info.sales_ratio, language));
  expect(screen.getByTestId('figure-management.itemsRescued').textContent).toBe(formatNumber(info.items_rescued, language));
  const bar = screen.getByRole('progressbar', { name: language === 'en' ? 'Sales ratio' : 'Ratio de ventas' });
  expect(bar.getAttribute('aria-valuenow')).toBe(String(Math.round(info.sales_ratio)));
}

async function expectSalesChart(sales: MonthlySales[]) {
  const chart = await figure('Sales performance');
  const table = within(chart).getByRole('table', { name: 'Sales per month, last 12 months' });
  expect(cellsOf(table)).toEqual(sales.map((s) => [monthLabel(s.month, 'en', 'long'), formatMoney(s.value, 'en')]));
  // The chart itself: one named image, one bar label per month, values on the axis in K.
  const svg = await within(chart).findByRole('img', { name: 'Bar chart of sales per month over the last 12 months' }, { timeout: 5000 });
  expect(texts(svg, '.apexcharts-xaxis-label')).toEqual(sales.map((s) => monthLabel(s.month, 'en', 'short')));
  const yLabels = texts(svg, '.apexcharts-yaxis-label');
  expect(yLabels.length).toBeGreaterThan(1);
  // formatThousands: under 1 000 as is ("500"), from there in thousands with K ("1.5K", "12K").
  for (const label of yLabels) expect(label).toMatch(/^(\d{1,3}|\d{1,3}(,\d{3})*(\.\d)?K)$/);
  expect(yLabels.some((label) => label?.endsWith('K'))).toBe(true);
}

async function expectEarningsChart(earnings: Earning[]) {
  const chart = await figure('Earnings segmentation');
  const percents = shares(earnings.map((e) => e.value)).map((p) => formatPercent(p, 'en'));
  const table = within(chart).getByRole('table', { name: 'Earnings per segment' });
  expect(cellsOf(table)).toEqual(earnings.map((e, i) => [e.label, formatMoney(e.value, 'en'), percents[i]]));
  const svg = await within(chart).findByRole('img', { name: 'Doughnut chart of earnings per segment' }, { timeout: 5000 });
  await waitFor(() => expect(texts(chart, '.apexcharts-legend-text')).toEqual(earnings.map((e, i) => `${e.label}: ${percents[i]}`)));
  // Each slice in the colour the data gives it.
  const fills = [...svg.querySelectorAll('.apexcharts-pie-area')].map((slice) => slice.getAttribute('fill'));
  expect(fills).toEqual(earnings.map((e) => rgba(e.color)));
}

type ServerTruth = Awaited<ReturnType<typeof fromServer>>;
const PART_NAMES = ['info', 'sales', 'customers'] as const;
/** Per part: the failing operation, its message (spec section 8), how it looks when rendered. */
const PARTS: Record<
  (typeof PART_NAMES)[number],
  { operation: string; message: string; expectShown: (truth: ServerTruth) => Promise<void>; rendered: () => HTMLElement | null }
> = {
  info: {
    operation: INFO,
    message: 'Error on get management info',
    expectShown: (truth) => expectInfoFigures(truth.info),
    rendered: () => screen.queryByTestId('figure-management.annualIncome'),
  },
  sales: {
    operation: SALES,
    message: 'Error on get management sales',
    expectShown: (truth) => expectSalesChart(truth.sales),
    rendered: () => screen.queryByRole('figure', { name: 'Sales performance' }),
  },
  customers: {
    operation: CUSTOMERS,
    message: 'Error on get management Customers',
    expectShown: (truth) => expectEarningsChart(truth.earnings),
    rendered: () => screen.queryByRole('figure', { name: 'Earnings segmentation' }),
  },
};

/** The part's message, and the Retry inside the same alert. */
async function failure(message: string) {
  const text = await screen.findByText(message, {}, { timeout: 5000 });
  const alert = text.closest<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error(`"${message}" is not inside an alert`);
  return { alert, retry: within(alert).getByRole('button', { name: 'Retry' }) };
}

describe('Management Information dashboard', () => {
  const backend = setupTestBackend();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('opens from the side navigation: skeletons while the three parts load, then what the server returns', async () => {
    // Through the sign-in form and the shell's link, as an operator gets there.
    const user = userEvent.setup();
    renderConsoleAt('/auth/login', { demoAccount: DEMO });
    await user.click(await screen.findByRole('button', { name: 'Use demo account' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 5000 });
    backend.current.devkit.latency(400);
    // Found by text and clicked without user-event's pointer-events check: both role queries and
    // that check compute styles up the shell's tree, where happy-dom overflows its stack resolving
    // nested Joy CSS variables. Neither proves anything the later assertions do not.
    const link = screen.getAllByText('Management info')[0].closest('a');
    if (!link) throw new Error('no "Management info" link in the side navigation');
    await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(link);
    await screen.findByRole('heading', TITLE, { timeout: 5000 });
    expect(window.location.pathname).toBe('/dashboards/default');

    // Nothing is in yet: every part is busy and holds its place with skeletons.
    const main = screen.getByRole('heading', TITLE).parentElement as HTMLElement;
    expect(main.querySelectorAll('[aria-busy="true"]')).toHaveLength(3);
    expect(main.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThanOrEqual(7);
    expect(screen.queryByTestId('figure-management.annualIncome')).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
    for (const heading of ['Annual total income', 'New monthly customers', 'Sales ratio', 'Total items rescued', 'Sales performance', 'Earnings segmentation']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }

    backend.current.devkit.clearFaults();
    const server = await fromServer();
    expect(server.sales).toHaveLength(12);
    expect(server.earnings.length).toBeGreaterThan(0);
    await expectInfoFigures(server.info);
    await expectSalesChart(server.sales);
    await expectEarningsChart(server.earnings);
    await waitFor(() => expect(main.querySelectorAll('[aria-busy="true"]')).toHaveLength(0));
    expect(document.title).toBe('Management Information · Store Console');
  });

  it.each(['info', 'sales', 'customers'] as const)(
    'shows the %s part\'s message with a Retry when its call fails, renders the rest, and recovers on Retry',
    async (part) => {
      const { operation, message } = PARTS[part];
      let truth: ServerTruth | undefined;
      await openDashboard(async () => {
        truth = await fromServer();
        backend.current.devkit.fail(operation, 500);
      });
      if (!truth) throw new Error('the server was not read');
      const { retry } = await failure(message);

      // The two other parts render while this one has failed; this one shows no stale or empty data.
      for (const other of PART_NAMES.filter((name) => name !== part)) await PARTS[other].expectShown(truth);
      expect(PARTS[part].rendered()).toBeNull();
      expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);

      backend.current.devkit.clearFaults();
      await userEvent.setup().click(retry);
      await waitFor(() => expect(screen.queryByText(message)).toBeNull());
      await PARTS[part].expectShown(truth);
    },
  );

  it('keeps each failed part to its own message and Retry when all three fail', async () => {
    await openDashboard(() => {
      for (const operation of [INFO, SALES, CUSTOMERS]) backend.current.devkit.fail(operation, 503);
    });
    const info = await failure('Error on get management info');
    await failure('Error on get management sales');
    const customers = await failure('Error on get management Customers');
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(3);
    // Each Retry is described by its part's message, so a screen reader says which one it retries.
    const describedBy = info.retry.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('Error on get management info');

    // Retrying one part leaves the others failed.
    backend.current.devkit.clearFaults(CUSTOMERS);
    await userEvent.setup().click(customers.retry);
    await figure('Earnings segmentation');
    expect(screen.getByText('Error on get management info')).toBeTruthy();
    expect(screen.getByText('Error on get management sales')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
  });

  it('shows segment labels from the server as text: no element of theirs ends up in the chart', async () => {
    // Labels a compromised or careless server could send: ApexCharts writes legend and tooltip
    // text with innerHTML, so unescaped they became <img> and <svg onload> elements.
    const hostile = ['<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', 'Tom & "Jerry\'s" <b>'];
    const db = backend.current.db;
    const original = db.earnings.findMany().map((segment) => ({ id: segment.id, label: segment.label }));
    try {
      await openDashboard(async () => {
        for (const [i, segment] of original.entries()) {
          await db.earnings.update((q) => q.where({ id: segment.id }), {
            data(draft) {
              draft.label = hostile[i % hostile.length];
            },
          });
        }
      });
      const server = await fromServer();
      expect(server.earnings.map((e) => e.label)).toContain(hostile[0]);
      const chart = await figure('Earnings segmentation');
      await within(chart).findByRole('img', { name: 'Doughnut chart of earnings per segment' }, { timeout: 5000 });
      const percents = shares(server.earnings.map((e) => e.value)).map((p) => formatPercent(p, 'en'));
      // The literal text is shown in the legend...
      await waitFor(() => expect(texts(chart, '.apexcharts-legend-text')).toEqual(server.earnings.map((e, i) => `${e.label}: ${percents[i]}`)));
      // ...and nothing was parsed out of it: no <img>, no <b>, and the chart's own <svg> is the only one.
      expect(chart.querySelectorAll('img, b, [onload], [onerror]')).toHaveLength(0);
      for (const legend of chart.querySelectorAll('.apexcharts-legend-text')) expect(legend.children).toHaveLength(0);
      expect(chart.querySelectorAll('svg[onload], .apexcharts-legend-text *')).toHaveLength(0);
      // The tooltip of a slice, written the same way, shows its label as text too.
      const slice = chart.querySelector('.apexcharts-pie-area');
      if (!slice) throw new Error('no slice in the doughnut');
      fireEvent.mouseEnter(slice);
      fireEvent.mouseMove(slice);
      const label = await waitFor(() => {
        const found = chart.querySelector('.apexcharts-tooltip-text-y-label');
        expect(found?.textContent).toBe(`${server.earnings[0].label}: `);
        return found;
      });
      expect(label?.children).toHaveLength(0);
      expect(chart.querySelectorAll('img, b, [onload], [onerror]')).toHaveLength(0);
    } finally {
      for (const segment of original) {
        await db.earnings.update((q) => q.where({ id: segment.id }), {
          data(draft) {
            draft.label = segment.label;
          },
        });
      }
    }
  });

  it('words the dashboard in Spanish: title, months and numbers', async () => {
    const { services } = await openDashboard();
    services.journal.append({ type: 'preferences.languageChanged', at: Date.now(), language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Información de gestión' });
    const server = await fromServer();
    await expectInfoFigures(server.info, 'es');
    const chart = await figure('Evolución de las ventas');
    const svg = await within(chart).findByRole('img', { name: 'Gráfico de barras de las ventas por mes en los últimos 12 meses' }, { timeout: 5000 });
    await waitFor(() => expect(texts(svg, '.apexcharts-xaxis-label')).toEqual(server.sales.map((s) => monthLabel(s.month, 'es', 'short'))));
    const table = within(chart).getByRole('table', { name: 'Ventas por mes, últimos 12 meses' });
    expect(cellsOf(table)[0]).toEqual([monthLabel(server.sales[0].month, 'es', 'long'), formatMoney(server.sales[0].value, 'es')]);
  });
});

describe('Management Information dashboard of a brand-new store (empty-store scenario)', () => {
  setupTestBackend({ scenario: 'empty-store' });
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('reads well: zero figures, and a sentence instead of each empty chart', async () => {
    await openDashboard();
    const server = await fromServer();
    expect(server.sales.every((month) => month.value === 0)).toBe(true);
    await expectInfoFigures(server.info);
    expect(await screen.findByText('No sales in the last 12 months yet.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No earnings to segment yet.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
