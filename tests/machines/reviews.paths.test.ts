import { describe, expect, it } from 'vitest';
import { reviewsMachine } from '../../src/machines/reviews/machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { PATH_REVIEWS, reviewsPathModel } from '../../src/machines/reviews/paths';

const paths = generatePaths(reviewsPathModel);

const pathTaking = (label: string) => firstPathTaking(reviewsMachine, paths, label);

describe('reviews machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(reviewsPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(reviewsPathModel, path));
    const report = coverage(reviewsMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(3);
    expect(report.transitions.total).toBe(4);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('the page the URL names loads, replacing any page still loading', () => {
      const { state } = pathTaking('reviews —reviews.showPage→ reviews.loading');
      expect(state.machine.context.page).toBe(1);
      expect(state.machine.hasTag('loading')).toBe(true);
    });

    it('a loaded page is shown; a failed one offers Retry', () => {
      const loaded = pathTaking('reviews.loading —xstate.done.actor.loadPage→ reviews.loaded');
      expect(loaded.state.machine.context.list).toEqual(PATH_REVIEWS);
      pathTaking('reviews.loading —xstate.error.actor.loadPage→ reviews.failed');
      const retried = pathTaking('reviews.failed —reviews.retry→ reviews.loading');
      expect(retried.state.machine.hasTag('loading')).toBe(true);
    });
  });
});
