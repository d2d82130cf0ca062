import * as z from 'zod';
import { PICKUP_MESSAGES, PickupLocationInputSchema } from '../../api/logistics';
import type { MessageKey } from '../../i18n';
import { isCountryCode } from '../../lib/countries';
import type { PickupFormValues } from '../../machines/pickups';

const key = (k: MessageKey) => k;
const { shape } = PickupLocationInputSchema;

/** A position not set yet is NaN (an empty number field, no click on the map yet). */
export const POSITION_REQUIRED = PICKUP_MESSAGES.positionRequired;

/**
 * The pickup location form's schema: the api's own fields (src/api/logistics.ts), which the mock
 * server validates request bodies with, so the form and the server refuse the same values with
 * the same message. Messages are English, as the server answers them, and translated for display
 * by records/record-fields.tsx `fieldMessage`; the country's is the form's own (a list to choose
 * from), the server naming the code it does not know.
 */
export function pickupFormSchema() {
  return z.object({
    name: shape.name,
    address: shape.address,
    country: z.string().refine(isCountryCode, key('pickupForm.countryRequired')),
    lat: shape.lat,
    lon: shape.lon,
    opening_hours: shape.opening_hours,
    contact_name: shape.contact_name,
    contact_phone: shape.contact_phone,
  }) satisfies z.ZodType<PickupFormValues, PickupFormValues>;
}
