import { assign, setup, type SnapshotFrom } from 'xstate';
import { DevicesInputSchema, type Devices } from '../../api/settings';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * Settings → Devices: how many devices may register, the registered ones (each can be
 * unregistered, after a confirmation), and the store's API key that devices pair with — shown
 * masked until the operator reveals it, with Copy, as a QR code to scan, and renewable (after a
 * confirmation: the old key stops working at once).
 *
 *   loading ─→ ready ─┬ work: idle ⇄ savingAllowance
 *      ↓   ↖ retry     │       idle → confirmingUnregister → unregistering → idle
 *   loadFailed         │       idle → confirmingRenew → renewing → idle
 *                      └ clipboard: idle ⇄ copying
 *
 * The API key is a device credential. It lives in this machine's context only, for as long as
 * the tab is open: no journal event (store.apiKeyRenewed says only that it changed), projection,
 * log line, analytics call or URL carries it
 * (an exported journal travels with bug reports). The selectors hand the screen the masked key
 * unless it is revealed. Devices are this tab's alone, so they stay in context too.
 */

export type Device = Devices['devices'][number];

/** What the tab loads: the devices (POST /stores/profile/devices {}) and the key (GET /stores/profile/{id}). */
export interface DevicesData extends Devices {
  /** null: the platform did not send it (a role that may not read it; the key card then stays hidden). */
  apiKey: string | null;
}

export interface DevicesContext extends LoadFailureContext {
  storeId: number;
  devicesAllowed: number;
  devices: Device[];
  apiKey: string | null;
  /** The key shows in full (and as a QR code) only while this holds. */
  revealed: boolean;
  /** The device whose Unregister awaits the operator's confirmation (or is being sent). */
  /** The device being unregistered: only a device with an id can be (the platform may leave ids out). */
  pendingDevice: (Device & { id: number }) | null;
  /** The allowance being sent. */
  requestedAllowance: number | null;
}

export type DevicesEvent =
  | { type: 'devices.retry' }
  | { type: 'devices.saveAllowance'; devicesAllowed: number }
  | { type: 'device.unregister'; id: number }
  | { type: 'device.confirmUnregister' }
  | { type: 'device.cancelUnregister' }
  | { type: 'apiKey.reveal' }
  | { type: 'apiKey.hide' }
  | { type: 'apiKey.copy' }
  | { type: 'apiKey.renew' }
  | { type: 'apiKey.confirmRenew' }
  | { type: 'apiKey.cancelRenew' };

/** The most devices a store may allow (the API's limit). */
export const MAX_DEVICES_ALLOWED = DevicesInputSchema.shape.devicesAllowed.unwrap().maxValue ?? 100;

export type AllowanceProblem = { kind: 'notWhole' } | { kind: 'belowRegistered'; registered: number } | { kind: 'tooMany'; max: number };

/**
 * Why an allowance cannot be sent: not a whole number from 0, above the API's limit, or below
 * the devices registered now (the server refuses that too: unregister some first).
 */
export function allowanceProblem(devicesAllowed: number, registered: number): AllowanceProblem | null {
  if (!Number.isInteger(devicesAllowed) || devicesAllowed < 0) return { kind: 'notWhole' };
  if (devicesAllowed > MAX_DEVICES_ALLOWED) return { kind: 'tooMany', max: MAX_DEVICES_ALLOWED };
  if (devicesAllowed < registered) return { kind: 'belowRegistered', registered };
  return null;
}

