import { describe, expect, it } from 'vitest';
import { financeRangeToSeconds } from '../../src/lib/finance-range';
import { summaryMachine } from '../../src/machines/summary/machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { PATH_DECEMBER, PATH_PAYMENTS, PATH_SUMMARIES, PATH_WEEK, summaryPathModel } from '../../src/machines/summary/paths';

const paths = generatePaths(summaryPathModel);

const pathTaking = (label: string) => firstPathTaking(summaryMachine, paths, label);

describe('summary machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(summaryPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(summaryPathModel, path));
    const report = coverage(summaryMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(9);
    expect(report.transitions.total).toBe(11);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(7);
  });

  describe('include the operator-facing branches by name', () => {
    it('the daily tab loads the summaries of the range', () => {
      const { state } = pathTaking('summary.view.loading —(always) [dailyTab]→ summary.view.loadingSummaries');
      expect(state.machine.matches({ view: 'loadingSummaries' })).toBe(true);
      expect(state.machine.context).toMatchObject({ tab: 'daily', range: PATH_WEEK, status: null, page: 0 });
      const loaded = pathTaking('summary.view.loadingSummaries —xstate.done.actor.loadSummaries→ summary.view.loaded');
      expect(loaded.state.machine.context.data).toEqual({ tab: 'daily', summaries: PATH_SUMMARIES });
    });

    it('another range, status and page load that page of payments', () => {
      const shown = paths
        .flatMap((path) => path.steps)
        .find((step) => step.event.type === 'summary.show' && 'status' in step.event && step.event.status === 'pending');
      expect(shown?.state.machine.matches({ view: 'loadingPayments' })).toBe(true);
      expect(shown?.state.machine.context).toMatchObject({ tab: 'current-transactions', range: PATH_DECEMBER, status: 'pending', page: 1 });
      const loaded = pathTaking('summary.view.loadingPayments —xstate.done.actor.loadPayments→ summary.view.loaded');
      expect(loaded.state.machine.context.data).toEqual({ tab: 'current-transactions', payments: PATH_PAYMENTS });
      expect(loaded.state.machine.hasTag('busy')).toBe(false);
    });

    it('a failed load shows the failure with nothing stale, and Retry loads again', () => {
      const failed = pathTaking('summary.view.loadingPayments —xstate.error.actor.loadPayments→ summary.view.failed');
      expect(failed.state.machine.matches({ view: 'failed' })).toBe(true);
      expect(failed.state.machine.context.data).toBeNull();
      const failedDaily = pathTaking('summary.view.loadingSummaries —xstate.error.actor.loadSummaries→ summary.view.failed');
      expect(failedDaily.state.machine.context.data).toBeNull();
      const retried = pathTaking('summary.view.failed —summary.retry→ summary.view.loading');
      expect(retried.state.machine.hasTag('busy')).toBe(true);
    });

    it('a download is busy while it runs and leaves the view as it was, done or failed', () => {
      const started = pathTaking('summary.download.idle —summary.download→ summary.download.downloading');
      expect(started.state.machine.hasTag('downloading')).toBe(true);
      for (const label of [
        'summary.download.downloading —xstate.done.actor.downloadSummary→ summary.download.idle',
        'summary.download.downloading —xstate.error.actor.downloadSummary→ summary.download.idle',
      ]) {
        const { state, steps } = pathTaking(label);
        expect(state.machine.hasTag('downloading')).toBe(false);
        expect(state.machine.value.view).toEqual(steps.at(-2)!.state.machine.value.view);
        expect(state.machine.context).toEqual(steps.at(-2)!.state.machine.context);
      }
    });

    it('every range the machine asks for converts to whole days', () => {
      for (const range of [PATH_WEEK, PATH_DECEMBER]) {
        const { date_from, date_to } = financeRangeToSeconds(range);
        expect((date_to + 1 - date_from) % 3600).toBe(0);
      }
    });
  });
});
