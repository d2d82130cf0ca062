import * as z from 'zod';
import { http } from './http';
import type { Language } from './session';

export const LookupOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type LookupOption = z.infer<typeof LookupOptionSchema>;

/**
 * One group's options as the platform answers them. The spec names the groups (section 9) but not
 * an option's fields: an option without an id cannot be chosen and is left out; one without a
 * name is shown by its number ("#12").
 */
const OptionsAnswerSchema = z
  .array(z.object({ id: z.number().int().optional(), name: z.string().optional() }))
  .transform((options): LookupOption[] => options.flatMap(({ id, name }) => (id === undefined ? [] : [{ id, name: name ?? `#${id}` }])));

/** The option groups of an offer (spec section 9): the four groups are required. */
export const LookupsSchema = z.object({
  offer_type: OptionsAnswerSchema,
  dietary_fit: OptionsAnswerSchema,
  cuisine_type: OptionsAnswerSchema,
  business_type: OptionsAnswerSchema,
});
export type Lookups = z.output<typeof LookupsSchema>;

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
