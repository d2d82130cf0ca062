import * as z from 'zod';
import { TRUCK_STATUSES, TruckInputSchema } from '../../api/logistics';
import type { TruckFormValues } from '../../machines/trucks';

/**
 * The truck form's schema: the api's own fields (src/api/logistics.ts), which the mock server
 * validates request bodies with, so the form and the server refuse the same values with the same
 * message. Messages are English, as the server answers them, and translated for display by
 * records/record-fields.tsx `fieldMessage`.
 */
export function truckFormSchema() {
  const { shape } = TruckInputSchema;
  return z.object({
    name: shape.name,
    plate: shape.plate,
    capacity: shape.capacity,
    driver_name: shape.driver_name,
    driver_phone: shape.driver_phone,
    status: z.enum(TRUCK_STATUSES),
  }) satisfies z.ZodType<TruckFormValues, TruckFormValues>;
}
