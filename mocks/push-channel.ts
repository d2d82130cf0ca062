import { pushTopic, type PushChannel } from '../src/api/push';
import type { Devkit } from './devkit';

/**
 * Mock mode's push channel (src/api/push.ts PushChannel): the dev kit's pushes (devkit.push,
 * busy-store's timer) stand in for Firebase Cloud Messaging. There is no browser permission to
 * ask for, so it reads as granted; a subscription hears the store's topic only, and hands the app
 * the notification as the client holds it (created_at in milliseconds), like a live push. The
 * reader (zod) comes with the first subscription, not with mock mode's light entry (decision 017).
 */
export function devkitPushChannel(devkit: Pick<Devkit, 'onPush'>): PushChannel {
  return {
    permission: async () => 'granted',
    requestPermission: async () => 'granted',
    async subscribe(storeId, onNotification) {
      const topic = pushTopic(storeId);
      const { NotificationSchema } = await import('../src/api/stores');
      return devkit.onPush((push) => {
        if (push.topic === topic) onNotification(NotificationSchema.parse(push.notification));
      });
    },
  };
}
