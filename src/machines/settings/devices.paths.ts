import { ApiError } from '../../api/errors';
import { devicesMachine, type Device, type DevicesData } from './devices.machine';
import { MONDAY_9AM } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the Settings → Devices graph is explored with, for store 3 with two registered
 * devices and three allowed:
 * - the operator: Reveal, Hide, Copy; Renew with its confirmation and Cancel; Unregister of the
 *   tablet with its confirmation and Cancel; saving an allowance of 4; Retry after a failed load;
 * - every effect's outcome: the load (devices and key) and a failure, the allowance saved and
 *   refused, the tablet unregistered and refused, a new key and a failed renewal, the clipboard
 *   written and refused.
 * Every payload is fixed, so the context, and with it the graph, stays finite.
 */

/** A device registered `id` weeks before the path clock. */
export function device(id: number, name: string, model = 'Android 14'): Required<Device> {
  return { id, name, model, registered_at: MONDAY_9AM - id * 7 * 86_400_000 };
}

/** Fake keys, shaped like the mock backend's. */
export const PATH_KEY = 'sk_mock_0f1e2d3c4b5a69788796a5b4c3d2e1f0';
export const PATH_NEW_KEY = 'sk_mock_a1b2c3d4e5f60718293a4b5c6d7e8f90';

export const PATH_PHONE = device(1, 'Counter phone');
export const PATH_TABLET = device(2, 'Kitchen tablet', 'iPadOS 18');

export const PATH_LOADED: DevicesData = { devicesAllowed: 3, devices: [PATH_PHONE, PATH_TABLET], apiKey: PATH_KEY };

const failure = (operation: string) => new ApiError({ kind: 'http', status: 500, operation, message: `${operation} failed with HTTP 500` });

export const devicesPathEvents = [
  { type: 'devices.retry' },
  { type: 'apiKey.reveal' },
  { type: 'apiKey.hide' },
  { type: 'apiKey.copy' },
  { type: 'apiKey.renew' },
  { type: 'apiKey.confirmRenew' },
  { type: 'apiKey.cancelRenew' },
  { type: 'device.unregister', id: PATH_TABLET.id },
  { type: 'device.confirmUnregister' },
  { type: 'device.cancelUnregister' },
  { type: 'devices.saveAllowance', devicesAllowed: 4 },
  { type: 'xstate.done.actor.load', output: PATH_LOADED },
  { type: 'xstate.error.actor.load', error: failure('GET /stores/profile/{id}') },
  { type: 'xstate.done.actor.saveAllowance', output: { devicesAllowed: 4, devices: [PATH_PHONE, PATH_TABLET] } },
  { type: 'xstate.error.actor.saveAllowance', error: failure('POST /stores/profile/devices') },
  { type: 'xstate.done.actor.unregister', output: { devicesAllowed: 3, devices: [PATH_PHONE] } },
  { type: 'xstate.error.actor.unregister', error: failure('POST /stores/profile/devices') },
  { type: 'xstate.done.actor.renewKey', output: PATH_NEW_KEY },
  { type: 'xstate.error.actor.renewKey', error: failure('POST /stores/profile/devices/apikey') },
  { type: 'xstate.done.actor.copyKey', output: undefined },
  { type: 'xstate.error.actor.copyKey', error: new DOMException('Write permission denied.', 'NotAllowedError') },
] satisfies readonly PathEvent<typeof devicesMachine>[];

export const devicesPathModel: PathModel<typeof devicesMachine> = {
  machine: devicesMachine,
  input: { storeId: 3 },
  events: devicesPathEvents,
};
