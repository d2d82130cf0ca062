import * as z from 'zod';
import { http } from './http';
import { pushTopic } from './push';
import { NotificationTypeSchema, type StoreNotification } from './stores';

/**
 * Reading a push (push.ts): what a message carries and the platform call that subscribes this
 * browser to the store's topic. Apart from push.ts, which every page loads, because of zod.
 */

/**
 * A push's notification. FCM carries `data` as strings only, so numbers arrive as text; the
 * platform's payload is not shown in the spec, so the visible `notification.title` and the
 * `fcmOptions.link` stand in when `data` lacks a title or a click action.
 */
const numeric = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]);

export const PushPayloadSchema = z.object({
  data: z
    .object({
      id: numeric.optional(),
      /** An unknown type still shows (as an order notification) rather than losing the push. */
      type: NotificationTypeSchema.optional().catch(undefined),
      title: z.string().optional(),
      /** unix seconds, like every date on the wire */
      created_at: numeric.optional(),
      click_action: z.string().optional(),
    })
    .optional(),
  notification: z.object({ title: z.string().optional() }).optional(),
  fcmOptions: z.object({ link: z.string().optional() }).optional(),
});
export type PushPayload = z.input<typeof PushPayloadSchema>;

/**
 * The store notification a push carries, or null when it carries none (no title). Without an id
 * the push gets one from its arrival time, so two pushes never replace each other in the bell.
 */
export function notificationFromPush(payload: unknown, receivedAt: number): StoreNotification | null {
  const parsed = PushPayloadSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { data = {}, notification, fcmOptions } = parsed.data;
  const title = data.title ?? notification?.title;
  if (!title) return null;
  return {
    id: data.id ?? receivedAt,
    type: data.type ?? 'order',
    title,
    created_at: data.created_at === undefined ? receivedAt : data.created_at * 1000,
    click_action: data.click_action ?? fcmOptions?.link ?? '/operations/orders/pending',
    read: false,
  };
}

export const TopicSubscriptionSchema = z.object({ token: z.string().min(1), topic: z.string().regex(/^topic_storeadmin\d+$/) });

/** POST {topicSubscribePath} { token, topic }: the platform subscribes this browser to the store's topic. */
export async function subscribeTokenToTopic(path: string, token: string, storeId: number): Promise<void> {
  await http(path, {
    method: 'POST',
    body: TopicSubscriptionSchema.parse({ token, topic: pushTopic(storeId) }),
    schema: z.unknown(),
    operation: 'POST push topic subscription',
  });
}

