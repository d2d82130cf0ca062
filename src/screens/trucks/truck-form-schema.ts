import * as z from 'zod';
import { TRUCK_STATUSES, TruckInputSchema } from '../../api/logistics';
import type { MessageKey } from '../../i18n';
import type { TruckFormValues } from '../../machines/trucks.machine';
import { optionalPhone } from '../records/phone';
import { tooLong } from '../records/record-fields';

const key = (k: MessageKey) => k;
const NAME_MAX = TruckInputSchema.shape.name.maxLength ?? 60;
const DRIVER_MAX = TruckInputSchema.shape.driver_name.maxLength ?? 80;

/**
 * The truck form's schema: the api's rules (src/api/logistics.ts; the plate is checked by the
 * api's own field schema, so the two cannot disagree) with a message of ours for each way a field
 * can be wrong. Messages are keys of the catalogue (records/record-fields.tsx `fieldMessage`).
 */
export function truckFormSchema() {
  return z.object({
    name: z.string().trim().min(1, key('truckForm.nameRequired')).max(NAME_MAX, tooLong(NAME_MAX)),
    plate: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, key('truckForm.plateRequired'))
      .refine((plate) => TruckInputSchema.shape.plate.safeParse(plate).success, key('truckForm.plateInvalid')),
    capacity: z
      .number({ error: key('truckForm.capacityRequired') })
      .int(key('truckForm.capacityWhole'))
      .min(1, key('truckForm.capacityRange'))
      .max(999, key('truckForm.capacityRange')),
    driver_name: z.string().trim().max(DRIVER_MAX, tooLong(DRIVER_MAX)),
    driver_phone: optionalPhone,
    status: z.enum(TRUCK_STATUSES),
  }) satisfies z.ZodType<TruckFormValues, TruckFormValues>;
}
