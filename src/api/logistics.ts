import * as z from 'zod';
import { secondsToMillis } from './codecs';

/** Fields the spec does not show are our choice (issue 7 records it). */
export const TruckStatusSchema = z.enum(['active', 'maintenance', 'inactive']);
export const TruckSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  name: z.string().min(1),
  plate: z.string().min(1),
  capacity: z.number().int().positive(),
  driver_name: z.string(),
  driver_phone: z.string(),
  status: TruckStatusSchema,
});
export type Truck = z.infer<typeof TruckSchema>;

export const PickupLocationSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  name: z.string().min(1),
  address: z.string().min(1),
  country: z.string().length(2),
  lat: z.number(),
  lon: z.number(),
  opening_hours: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
});
export type PickupLocation = z.infer<typeof PickupLocationSchema>;

export const DeliveryStatusSchema = z.enum(['assigned', 'delivered', 'pending', 'rejected']);
export const DeliveryWireSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  pickup_code: z.string(),
  order_address: z.string(),
  order_delivery_to: z.string(),
  order_delivery_to_mail: z.string(),
  phone: z.string(),
  delivery_driver_notes: z.string(),
  delivery_notes: z.string(),
  delivery_status: DeliveryStatusSchema,
  delivery_date: z.number(),
  delivery_packages: z.number().int().nonnegative(),
  delivery_truck: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export const DeliverySchema = secondsToMillis(DeliveryWireSchema, ['delivery_date']);
export type Delivery = z.output<typeof DeliverySchema>;
