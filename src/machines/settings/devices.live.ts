import { fromPromise } from 'xstate';
import { isApiError } from '../../api/errors';
import { postDevices, renewApiKey } from '../../api/settings';
import { getStoreProfile } from '../../api/stores';
import { devicesMachine, type DevicesData } from './devices.machine';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';
import { refusalOr } from '../shared/load-failure';
import type { SnackbarRequest } from '../snackbar/machine';

export interface DevicesDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
  /** Puts text on the clipboard (navigator.clipboard.writeText in the browser). */
  copyText: (text: string) => Promise<void>;
}

// Errors are logged by kind, status and operation only: no response body, so never a key.
const describe = (error: unknown) => (isApiError(error) ? error.toJSON() : error instanceof Error ? error.name : 'unknown error');

/**
 * Settings → Devices with its real calls. It lives beside the machine, not in live.ts, so the
 * settings API module is pulled in only by the lazily loaded tab.
 */
export function liveDevicesMachine({ journal, notify, copyText }: DevicesDeps) {
  return devicesMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: { storeId: number } }): Promise<DevicesData> => {
        const [devices, profile] = await Promise.all([postDevices({}), getStoreProfile(input.storeId)]);
        // Only the key is kept from the profile: the rest is the shell's (store projection).
        return { ...devices, apiKey: profile.apiKey ?? null };
      }),
      saveAllowance: fromPromise(({ input }: { input: { devicesAllowed: number } }) => postDevices({ devicesAllowed: input.devicesAllowed })),
      unregister: fromPromise(({ input }: { input: { id: number } }) => postDevices({ remove: [input.id] })),
      renewKey: fromPromise(() => renewApiKey()),
      copyKey: fromPromise(({ input }: { input: { apiKey: string } }) => copyText(input.apiKey)),
    },
    actions: {
      recordDevicesChanged: (_, { storeId, devicesAllowed, devices }) => journal.append({ type: 'store.devicesChanged', at: now(), storeId, devicesAllowed, devices }),
      recordKeyRenewed: (_, { storeId }) => journal.append({ type: 'store.apiKeyRenewed', at: now(), storeId }),
      notifyAllowanceSaved: () => notify({ key: 'common.successfullySaved', severity: 'success' }),
      notifyAllowanceFailed: (_, { error }) => notify({ key: refusalOr(error, 'settings.devices.saveFailed'), severity: 'error' }),
      notifyUnregistered: (_, { name }) => notify({ key: 'settings.devices.unregistered', params: { name }, severity: 'success' }),
      notifyUnregisterFailed: (_, { error }) => notify({ key: refusalOr(error, 'settings.devices.unregisterFailed'), severity: 'error' }),
      notifyRenewed: () => notify({ key: 'settings.devices.renewed', severity: 'success' }),
      notifyRenewFailed: (_, { error }) => notify({ key: refusalOr(error, 'settings.devices.renewFailed'), severity: 'error' }),
      notifyCopied: () => notify({ key: 'settings.devices.copied', severity: 'success' }),
      notifyCopyFailed: () => notify({ key: 'settings.devices.copyFailed', severity: 'error' }),
      logFailure: (_, { error }) => console.info('Devices call failed', describe(error)),
    },
  });
}