const withDevices = ({ devicesAllowed, devices }: Devices) => ({ devicesAllowed, devices });
const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const devicesMachine = setup({
  types: {
    input: {} as { storeId: number },
    context: {} as DevicesContext,
    events: {} as DevicesEvent,
  },
  actors: {
    load: promiseNotProvided<DevicesData, { storeId: number }>('load'),
    saveAllowance: promiseNotProvided<Devices, { devicesAllowed: number }>('saveAllowance'),
    unregister: promiseNotProvided<Devices, { id: number }>('unregister'),
    renewKey: promiseNotProvided<string, void>('renewKey'),
    copyKey: promiseNotProvided<void, { apiKey: string }>('copyKey'),
  },
  guards: {
    allowanceAcceptable: ({ context }, { devicesAllowed }: { devicesAllowed: number }) => allowanceProblem(devicesAllowed, context.devices.length) === null,
    isRegistered: ({ context }, { id }: { id: number }) => context.devices.some((device) => device.id === id),
  },
  actions: {
    // Injected: the snackbar and the log. None of them receives the key.
    notifyAllowanceSaved: () => {},
    notifyAllowanceFailed: (_, _params: { error: unknown }) => {},
    notifyUnregistered: (_, _params: { name: string }) => {},
    notifyUnregisterFailed: (_, _params: { error: unknown }) => {},
    /** "QR Regenerated successfully" */
    notifyRenewed: () => {},
    /** "Error ReNew ApiKey" */
    notifyRenewFailed: (_, _params: { error: unknown }) => {},
    notifyCopied: () => {},
    notifyCopyFailed: () => {},
    /** Appends store.devicesChanged (the allowance and devices as the server answered). */
    recordDevicesChanged: (_, _params: { storeId: number } & Devices) => {},
    /** Appends store.apiKeyRenewed: that it happened, never the key. */
    recordKeyRenewed: (_, _params: { storeId: number }) => {},
    /** Spec section 8: a load that fails is only logged (the tab shows the message and Retry). */
    logFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'devices',
  context: ({ input }) => ({
    storeId: input.storeId,
    devicesAllowed: 0,
    devices: [],
    apiKey: null,
    revealed: false,
    pendingDevice: null,
    requestedAllowance: null,
    loadFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ storeId: context.storeId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ ...withDevices(event.output), apiKey: event.output.apiKey })),
        },
        onError: { target: 'loadFailed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logFailure', params: failure }] },
      },
    },
    loadFailed: {
      description: '"We have problems, please retry in a moment" with Retry.',
      on: { 'devices.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'apiKey.reveal': { actions: assign({ revealed: true }) },
        'apiKey.hide': { actions: assign({ revealed: false }) },
      },
      states: {
        work: {
          description: 'One change at a time: the buttons wait while one is confirmed or sent.',
          initial: 'idle',
          states: {
            idle: {
              on: {
                // The tab says what is wrong with a refused number; the machine never sends one.
                'devices.saveAllowance': {
                  guard: { type: 'allowanceAcceptable', params: ({ event }) => ({ devicesAllowed: event.devicesAllowed }) },
                  target: 'savingAllowance',
                  actions: assign({ requestedAllowance: ({ event }) => event.devicesAllowed }),
                },
                'device.unregister': {
                  guard: { type: 'isRegistered', params: ({ event }) => ({ id: event.id }) },
                  target: 'confirmingUnregister',
                  actions: assign({ pendingDevice: ({ context, event }) => context.devices.find((device): device is Device & { id: number } => device.id === event.id) ?? null }),
                },
                'apiKey.renew': 'confirmingRenew',
              },
            },
            savingAllowance: {
              tags: 'busy',
              invoke: {
                id: 'saveAllowance',
                src: 'saveAllowance',
                input: ({ context }) => ({ devicesAllowed: context.requestedAllowance! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ event }) => ({ ...withDevices(event.output), requestedAllowance: null })),
                    { type: 'recordDevicesChanged', params: ({ context, event }) => ({ storeId: context.storeId, ...withDevices(event.output) }) },
                    'notifyAllowanceSaved',
                  ],
                },
                // The typed number stays in the field; the figure on record stays the server's.
                onError: { target: 'idle', actions: [assign({ requestedAllowance: null }), { type: 'notifyAllowanceFailed', params: failure }, { type: 'logFailure', params: failure }] },
              },
            },
            confirmingUnregister: {
              description: '"Unregister {device}?": the device can no longer sign in; it can register again with the API key.',
              on: {
                'device.confirmUnregister': 'unregistering',
                'device.cancelUnregister': { target: 'idle', actions: assign({ pendingDevice: null }) },
              },
            },
            unregistering: {
              tags: 'busy',
              invoke: {
                id: 'unregister',
                src: 'unregister',
                input: ({ context }) => ({ id: context.pendingDevice!.id }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'notifyUnregistered', params: ({ context }) => ({ name: context.pendingDevice!.name }) },
                    { type: 'recordDevicesChanged', params: ({ context, event }) => ({ storeId: context.storeId, ...withDevices(event.output) }) },
                    assign(({ event }) => ({ ...withDevices(event.output), pendingDevice: null })),
                  ],
                },
                onError: { target: 'idle', actions: [{ type: 'notifyUnregisterFailed', params: failure }, { type: 'logFailure', params: failure }, assign({ pendingDevice: null })] },
              },
            },
            confirmingRenew: {
              description: '"Renew the API key?": every device paired with the current key must pair again.',
              on: { 'apiKey.confirmRenew': 'renewing', 'apiKey.cancelRenew': 'idle' },
            },
            renewing: {
              tags: 'busy',
              invoke: {
                id: 'renewKey',
                src: 'renewKey',
                // The operator asked for a new key to pair devices with: it shows, with its QR code.
                onDone: {
                  target: 'idle',
                  actions: [assign({ apiKey: ({ event }) => event.output, revealed: true }), { type: 'recordKeyRenewed', params: ({ context }) => ({ storeId: context.storeId }) }, 'notifyRenewed'],
                },
                // The old key still works (the server keeps it when the renewal fails) and stays shown.
                onError: { target: 'idle', actions: [{ type: 'notifyRenewFailed', params: failure }, { type: 'logFailure', params: failure }] },
              },
            },
          },
        },
        clipboard: {
          initial: 'idle',
          states: {
            idle: { on: { 'apiKey.copy': 'copying' } },
            copying: {
              invoke: {
                id: 'copyKey',
                src: 'copyKey',
                input: ({ context }) => ({ apiKey: context.apiKey! }),
                onDone: { target: 'idle', actions: 'notifyCopied' },
                onError: { target: 'idle', actions: ['notifyCopyFailed', { type: 'logFailure', params: failure }] },
              },
            },
          },
        },
      },
    },
  },
});

