import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Earning, ManagementInfo, MonthlySales } from '../../src/api/management';
import {
  managementMachine,
  retryEvent,
  selectEarnings,
  selectFailedParts,
  selectInfo,
  selectPartStatus,
  selectSales,
  type ManagementPart,
} from '../../src/machines/management/machine';
import { deferred, settle, type Deferred } from '../support/deferred';

const INFO: ManagementInfo = { annual_income: 48_250.5, new_customers: 37, sales_ratio: 82.5, items_rescued: 1_204 };
const SALES: MonthlySales[] = [
  { month: '2025-06', value: 3_100 },
  { month: '2025-07', value: 4_250 },
];
const EARNINGS: Earning[] = [
  { id: 1, label: 'Bakery', value: 1_200, color: '#C2410C' },
  { id: 2, label: 'Pastry', value: 800, color: '#0B6BCB' },
];

/**
 * The machine with fake calls the test settles by hand: each call to a part's loader opens a new
 * deferred, so the test decides when (and how) every single request ends and can count requests.
 */
function harness() {
  const calls: { [P in ManagementPart]: Array<Deferred<unknown>> } = { info: [], sales: [], customers: [] };
  const failures: Array<{ part: ManagementPart; error: unknown }> = [];
  const call = <T>(part: ManagementPart) =>
    fromPromise<T, void>(() => {
      const pending = deferred<unknown>();
      calls[part].push(pending);
      return pending.promise as Promise<T>;
    });
  const actor = createActor(
    managementMachine.provide({
      actors: { loadInfo: call<ManagementInfo>('info'), loadSales: call<MonthlySales[]>('sales'), loadCustomers: call<Earning[]>('customers') },
      actions: { logLoadFailure: (_, params) => failures.push(params) },
    }),
  ).start();
  const status = (part: ManagementPart) => selectPartStatus(part)(actor.getSnapshot());
  const last = (part: ManagementPart) => calls[part][calls[part].length - 1];
  return { actor, calls, failures, status, last };
}

describe('management machine', () => {
  it('starts the three loads at once, each part loading on its own', () => {
    const { actor, calls, status } = harness();
    expect(calls.info).toHaveLength(1);
    expect(calls.sales).toHaveLength(1);
    expect(calls.customers).toHaveLength(1);
    expect([status('info'), status('sales'), status('customers')]).toEqual(['loading', 'loading', 'loading']);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('shows each part as soon as its own answer arrives, in any order', async () => {
    const { actor, status, last } = harness();
    last('customers').resolve(EARNINGS);
    await settle();
    expect([status('info'), status('sales'), status('customers')]).toEqual(['loading', 'loading', 'loaded']);
    expect(selectEarnings(actor.getSnapshot())).toEqual(EARNINGS);
    expect(selectInfo(actor.getSnapshot())).toBeNull();

    last('info').resolve(INFO);
    await settle();
    expect(status('info')).toBe('loaded');
    expect(selectInfo(actor.getSnapshot())).toEqual(INFO);
    expect(status('sales')).toBe('loading');

    last('sales').resolve(SALES);
    await settle();
    expect(selectSales(actor.getSnapshot())).toEqual(SALES);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(selectFailedParts(actor.getSnapshot())).toEqual([]);
  });

  it.each<ManagementPart>(['info', 'sales', 'customers'])('a failing %s part leaves the other two loaded', async (failing) => {
    const { actor, failures, status, last } = harness();
    const error = new Error('500');
    const answers: Record<ManagementPart, unknown> = { info: INFO, sales: SALES, customers: EARNINGS };
    for (const part of ['info', 'sales', 'customers'] as const) {
      if (part === failing) last(part).reject(error);
      else last(part).resolve(answers[part]);
    }
    await settle();
    expect(selectFailedParts(actor.getSnapshot())).toEqual([failing]);
    for (const part of ['info', 'sales', 'customers'] as const) expect(status(part)).toBe(part === failing ? 'failed' : 'loaded');
    expect(failures).toEqual([{ part: failing, error }]);
    // The data of the parts that did load is there to render.
    const snapshot = actor.getSnapshot();
    expect(selectInfo(snapshot)).toEqual(failing === 'info' ? null : INFO);
    expect(selectSales(snapshot)).toEqual(failing === 'sales' ? null : SALES);
    expect(selectEarnings(snapshot)).toEqual(failing === 'customers' ? null : EARNINGS);
  });

  it('retries only the part asked for, and recovers it', async () => {
    const { actor, calls, status, last } = harness();
    last('info').resolve(INFO);
    last('sales').reject(new Error('500'));
    last('customers').reject(new Error('500'));
    await settle();
    expect(selectFailedParts(actor.getSnapshot())).toEqual(['sales', 'customers']);

    actor.send(retryEvent.sales);
    expect(calls.sales).toHaveLength(2);
    expect(calls.info).toHaveLength(1);
    expect(calls.customers).toHaveLength(1);
    expect([status('info'), status('sales'), status('customers')]).toEqual(['loaded', 'loading', 'failed']);

    last('sales').resolve(SALES);
    await settle();
    expect([status('info'), status('sales'), status('customers')]).toEqual(['loaded', 'loaded', 'failed']);
    expect(selectSales(actor.getSnapshot())).toEqual(SALES);
    expect(selectInfo(actor.getSnapshot())).toEqual(INFO);
  });

  it('a retry that fails again is failed again, and can be retried once more', async () => {
    const { actor, calls, status, last } = harness();
    last('info').reject(new Error('500'));
    await settle();
    actor.send(retryEvent.info);
    last('info').reject(new Error('503'));
    await settle();
    expect(status('info')).toBe('failed');
    actor.send(retryEvent.info);
    last('info').resolve(INFO);
    await settle();
    expect(status('info')).toBe('loaded');
    expect(calls.info).toHaveLength(3);
  });

  it('ignores a retry while the part is loading or once it has loaded (no duplicate requests)', async () => {
    const { actor, calls, last } = harness();
    actor.send(retryEvent.info);
    expect(calls.info).toHaveLength(1);
    last('info').resolve(INFO);
    await settle();
    actor.send(retryEvent.info);
    expect(calls.info).toHaveLength(1);
  });
});
