import { describe, expect, it } from 'vitest';
import { uploadMachine } from '../../src/machines/upload/machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths } from '../../src/machines/path-model/model';
import { uploadPathModel } from '../../src/machines/upload/paths';

const paths = generatePaths(uploadPathModel);

describe('upload machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(uploadPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(uploadPathModel, path));
    const report = coverage(uploadMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(11);
    expect(report.transitions.total).toBe(18);
    expect(report.complete).toBe(true);
  });

  it('include the operator-facing branches by name: refusals, "Canvas is empty", retry and the bar hiding', () => {
    const labels = allTransitions(uploadMachine).map((t) => t.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'upload —upload.filesChosen [isNotOneFile]→ upload.rejected',
        'upload —upload.filesChosen [isUnsupportedType]→ upload.rejected',
        'upload.reading —xstate.done.actor.readImage [isTooSmall]→ upload.rejected',
        'upload.loaded.encoding —xstate.error.actor.cropToJpeg→ upload.loaded.cropping',
        'upload.loaded.failed —upload.retry→ upload.loaded.uploading',
        'upload.loaded.succeeded.showingProgress —xstate.after.progressLinger.upload.loaded.succeeded.showingProgress→ upload.loaded.succeeded.settled',
      ]),
    );
  });
});
