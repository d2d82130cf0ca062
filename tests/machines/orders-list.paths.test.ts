import { describe, expect, it } from 'vitest';
import { ordersListMachine } from '../../src/machines/orders/list.machine';
import { ordersListPathMachine, ordersListPathModel, PATH_CHANGED, PENDING_FILTER } from '../../src/machines/orders/list.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(ordersListPathModel);

const pathTaking = (label: string) => firstPathTaking(ordersListPathMachine, paths, label);

const keyOf = (label: string) => allTransitions(ordersListPathMachine).find((t) => t.label === label)!.key;

describe('orders list machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(ordersListPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(ordersListPathModel, path));
    const report = coverage(ordersListMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(14);
    expect(report.transitions.total).toBe(27);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(16);
  });

  describe('include the operator-facing branches by name', () => {
    it('the sold tab waits for its poll; the pending tab has no timer', () => {
      const sold = pathTaking('ordersList.list.ready.scheduling —(always) [polls]→ ordersList.list.ready.waiting');
      expect(sold.state.machine.context.filter.tab).toBe('sold');
      expect(sold.state.machine.matches({ list: { ready: 'waiting' } })).toBe(true);
      const pending = pathTaking('ordersList.list.ready.scheduling —(always)→ ordersList.list.ready.still');
      expect(pending.state.machine.context).toMatchObject({ filter: PENDING_FILTER, page: 1 });
      expect(pending.state.machine.matches({ list: { ready: 'still' } })).toBe(true);
    });

    it('another tab, filter or page loads that page and forgets earlier failures', () => {
      const { state } = pathTaking('ordersList.list —orders.show→ ordersList.list.loading');
      expect(state.machine.matches({ list: 'loading' })).toBe(true);
      expect(state.machine.hasTag('busy')).toBe(true);
      expect(state.machine.context).toMatchObject({ filter: PENDING_FILTER, page: 1, failures: 0 });
    });

    it('a failed load shows the failure, and Retry loads again', () => {
      const failed = pathTaking('ordersList.list.loading —xstate.error.actor.loadPage→ ordersList.list.failed');
      expect(failed.state.machine.matches({ list: 'failed' })).toBe(true);
      const retried = pathTaking('ordersList.list.failed —orders.retry→ ordersList.list.loading');
      expect(retried.state.machine.matches({ list: 'loading' })).toBe(true);
    });

    it('a failed poll keeps the page and counts the failure; a good one resets it', () => {
      const failed = pathTaking('ordersList.list.ready.polling —xstate.error.actor.pollPage→ ordersList.list.ready.scheduling');
      expect(failed.state.machine.context.failures).toBe(1);
      expect(failed.state.machine.matches({ list: { ready: 'waiting' } })).toBe(true);
      const news = pathTaking('ordersList.list.ready.polling —xstate.done.actor.pollPage [and]→ ordersList.list.ready.scheduling');
      expect(news.steps.at(-1)!.event).toMatchObject({ output: PATH_CHANGED });
      expect(news.state.machine.context.failures).toBe(0);
    });

    it('hidden, the list stops polling; shown again, it polls at once', () => {
      const paused = pathTaking('ordersList.list.ready.waiting —orders.pause→ ordersList.list.ready.paused');
      expect(paused.state.machine.context.hidden).toBe(true);
      const resumed = pathTaking('ordersList.list.ready.paused —orders.resume→ ordersList.list.ready.polling');
      expect(resumed.state.machine.context.hidden).toBe(false);
      expect(resumed.state.machine.matches({ list: { ready: 'polling' } })).toBe(true);
    });

    it('cancel asks first; dismissing it cancels nothing', () => {
      const asked = pathTaking('ordersList.mutation.idle —orders.askCancel→ ordersList.mutation.confirmingCancel');
      expect(asked.state.machine.context.cancelling).toMatchObject({ id: 20002 });
      const { state, steps } = pathTaking('ordersList.mutation.confirmingCancel —orders.dismissCancel→ ordersList.mutation.idle');
      expect(state.machine.context.cancelling).toBeNull();
      expect(steps.map((step) => step.state.machine.value)).not.toContainEqual(expect.objectContaining({ mutation: 'cancelling' }));
    });

    it('a change done on a page on screen polls the page again in the same step', () => {
      const refresh = keyOf('ordersList.list.ready —orders.refresh→ ordersList.list.ready.polling');
      const done = pathTaking('ordersList.mutation.changingStatus —xstate.done.actor.setStatus→ ordersList.mutation.idle');
      // The first change the graph finds is answered while the first page still loads: nothing to poll.
      expect(done.state.taken).not.toContain(refresh);
      expect(done.state.machine.context.changing).toBeNull();
    });

    it('a refused change or cancel ends it (the journal puts the order back)', () => {
      const status = pathTaking('ordersList.mutation.changingStatus —xstate.error.actor.setStatus→ ordersList.mutation.idle');
      expect(status.steps.at(-2)!.state.machine.hasTag('mutating')).toBe(true);
      expect(status.state.machine.context.changing).toBeNull();
      const cancel = pathTaking('ordersList.mutation.cancelling —xstate.error.actor.cancelOrder→ ordersList.mutation.idle');
      expect(cancel.steps.at(-2)!.state.machine.context.cancelling).toMatchObject({ id: 20002 });
      expect(cancel.state.machine.context.cancelling).toBeNull();
    });
  });
});
