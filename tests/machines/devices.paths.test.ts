import { describe, expect, it } from 'vitest';
import { devicesMachine, maskApiKey, selectQrKey, selectShownKey } from '../../src/machines/settings/devices.machine';
import { devicesPathModel, PATH_KEY, PATH_LOADED, PATH_NEW_KEY, PATH_PHONE, PATH_TABLET } from '../../src/machines/settings/devices.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(devicesPathModel);

const pathTaking = (label: string) => firstPathTaking(devicesMachine, paths, label);

describe('devices machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(devicesPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(devicesPathModel, path));
    const report = coverage(devicesMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(13);
    expect(report.transitions.total).toBe(21);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('the loaded key shows masked, without a QR code, until Reveal', () => {
      const { state } = pathTaking('devices.loading —xstate.done.actor.load→ devices.ready');
      expect(state.machine.context).toMatchObject({ devicesAllowed: 3, devices: PATH_LOADED.devices, apiKey: PATH_KEY, revealed: false });
      expect(selectShownKey(state.machine)).toBe(maskApiKey(PATH_KEY));
      expect(selectQrKey(state.machine)).toBeNull();
      const revealed = pathTaking('devices.ready —apiKey.reveal→ (no target)');
      expect(selectShownKey(revealed.state.machine)).toBe(revealed.state.machine.context.apiKey);
      expect(selectQrKey(revealed.state.machine)).toBe(revealed.state.machine.context.apiKey);
    });

    it('a failed load leaves nothing to show; Retry loads again', () => {
      const failed = pathTaking('devices.loading —xstate.error.actor.load→ devices.loadFailed');
      expect(failed.state.machine.context.apiKey).toBeNull();
      const retried = pathTaking('devices.loadFailed —devices.retry→ devices.loading');
      expect(retried.state.machine.hasTag('busy')).toBe(true);
    });

    it('a renewal asks first; the new key shows revealed; a failure keeps the old key', () => {
      expect(pathTaking('devices.ready.work.idle —apiKey.renew→ devices.ready.work.confirmingRenew').state.machine.context.apiKey).toBe(PATH_KEY);
      const renewed = pathTaking('devices.ready.work.renewing —xstate.done.actor.renewKey→ devices.ready.work.idle');
      expect(renewed.state.machine.context).toMatchObject({ apiKey: PATH_NEW_KEY, revealed: true });
      const failed = pathTaking('devices.ready.work.renewing —xstate.error.actor.renewKey→ devices.ready.work.idle');
      expect(failed.state.machine.context.apiKey).toBe(failed.steps.at(-2)!.state.machine.context.apiKey);
    });

    it('Unregister names the device while it asks, and the devices are the server’s answer after', () => {
      const asked = pathTaking('devices.ready.work.idle —device.unregister [isRegistered]→ devices.ready.work.confirmingUnregister');
      expect(asked.state.machine.context.pendingDevice).toEqual(PATH_TABLET);
      const done = pathTaking('devices.ready.work.unregistering —xstate.done.actor.unregister→ devices.ready.work.idle');
      expect(done.state.machine.context).toMatchObject({ devices: [PATH_PHONE], pendingDevice: null });
      const failed = pathTaking('devices.ready.work.unregistering —xstate.error.actor.unregister→ devices.ready.work.idle');
      expect(failed.state.machine.context).toMatchObject({ devices: PATH_LOADED.devices, pendingDevice: null });
    });

    it('an allowance is sent as typed; the figure on record changes only with the server’s answer', () => {
      const sending = pathTaking('devices.ready.work.idle —devices.saveAllowance [allowanceAcceptable]→ devices.ready.work.savingAllowance');
      expect(sending.state.machine.context).toMatchObject({ requestedAllowance: 4, devicesAllowed: 3 });
      expect(pathTaking('devices.ready.work.savingAllowance —xstate.done.actor.saveAllowance→ devices.ready.work.idle').state.machine.context.devicesAllowed).toBe(4);
      expect(pathTaking('devices.ready.work.savingAllowance —xstate.error.actor.saveAllowance→ devices.ready.work.idle').state.machine.context.devicesAllowed).toBe(3);
    });

    it('copying runs beside any change and leaves the context as it was', () => {
      for (const label of [
        'devices.ready.clipboard.copying —xstate.done.actor.copyKey→ devices.ready.clipboard.idle',
        'devices.ready.clipboard.copying —xstate.error.actor.copyKey→ devices.ready.clipboard.idle',
      ]) {
        const { state, steps } = pathTaking(label);
        expect(state.machine.context).toEqual(steps.at(-2)!.state.machine.context);
      }
    });
  });
});
