import * as z from 'zod';
import { http } from './http';
import type { Language } from './session';

export const LookupOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type LookupOption = z.infer<typeof LookupOptionSchema>;

/** The option groups of an offer (spec section 9). */
export const LookupsSchema = z.object({
  offer_type: z.array(LookupOptionSchema),
  dietary_fit: z.array(LookupOptionSchema),
  cuisine_type: z.array(LookupOptionSchema),
  business_type: z.array(LookupOptionSchema),
});
export type Lookups = z.infer<typeof LookupsSchema>;

/** The group names, in the order the forms show them. */
export const OPTION_GROUPS = ['offer_type', 'dietary_fit', 'cuisine_type', 'business_type'] as const satisfies readonly (keyof Lookups)[];

/** GET /stores/lookups/getall/{id}?lang= */
export async function getLookups(storeId: number, lang: Language = 'en'): Promise<Lookups> {
  return http(`/stores/lookups/getall/${storeId}`, {
    query: { lang },
    schema: LookupsSchema,
    operation: 'GET /stores/lookups/getall/{id}',
  });
}
