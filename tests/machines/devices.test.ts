import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJournal } from '../../src/machines/journal/journal';
import { createActor, fromPromise, type Actor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { Devices } from '../../src/api/settings';
import { liveDevicesMachine } from '../../src/machines/settings/devices.live';
import {
  allowanceProblem,
  devicesMachine,
  maskApiKey,
  MAX_DEVICES_ALLOWED,
  selectConfirmingRenew,
  selectConfirmingUnregister,
  selectCopying,
  selectDevices,
  selectDevicesAllowed,
  selectDevicesLoadFailed,
  selectDevicesLoading,
  selectKeyRevealed,
  selectQrKey,
  selectRenewing,
  selectSavingAllowance,
  selectShownKey,
  selectUnregisteringId,
  selectWorkIdle,
  type DevicesData,
} from '../../src/machines/settings/devices.machine';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { device, PATH_KEY, PATH_NEW_KEY } from '../../src/machines/settings/devices.paths';

/**
 * The devices machine with fake calls the test settles by hand, and the live actions
 * (settings/devices.live.ts) with the snackbar, the clipboard and the log observed: what the operator is
 * told, what is sent, and that the key goes nowhere but the machine's context and the clipboard.
 */

interface Call<I, O> {
  input: I;
  reply: Deferred<O>;
}

const started: Array<Actor<typeof devicesMachine>> = [];
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
  vi.restoreAllMocks();
});

const PHONE = device(1, 'Counter phone');
const TABLET = device(2, 'Kitchen tablet');
const LOADED: DevicesData = { devicesAllowed: 3, devices: [PHONE, TABLET], apiKey: PATH_KEY };

function harness() {
  const calls = {
    load: [] as Array<Call<{ storeId: number }, DevicesData>>,
    allowance: [] as Array<Call<{ devicesAllowed: number }, Devices>>,
    unregister: [] as Array<Call<{ id: number }, Devices>>,
    renew: [] as Array<Call<void, string>>,
    copied: [] as Array<Call<string, void>>,
  };
  const notices: SnackbarRequest[] = [];
  const logged: unknown[][] = [];
  vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => void logged.push(args));
  const fake =
    <I, O>(list: Array<Call<I, O>>) =>
    ({ input }: { input: I }) => {
      const reply = deferred<O>();
      list.push({ input, reply });
      return reply.promise;
    };
  const journal = createJournal();
  const machine = liveDevicesMachine({
    journal,
    notify: (message) => notices.push(message),
    copyText: (text) => fake(calls.copied)({ input: text }),
  }).provide({
    actors: {
      load: fromPromise(fake(calls.load)),
      saveAllowance: fromPromise(fake(calls.allowance)),
      unregister: fromPromise(fake(calls.unregister)),
      renewKey: fromPromise(fake(calls.renew)),
    },
  });
  const actor = createActor(machine, { input: { storeId: 3 } }).start();
  started.push(actor as unknown as Actor<typeof devicesMachine>);
  return { actor, calls, notices, logged, journal, snapshot: () => actor.getSnapshot() };
}

async function loaded() {
  const h = harness();
  h.calls.load[0].reply.resolve(LOADED);
  await settle();
  return h;
}

