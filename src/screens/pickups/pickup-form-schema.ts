import * as z from 'zod';
import { PickupLocationInputSchema } from '../../api/logistics';
import type { MessageKey } from '../../i18n';
import { isCountryCode } from '../../lib/countries';
import type { PickupFormValues } from '../../machines/pickups.machine';
import { optionalPhone } from '../records/phone';
import { tooLong } from '../records/record-fields';

const key = (k: MessageKey) => k;
const { shape } = PickupLocationInputSchema;
const NAME_MAX = shape.name.maxLength ?? 80;
const ADDRESS_MAX = shape.address.maxLength ?? 160;
const HOURS_MAX = shape.opening_hours.maxLength ?? 120;
const CONTACT_MAX = shape.contact_name.maxLength ?? 80;

/** A position not set yet is NaN (an empty number field, no click on the map yet). */
export const POSITION_REQUIRED = key('pickupForm.positionRequired');
const degrees = (min: number, max: number, range: MessageKey) => z.number({ error: POSITION_REQUIRED }).min(min, range).max(max, range);

/**
 * The pickup location form's schema: the api's rules (src/api/logistics.ts) with a message of ours
 * for each way a field can be wrong. Messages are keys of the catalogue (records/record-fields.tsx
 * `fieldMessage`).
 */
export function pickupFormSchema() {
  return z.object({
    name: z.string().trim().min(1, key('pickupForm.nameRequired')).max(NAME_MAX, tooLong(NAME_MAX)),
    address: z.string().trim().min(1, key('pickupForm.addressRequired')).max(ADDRESS_MAX, tooLong(ADDRESS_MAX)),
    country: z.string().refine(isCountryCode, key('pickupForm.countryRequired')),
    lat: degrees(-90, 90, 'pickupForm.latRange'),
    lon: degrees(-180, 180, 'pickupForm.lonRange'),
    opening_hours: z.string().trim().max(HOURS_MAX, tooLong(HOURS_MAX)),
    contact_name: z.string().trim().max(CONTACT_MAX, tooLong(CONTACT_MAX)),
    contact_phone: optionalPhone,
  }) satisfies z.ZodType<PickupFormValues, PickupFormValues>;
}
