import { describe, expect, it } from 'vitest';
import { offersListMachine } from '../../src/machines/offers/list.machine';
import { offersListPathMachine, offersListPathModel, PATH_CHANGED } from '../../src/machines/offers/list.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(offersListPathModel);

const pathTaking = (label: string) => firstPathTaking(offersListPathMachine, paths, label);

describe('offers list machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(offersListPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(offersListPathModel, path));
    const report = coverage(offersListMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(13);
    expect(report.transitions.total).toBe(25);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(16);
  });

  describe('include the operator-facing branches by name', () => {
    it('another tab or page loads that page and forgets earlier failures', () => {
      const { state } = pathTaking('offersList.list —offers.show→ offersList.list.loading');
      expect(state.machine.matches({ list: 'loading' })).toBe(true);
      expect(state.machine.hasTag('busy')).toBe(true);
      expect(state.machine.context).toMatchObject({ filter: 'active', page: 1, failures: 0 });
    });

    it('a failed load shows the failure, and Retry loads again', () => {
      pathTaking('offersList.list.loading —xstate.error.actor.loadPage→ offersList.list.failed');
      const retried = pathTaking('offersList.list.failed —offers.retry→ offersList.list.loading');
      expect(retried.state.machine.matches({ list: 'loading' })).toBe(true);
    });

    it('a failed poll keeps the page and counts the failure; a good one resets it', () => {
      const failed = pathTaking('offersList.list.ready.polling —xstate.error.actor.pollPage→ offersList.list.ready.waiting');
      expect(failed.state.machine.context.failures).toBe(1);
      const news = pathTaking('offersList.list.ready.polling —xstate.done.actor.pollPage [and]→ offersList.list.ready.waiting');
      expect(news.steps.at(-1)!.event).toMatchObject({ output: PATH_CHANGED });
      expect(news.state.machine.context.failures).toBe(0);
    });

    it('hidden, the list stops polling; shown again, it polls at once', () => {
      const paused = pathTaking('offersList.list.ready.waiting —offers.pause→ offersList.list.ready.paused');
      expect(paused.state.machine.context.hidden).toBe(true);
      const resumed = pathTaking('offersList.list.ready.paused —offers.resume→ offersList.list.ready.polling');
      expect(resumed.state.machine.context.hidden).toBe(false);
    });

    it('delete asks first; cancelling deletes nothing', () => {
      const asked = pathTaking('offersList.mutation.idle —offers.askDelete→ offersList.mutation.confirmingDelete');
      expect(asked.state.machine.context.deleting).toMatchObject({ index: 1, offer: { id: 2 } });
      const { state, steps } = pathTaking('offersList.mutation.confirmingDelete —offers.cancelDelete→ offersList.mutation.idle');
      expect(state.machine.context.deleting).toBeNull();
      expect(steps.map((step) => step.state.machine.value)).not.toContainEqual(expect.objectContaining({ mutation: 'deleting' }));
    });

    it('a refused delete or status change ends it (the journal puts the offer back)', () => {
      const deleted = pathTaking('offersList.mutation.deleting —xstate.error.actor.deleteOffer→ offersList.mutation.idle');
      expect(deleted.steps.at(-2)!.state.machine.hasTag('mutating')).toBe(true);
      expect(deleted.state.machine.context.deleting).toBeNull();
      const status = pathTaking('offersList.mutation.changingStatus —xstate.error.actor.setStatus→ offersList.mutation.idle');
      expect(status.steps.at(-2)!.state.machine.context.changing).toMatchObject({ status: 0, previous: 1 });
      expect(status.state.machine.context.changing).toBeNull();
    });
  });
});