describe('devices machine: loading', () => {
  it('loads the devices and the key of the store, then shows the key masked', async () => {
    const { calls, snapshot } = harness();
    expect(selectDevicesLoading(snapshot())).toBe(true);
    expect(calls.load.map((c) => c.input)).toEqual([{ storeId: 3 }]);
    calls.load[0].reply.resolve(LOADED);
    await settle();
    expect(selectDevicesAllowed(snapshot())).toBe(3);
    expect(selectDevices(snapshot())).toEqual([PHONE, TABLET]);
    expect(selectShownKey(snapshot())).toBe(`••••${PATH_KEY.slice(-4)}`);
    expect(selectKeyRevealed(snapshot())).toBe(false);
    expect(selectQrKey(snapshot())).toBeNull();
  });

  it('a failed load is logged without a message of its own (the tab says it) and Retry loads again', async () => {
    const { calls, snapshot, notices, logged, actor } = harness();
    calls.load[0].reply.reject(new ApiError({ kind: 'http', status: 500, operation: 'GET /stores/profile/{id}', message: 'boom' }));
    await settle();
    expect(selectDevicesLoadFailed(snapshot())).toBe(true);
    expect(notices).toEqual([]);
    expect(logged).toEqual([['Devices call failed', { kind: 'http', status: 500, operation: 'GET /stores/profile/{id}', message: 'boom' }]]);
    actor.send({ type: 'devices.retry' });
    expect(selectDevicesLoading(snapshot())).toBe(true);
    expect(calls.load).toHaveLength(2);
  });
});

describe('devices machine: the API key', () => {
  it('Reveal shows the key and its QR code; Hide masks both again', async () => {
    const { actor, snapshot } = await loaded();
    actor.send({ type: 'apiKey.reveal' });
    expect(selectShownKey(snapshot())).toBe(PATH_KEY);
    expect(selectQrKey(snapshot())).toBe(PATH_KEY);
    actor.send({ type: 'apiKey.hide' });
    expect(selectShownKey(snapshot())).toBe(maskApiKey(PATH_KEY));
    expect(selectQrKey(snapshot())).toBeNull();
  });

  it('Copy puts the whole key on the clipboard, masked or not, and says so', async () => {
    const { actor, calls, notices, snapshot } = await loaded();
    actor.send({ type: 'apiKey.copy' });
    expect(selectCopying(snapshot())).toBe(true);
    expect(calls.copied.map((c) => c.input)).toEqual([PATH_KEY]);
    calls.copied[0].reply.resolve();
    await settle();
    expect(selectCopying(snapshot())).toBe(false);
    expect(notices).toEqual([{ key: 'settings.devices.copied', severity: 'success' }]);
  });

  it('a refused copy says so and logs only the error’s name', async () => {
    const { actor, calls, notices, logged } = await loaded();
    actor.send({ type: 'apiKey.copy' });
    calls.copied[0].reply.reject(new DOMException(`Write of ${PATH_KEY} refused`, 'NotAllowedError'));
    await settle();
    expect(notices).toEqual([{ key: 'settings.devices.copyFailed', severity: 'error' }]);
    expect(logged).toEqual([['Devices call failed', 'NotAllowedError']]);
  });

  it('Renew asks first; Cancel renews nothing', async () => {
    const { actor, calls, snapshot } = await loaded();
    actor.send({ type: 'apiKey.renew' });
    expect(selectConfirmingRenew(snapshot())).toBe(true);
    actor.send({ type: 'apiKey.cancelRenew' });
    expect(selectWorkIdle(snapshot())).toBe(true);
    expect(calls.renew).toHaveLength(0);
  });

  it('a confirmed renewal shows the new key, revealed with its QR code: "QR Regenerated successfully"', async () => {
    const { actor, calls, notices, journal, snapshot } = await loaded();
    actor.send({ type: 'apiKey.renew' });
    actor.send({ type: 'apiKey.confirmRenew' });
    expect(selectRenewing(snapshot())).toBe(true);
    expect(calls.renew).toHaveLength(1);
    calls.renew[0].reply.resolve(PATH_NEW_KEY);
    await settle();
    expect(selectShownKey(snapshot())).toBe(PATH_NEW_KEY);
    expect(selectQrKey(snapshot())).toBe(PATH_NEW_KEY);
    expect(notices).toEqual([{ key: 'settings.devices.renewed', severity: 'success' }]);
    // The journal records that the key changed, and nothing of the key.
    expect(journal.events().map((e) => e.type)).toEqual(['store.apiKeyRenewed']);
    expect(JSON.stringify(journal.events())).not.toContain(PATH_NEW_KEY.slice(-8));
  });

  it('a failed renewal keeps the old key as it was shown: "Error ReNew ApiKey"', async () => {
    const { actor, calls, notices, snapshot } = await loaded();
    actor.send({ type: 'apiKey.renew' });
    actor.send({ type: 'apiKey.confirmRenew' });
    calls.renew[0].reply.reject(new ApiError({ kind: 'timeout', operation: 'POST /stores/profile/devices/apikey', message: 'slow' }));
    await settle();
    expect(snapshot().context.apiKey).toBe(PATH_KEY);
    expect(selectShownKey(snapshot())).toBe(maskApiKey(PATH_KEY));
    expect(selectWorkIdle(snapshot())).toBe(true);
    expect(notices).toEqual([{ key: 'settings.devices.renewFailed', severity: 'error' }]);
  });

  it('never hands the key to the snackbar, the log or the journal, whatever happens', async () => {
    const { actor, calls, notices, logged, journal } = await loaded();
    actor.send({ type: 'apiKey.reveal' });
    actor.send({ type: 'apiKey.copy' });
    calls.copied[0].reply.reject(new Error(PATH_KEY));
    actor.send({ type: 'apiKey.renew' });
    actor.send({ type: 'apiKey.confirmRenew' });
    calls.renew[0].reply.resolve(PATH_NEW_KEY);
    await settle();
    actor.send({ type: 'apiKey.renew' });
    actor.send({ type: 'apiKey.confirmRenew' });
    calls.renew[1].reply.reject(new Error(PATH_NEW_KEY));
    await settle();
    const said = JSON.stringify({ notices, logged, journal: journal.events() });
    expect(said).not.toContain(PATH_KEY);
    expect(said).not.toContain(PATH_NEW_KEY);
    expect(said).not.toContain(PATH_KEY.slice(8));
  });
});

