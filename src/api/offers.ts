import * as z from 'zod';
import { secondsToMillis } from './codecs';

/** Weekdays an offer or template repeats on, monday = 1 … sunday = 7. */
export const WeekdaySchema = z.number().int().min(1).max(7);

export const MediaSchema = z.object({ url: z.string(), kind: z.enum(['cover', 'gallery']) });

/** An offer as the server holds it: dates in unix seconds. Later issues add the calls. */
export const OfferWireSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  store_id: z.number().int(),
  quantity: z.number().int().nonnegative(),
  quantity_left: z.number().int().nonnegative(),
  /** 1 active, 0 inactive (the platform's other values are not shown). */
  status: z.number().int(),
  offer_status: z.number().int(),
  repeat_on_days: z.array(WeekdaySchema),
  media: z.array(MediaSchema),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
  order_date_from: z.number(),
  order_date_to: z.number(),
  pickup_date_from: z.number(),
  pickup_date_to: z.number(),
  lat: z.number(),
  lon: z.number(),
  unit_price: z.number().nonnegative(),
  origin_price: z.number().nonnegative(),
  discount: z.number(),
  origin: z.enum(['offer', 'recurring', 'template']),
  template_id: z.number().int().nullable(),
  offer_type: z.array(z.number().int()),
  dietary_fit: z.array(z.number().int()),
  cuisine_type: z.array(z.number().int()),
  business_type: z.array(z.number().int()),
});
export const offerDateFields = [
  'audit_creation_date',
  'audit_update_date',
  'order_date_from',
  'order_date_to',
  'pickup_date_from',
  'pickup_date_to',
] as const;
export const OfferSchema = secondsToMillis(OfferWireSchema, offerDateFields);
export type Offer = z.output<typeof OfferSchema>;
