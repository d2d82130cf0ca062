import { describe, expect, it } from 'vitest';
import { managementMachine, selectFailedParts } from '../../src/machines/management/machine';
import { managementPathModel, PATH_EARNINGS, PATH_INFO, PATH_SALES } from '../../src/machines/management/paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(managementPathModel);

const pathTaking = (label: string) => firstPathTaking(managementMachine, paths, label);

describe('management dashboard machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(managementPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(managementPathModel, path));
    const report = coverage(managementMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    // Three parts of three states each (the root is not counted); per part a load's done, its error and a retry.
    expect(report.stateNodes.total).toBe(12);
    expect(report.transitions.total).toBe(9);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('each part shows its own data when its call answers', () => {
      expect(pathTaking('management.info.loading —xstate.done.actor.loadInfo→ management.info.loaded').state.machine.context.info).toEqual(PATH_INFO);
      expect(pathTaking('management.sales.loading —xstate.done.actor.loadSales→ management.sales.loaded').state.machine.context.sales).toEqual(PATH_SALES);
      expect(pathTaking('management.customers.loading —xstate.done.actor.loadCustomers→ management.customers.loaded').state.machine.context.earnings).toEqual(
        PATH_EARNINGS,
      );
    });

    it('a part fails on its own and has its own Retry', () => {
      for (const [part, load, retry] of [
        ['info', 'loadInfo', 'retryInfo'],
        ['sales', 'loadSales', 'retrySales'],
        ['customers', 'loadCustomers', 'retryCustomers'],
      ] as const) {
        const failed = pathTaking(`management.${part}.loading —xstate.error.actor.${load}→ management.${part}.failed`);
        expect(selectFailedParts(failed.state.machine as never)).toContain(part);
        const retried = pathTaking(`management.${part}.failed —management.${retry}→ management.${part}.loading`);
        expect(selectFailedParts(retried.state.machine as never)).not.toContain(part);
      }
    });
  });
});