export type DevicesMachine = typeof devicesMachine;
export type DevicesSnapshot = SnapshotFrom<DevicesMachine>;

/** "••••" and the key's last four characters: enough to tell keys apart, not to use one. */
export function maskApiKey(apiKey: string): string {
  return `••••${apiKey.slice(-4)}`;
}

export const selectDevicesLoading = (s: DevicesSnapshot) => s.matches('loading');
export const selectDevicesLoadFailed = (s: DevicesSnapshot) => s.matches('loadFailed');
export const selectDevicesAllowed = (s: DevicesSnapshot) => s.context.devicesAllowed;
export const selectDevices = (s: DevicesSnapshot) => s.context.devices;
export const selectDeviceCount = (s: DevicesSnapshot) => selectDevices(s).length;
export const selectKeyRevealed = (s: DevicesSnapshot) => s.context.revealed;
/** The key as the tab shows it: masked until revealed. */
export const selectShownKey = (s: DevicesSnapshot) => (s.context.apiKey === null ? null : s.context.revealed ? s.context.apiKey : maskApiKey(s.context.apiKey));
/** The key for the QR code: only while revealed (a QR code on screen is as readable as the text). */
export const selectQrKey = (s: DevicesSnapshot) => (s.context.revealed ? s.context.apiKey : null);
export const selectSavingAllowance = (s: DevicesSnapshot) => s.matches({ ready: { work: 'savingAllowance' } });
/** The device awaiting the Unregister confirmation (null when the dialog is closed). */
export const selectConfirmingUnregister = (s: DevicesSnapshot) => (s.matches({ ready: { work: 'confirmingUnregister' } }) ? s.context.pendingDevice : null);
export const selectUnregisteringId = (s: DevicesSnapshot) => (s.matches({ ready: { work: 'unregistering' } }) ? (s.context.pendingDevice?.id ?? null) : null);
export const selectConfirmingRenew = (s: DevicesSnapshot) => s.matches({ ready: { work: 'confirmingRenew' } });
export const selectRenewing = (s: DevicesSnapshot) => s.matches({ ready: { work: 'renewing' } });
/** Another change may start (nothing is being confirmed or sent). */
export const selectWorkIdle = (s: DevicesSnapshot) => s.matches({ ready: { work: 'idle' } });
export const selectCopying = (s: DevicesSnapshot) => s.matches({ ready: { clipboard: 'copying' } });