describe('devices machine: devices and the allowance', () => {
  it('Unregister asks first naming the device; confirmed, it sends the id and shows the devices the server answers', async () => {
    const { actor, calls, notices, journal, snapshot } = await loaded();
    actor.send({ type: 'device.unregister', id: TABLET.id });
    expect(selectConfirmingUnregister(snapshot())).toEqual(TABLET);
    actor.send({ type: 'device.confirmUnregister' });
    expect(selectUnregisteringId(snapshot())).toBe(TABLET.id);
    expect(calls.unregister.map((c) => c.input)).toEqual([{ id: TABLET.id }]);
    calls.unregister[0].reply.resolve({ devicesAllowed: 3, devices: [PHONE] });
    await settle();
    expect(selectDevices(snapshot())).toEqual([PHONE]);
    expect(selectUnregisteringId(snapshot())).toBeNull();
    expect(notices).toEqual([{ key: 'settings.devices.unregistered', params: { name: TABLET.name }, severity: 'success' }]);
    expect(journal.events()).toMatchObject([{ type: 'store.devicesChanged', devicesAllowed: 3, devices: [PHONE] }]);
  });

  it('Cancel unregisters nothing; an unknown id opens no confirmation', async () => {
    const { actor, calls, snapshot } = await loaded();
    actor.send({ type: 'device.unregister', id: PHONE.id });
    actor.send({ type: 'device.cancelUnregister' });
    expect(selectConfirmingUnregister(snapshot())).toBeNull();
    actor.send({ type: 'device.unregister', id: 999 });
    expect(selectWorkIdle(snapshot())).toBe(true);
    expect(calls.unregister).toHaveLength(0);
  });

  it('a refused unregister keeps the devices: "Error on delete"', async () => {
    const { actor, calls, notices, snapshot } = await loaded();
    actor.send({ type: 'device.unregister', id: PHONE.id });
    actor.send({ type: 'device.confirmUnregister' });
    calls.unregister[0].reply.reject(new ApiError({ kind: 'http', status: 500, operation: 'POST /stores/profile/devices', message: 'boom' }));
    await settle();
    expect(selectDevices(snapshot())).toEqual([PHONE, TABLET]);
    expect(notices).toEqual([{ key: 'settings.devices.unregisterFailed', severity: 'error' }]);
  });

  it('saves an allowance and shows what the server holds: "Successfully saved"', async () => {
    const { actor, calls, notices, journal, snapshot } = await loaded();
    actor.send({ type: 'devices.saveAllowance', devicesAllowed: 5 });
    expect(selectSavingAllowance(snapshot())).toBe(true);
    expect(calls.allowance.map((c) => c.input)).toEqual([{ devicesAllowed: 5 }]);
    calls.allowance[0].reply.resolve({ devicesAllowed: 5, devices: [PHONE, TABLET] });
    await settle();
    expect(selectDevicesAllowed(snapshot())).toBe(5);
    expect(notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);
    expect(journal.events()).toMatchObject([{ type: 'store.devicesChanged', storeId: 3, devicesAllowed: 5, devices: [PHONE, TABLET] }]);
  });

  it('a failed save keeps the allowance on record: "Error on store data save"', async () => {
    const { actor, calls, notices, snapshot } = await loaded();
    actor.send({ type: 'devices.saveAllowance', devicesAllowed: 4 });
    calls.allowance[0].reply.reject(new ApiError({ kind: 'network', operation: 'POST /stores/profile/devices', message: 'offline' }));
    await settle();
    expect(selectDevicesAllowed(snapshot())).toBe(3);
    expect(notices).toEqual([{ key: 'settings.devices.saveFailed', severity: 'error' }]);
  });

  it('never sends an allowance below the registered devices, above the limit, or not whole', async () => {
    const { actor, calls, snapshot } = await loaded();
    for (const devicesAllowed of [1, -1, 2.5, Number.NaN, MAX_DEVICES_ALLOWED + 1]) actor.send({ type: 'devices.saveAllowance', devicesAllowed });
    expect(calls.allowance).toHaveLength(0);
    expect(selectWorkIdle(snapshot())).toBe(true);
    expect(allowanceProblem(1, 2)).toEqual({ kind: 'belowRegistered', registered: 2 });
    expect(allowanceProblem(2.5, 0)).toEqual({ kind: 'notWhole' });
    expect(allowanceProblem(-1, 0)).toEqual({ kind: 'notWhole' });
    expect(allowanceProblem(MAX_DEVICES_ALLOWED + 1, 0)).toEqual({ kind: 'tooMany', max: 100 });
    expect(allowanceProblem(2, 2)).toBeNull();
    expect(allowanceProblem(0, 0)).toBeNull();
  });

  it('one change at a time: while one is confirmed or sent, the others wait', async () => {
    const { actor, calls, snapshot } = await loaded();
    actor.send({ type: 'apiKey.renew' });
    actor.send({ type: 'device.unregister', id: PHONE.id });
    actor.send({ type: 'devices.saveAllowance', devicesAllowed: 5 });
    expect(selectConfirmingRenew(snapshot())).toBe(true);
    actor.send({ type: 'apiKey.confirmRenew' });
    actor.send({ type: 'apiKey.renew' });
    expect(calls.renew).toHaveLength(1);
    expect(calls.allowance).toHaveLength(0);
    // Reveal, hide and copy are no changes: they work meanwhile.
    actor.send({ type: 'apiKey.reveal' });
    expect(selectShownKey(snapshot())).toBe(PATH_KEY);
  });
});

describe('maskApiKey', () => {
  it('shows four dots and the last four characters only', () => {
    expect(maskApiKey('sk_mock_0123456789abcdef')).toBe('••••cdef');
    expect(maskApiKey(PATH_KEY)).not.toContain(PATH_KEY.slice(0, -4));
  });
});
