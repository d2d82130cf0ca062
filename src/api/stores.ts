import * as z from 'zod';
import { secondsToMillis } from './codecs';
import { http } from './http';

export const NotificationTypeSchema = z.enum(['order', 'user', 'project', 'feature']);

/** A store notification: the spec names id, type, title, created_at and click_action. */
export const NotificationWireSchema = z.object({
  id: z.number().int(),
  type: NotificationTypeSchema,
  title: z.string(),
  /** unix seconds on the wire */
  created_at: z.number(),
  /** Where clicking the notification leads (an app path). */
  click_action: z.string(),
  /** Not named by the spec. Absent: unread (false). */
  read: z.boolean().default(false),
});
export const NotificationSchema = secondsToMillis(NotificationWireSchema, ['created_at']);
export type StoreNotification = z.output<typeof NotificationSchema>;

/**
 * A registered device. The spec names the store's `devices` but none of their fields: a device
 * without an id cannot be unregistered from the console; name and model read '' (shown as "—"),
 * a missing registration date is left out.
 */
export const DeviceSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().default(''),
  model: z.string().default(''),
  registered_at: z.number().optional(),
});

/**
 * The store profile as the platform answers it. Spec section 3 names avatar, logo, cover,
 * devicesAllowed, apiKey, sms_send, sms_text, color, special_terms.accept_date, lat and lon (from
 * address_lat and address_lon when present), devices and the notifications list; the business
 * info (id, name, description, e-mail, phone, address) and the terms' text are optional extras
 * ('' when absent; the id is the store asked for).
 */
export const StoreProfileWireSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().default(''),
  description: z.string().default(''),
  email: z.string().default(''),
  phone: z.string().default(''),
  address: z
    .object({
      address_print: z.string().default(''),
      city: z.string().default(''),
      /** Two-letter code from the spec's country list; '' when absent. */
      country: z.string().default(''),
      postal_code: z.string().default(''),
    })
    .prefault({}),
  address_lat: z.number().nullable().optional(),
  address_lon: z.number().nullable().optional(),
  lat: z.number(),
  lon: z.number(),
  avatar: z.string(),
  logo: z.string(),
  cover: z.string(),
  devicesAllowed: z.number().int().nonnegative(),
  devices: z.array(DeviceSchema),
  /**
   * Named by the spec, but a secret: the platform sends it only to roles that may read it
   * (src/api/permissions.ts SECRET_FIELDS), so an operator's profile comes without it. Absent: the
   * Devices tab shows no key.
   */
  apiKey: z.string().optional(),
  sms_send: z.boolean(),
  sms_text: z.string(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  special_terms: z.object({ text: z.string().default(''), accept_date: z.number().nullable() }),
  notifications: z.array(NotificationWireSchema),
});
export type StoreProfileWire = z.infer<typeof StoreProfileWireSchema>;

/** The client's view: lat/lon from address_lat/address_lon when present (spec section 3). */
export const StoreProfileSchema = z.codec(StoreProfileWireSchema, StoreProfileWireSchema, {
  decode: (wire) => ({
    ...wire,
    lat: wire.address_lat ?? wire.lat,
    lon: wire.address_lon ?? wire.lon,
    special_terms: {
      ...wire.special_terms,
      accept_date: wire.special_terms.accept_date == null ? null : wire.special_terms.accept_date * 1000,
    },
    notifications: wire.notifications.map((n) => ({ ...n, created_at: n.created_at * 1000 })),
    devices: wire.devices.map((d) => (d.registered_at === undefined ? d : { ...d, registered_at: d.registered_at * 1000 })),
  }),
  // What is encoded is a decoded profile, defaults filled in (the codec's input type leaves them optional).
  encode: (value) => {
    const client = value as StoreProfileWire;
    return {
      ...client,
      special_terms: {
        ...client.special_terms,
        accept_date: client.special_terms.accept_date == null ? null : Math.round(client.special_terms.accept_date / 1000),
      },
      notifications: client.notifications.map((n) => ({ ...n, created_at: Math.round(n.created_at / 1000) })),
      devices: client.devices.map((d) => (d.registered_at === undefined ? d : { ...d, registered_at: Math.round(d.registered_at / 1000) })),
    };
  },
});

/** The client's store profile: its id is always known (the platform's, else the store asked for). */
export type StoreProfile = Omit<z.output<typeof StoreProfileSchema>, 'id'> & { id: number };

/** The profile with its id: the one the platform sent, else `storeId`, the store the call was about. */
export function withStoreId(profile: z.output<typeof StoreProfileSchema>, storeId: number): StoreProfile {
  return { ...profile, id: profile.id ?? storeId };
}

/**
 * The store profile as the journal and the projections hold it: without the API key, which is a
 * device credential and never reaches the journal (an exported journal travels with bug reports).
 */
export type JournalStoreProfile = Omit<StoreProfile, 'apiKey'>;

/** The profile without its API key, for the journal. */
export function withoutApiKey({ apiKey: _key, ...profile }: StoreProfile): JournalStoreProfile {
  return profile;
}

/** Home data of the overview and the management dashboard (GET /stores/home). */
export const ReviewWireSchema = z.object({
  order_id: z.number().int(),
  rating: z.number().min(0).max(5),
  /** unix seconds */
  date: z.number(),
  description: z.string(),
  review: z.string(),
  total_price_bt: z.number(),
  total_quantity: z.number().int(),
  category: z.string(),
});
export const ReviewSchema = secondsToMillis(ReviewWireSchema, ['date']);
export type Review = z.output<typeof ReviewSchema>;

export const HomeDataWireSchema = z.object({
  offers_qty: z.number().int().nonnegative(),
  today_sales: z.number().nonnegative(),
  received_orders: z.number().int().nonnegative(),
  pickedup_orders: z.number().int().nonnegative(),
  current_Offers: z.number().int().nonnegative(),
  rating: z.number().min(0).max(5),
  rating_qty: z.number().int().nonnegative(),
  reviews: z.array(ReviewWireSchema),
  annual_income: z.number().nonnegative(),
  new_customers: z.number().int().nonnegative(),
  sales_ratio: z.number().min(0).max(100),
  value: z.number(),
  items_rescued: z.number().int().nonnegative(),
});
export const HomeDataSchema = z.codec(HomeDataWireSchema, HomeDataWireSchema, {
  decode: (wire) => ({ ...wire, reviews: wire.reviews.map((r) => ({ ...r, date: r.date * 1000 })) }),
  encode: (client) => ({ ...client, reviews: client.reviews.map((r) => ({ ...r, date: Math.round(r.date / 1000) })) }),
});
export type HomeData = z.output<typeof HomeDataSchema>;

/** GET /stores/home */
export async function getHome(): Promise<HomeData> {
  return http('/stores/home', { schema: HomeDataSchema, operation: 'GET /stores/home' });
}

/** GET /stores/profile/{id} */
export async function getStoreProfile(storeId: number): Promise<StoreProfile> {
  return withStoreId(await http(`/stores/profile/${storeId}`, { schema: StoreProfileSchema, operation: 'GET /stores/profile/{id}' }), storeId);
}
