import { now } from '../lib/clock';
import type { StoreNotification } from './stores';

/**
 * Push notifications (spec section 6: the topic is topic_storeadmin plus the store id; section 7:
 * "push-topic subscription to a messaging provider"). A push is one more store notification: the
 * bell counts it and the operator sees its title at once.
 *
 * Two channels implement PushChannel: Firebase Cloud Messaging in live mode (below, loaded on
 * first use so neither the sign-in page nor the shell downloads firebase/messaging), and the mock
 * backend's dev kit in mock mode (handed to the app through the dev extension).
 *
 * A web client cannot subscribe itself to an FCM topic; only a server can (Admin SDK / Instance ID
 * API, with the client's registration token). The spec shows no platform call that takes the
 * token, so it is configurable: with VITE_PUSH_TOPIC_SUBSCRIBE_PATH the console posts
 * { token, topic } to that path of the platform API (with the operator's token, so the platform
 * can check the store is theirs); without it, the platform must subscribe the token on its own.
 * docs/decisions/009-terms-profile-notifications-push.md.
 *
 * What reads a push's payload and posts the topic subscription (with zod) is in push-payload.ts,
 * fetched with firebase/messaging: this module is part of every page's boot (decision 015).
 */

/** What the browser allows, without asking: the Notification permission, or no push at all here. */
export type PushPermission = 'unsupported' | 'default' | 'granted' | 'denied';

export interface PushChannel {
  /** What the browser allows now. Never prompts. */
  permission(): Promise<PushPermission>;
  /** Asks the operator; must run from a user gesture (a click). */
  requestPermission(): Promise<PushPermission>;
  /**
   * Starts receiving the store's pushes; resolves to the function that stops. Rejects when the
   * subscription cannot be made (the operator can try again).
   */
  subscribe(storeId: number, onNotification: (notification: StoreNotification) => void): Promise<() => void>;
}

export const PUSH_TOPIC_PREFIX = 'topic_storeadmin';

/** The store's topic (spec section 6): "topic_storeadmin" followed by the store id. */
export const pushTopic = (storeId: number) => `${PUSH_TOPIC_PREFIX}${storeId}`;

/** A browser or build without push: nothing to ask, nothing arrives. */
export const noPushChannel: PushChannel = {
  permission: async () => 'unsupported',
  requestPermission: async () => 'unsupported',
  subscribe: async () => () => {},
};

// ---------------------------------------------------------------------------------------------
// Live: Firebase Cloud Messaging
// ---------------------------------------------------------------------------------------------

export interface FirebasePushConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  messagingSenderId: string;
  /** The web push certificate's public key (Firebase console → Cloud Messaging → Web configuration). */
  vapidKey: string;
  /** The platform API path that subscribes an FCM token to a topic (POST { token, topic }). */
  topicSubscribePath?: string;
}

/**
 * The service worker that receives the pushes (public/push-sw.js). It forwards a push to the open
 * console tabs with this marker, or shows a system notification when none is visible.
 */
export const PUSH_SERVICE_WORKER_URL = '/push-sw.js';
const PUSH_SERVICE_WORKER_SCOPE = '/console-push-scope';
export const PUSH_MESSAGE_SOURCE = 'console-push';

const browserPermission = (): PushPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : (Notification.permission as PushPermission);

/** Whether this browser can take FCM web pushes at all (service worker, Push API, IndexedDB). */
async function messagingSupported(): Promise<boolean> {
  if (typeof Notification === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const { isSupported } = await import('firebase/messaging');
  return isSupported();
}

export function firebasePushChannel(config: FirebasePushConfig): PushChannel {
  return {
    async permission() {
      return (await messagingSupported()) ? browserPermission() : 'unsupported';
    },
    async requestPermission() {
      // Asked before anything is awaited, while the click's user activation is surely current.
      // Only reached after permission() found push supported here.
      if (typeof Notification === 'undefined') return 'unsupported';
      return (await Notification.requestPermission()) as PushPermission;
    },
    async subscribe(storeId, onNotification) {
      const [{ initializeApp, getApps }, { getMessaging, getToken }] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
      const { vapidKey, topicSubscribePath, ...appConfig } = config;
      // A named app of its own: the identity provider's default app carries no messagingSenderId.
      const app = getApps().find((a) => a.name === 'push') ?? initializeApp(appConfig, 'push');
      const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER_URL, { scope: PUSH_SERVICE_WORKER_SCOPE });
      const token = await getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
      // The token identifies this browser to FCM; it goes to the platform only, and is never logged.
      const { notificationFromPush, subscribeTokenToTopic } = await import('./push-payload');
      if (topicSubscribePath) await subscribeTokenToTopic(topicSubscribePath, token, storeId);
      else console.info(`Push: this browser can receive ${pushTopic(storeId)} once the platform subscribes its FCM token to the topic.`);
      const onMessage = (event: MessageEvent) => {
        const message = event.data as { source?: unknown; payload?: unknown } | null;
        if (message?.source !== PUSH_MESSAGE_SOURCE) return;
        const notification = notificationFromPush(message.payload, now());
        if (notification) onNotification(notification);
        else console.info('Push: a message without a notification title was ignored');
      };
      navigator.serviceWorker.addEventListener('message', onMessage);
      return () => navigator.serviceWorker.removeEventListener('message', onMessage);
    },
  };
}
