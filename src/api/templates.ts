import * as z from 'zod';
import { secondsToMillis } from './codecs';
import { MediaSchema, OfferWireSchema, WeekdaySchema } from './offers';

/** A reusable offer template; its embedded offer has quantity and quantity_left 0. */
export const TemplateWireSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  store_id: z.number().int(),
  repeat_on_days: z.array(WeekdaySchema),
  template_quantity: z.number().int().nonnegative(),
  media: z.array(MediaSchema),
  status: z.number().int(),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
  offer: OfferWireSchema.omit({ id: true }),
});
export const TemplateSchema = secondsToMillis(TemplateWireSchema, ['audit_creation_date', 'audit_update_date']);
export type Template = z.output<typeof TemplateSchema>;
