import type { DeliveryDetail } from '../../src/api/logistics';
import { describe, expect, it } from 'vitest';
import { deliveryPageMachine } from '../../src/machines/deliveries/page.machine';
import { deliveryPagePathModel } from '../../src/machines/deliveries/page.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(deliveryPagePathModel);

const pathTaking = (label: string) => firstPathTaking(deliveryPagePathModel.machine, paths, label);

describe('delivery page machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(deliveryPagePathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(deliveryPagePathModel, path));
    const report = coverage(deliveryPageMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(3);
    expect(report.transitions.total).toBe(3);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(2);
  });

  it('a failed load offers Retry, which loads again', () => {
    const failed = pathTaking('deliveryPage.loading —xstate.error.actor.loadDelivery→ deliveryPage.failed');
    expect(failed.state.machine.context.delivery).toBeNull();
    const loaded = pathTaking('deliveryPage.loading —xstate.done.actor.loadDelivery→ deliveryPage.ready');
    expect((loaded.state.machine.context as { delivery: DeliveryDetail | null }).delivery?.places.map((p) => p.kind)).toEqual(['store', 'pickup', 'recipient']);
  });
});
