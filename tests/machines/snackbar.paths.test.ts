import { describe, expect, it } from 'vitest';
import { selectCurrentMessage, snackbarMachine } from '../../src/machines/snackbar/machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';
import { PATH_MESSAGES_PER_PATH, snackbarPathModel } from '../../src/machines/snackbar/paths';

const paths = generatePaths(snackbarPathModel);

const pathTaking = (label: string) => firstPathTaking(snackbarMachine, paths, label);

describe('snackbar machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(snackbarPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(snackbarPathModel, path));
    const report = coverage(snackbarMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(4);
    expect(report.transitions.total).toBe(6);
    expect(report.complete).toBe(true);
  });

  it('show at most two messages a path (the graph stays finite)', () => {
    for (const path of paths) {
      expect(path.steps.filter((step) => step.event.type === 'snackbar.show').length).toBeLessThanOrEqual(PATH_MESSAGES_PER_PATH);
    }
  });

  describe('include the operator-facing branches by name', () => {
    it('a message alone is shown, as an error by default, until its auto-hide', () => {
      const shown = pathTaking('snackbar.idle —(always) [hasQueued]→ snackbar.showing');
      expect(selectCurrentMessage(shown.state.machine)).toMatchObject({ id: 1, severity: 'error', autoHideMs: 6000 });
      const hidden = pathTaking('snackbar.showing.current —xstate.after.autoHide.snackbar.showing.current→ snackbar.idle');
      expect(hidden.state.machine.value).toBe('idle');
      expect(selectCurrentMessage(hidden.state.machine)).toBeUndefined();
    });

    it('news behind a message supersedes it; it gives way, and the news is shown next', () => {
      const superseded = pathTaking('snackbar.showing.current —(always) [hasNext]→ snackbar.showing.superseded');
      expect(superseded.state.machine.context.queue).toHaveLength(2);
      const next = pathTaking('snackbar.showing.superseded —xstate.after.superseded.snackbar.showing.superseded→ snackbar.idle');
      // The dequeue lands in idle, whose guard shows the next message in the same step.
      expect(next.state.machine.value).toEqual({ showing: 'current' });
      expect(selectCurrentMessage(next.state.machine)).toMatchObject({ id: 2 });
    });

    it('the close button closes the message on screen', () => {
      const { state, steps } = pathTaking('snackbar.showing —snackbar.close→ snackbar.idle');
      expect(steps.at(-2)!.state.machine.context.queue.length - state.machine.context.queue.length).toBe(1);
    });
  });
});
