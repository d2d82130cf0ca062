import * as z from 'zod';
import {
  QUANTITY_MAX,
  QUANTITY_MAX_MESSAGE,
  QUANTITY_MIN_MESSAGE,
  REQUIRED_MESSAGE,
  WHOLE_NUMBER_MESSAGE,
  nameField,
  priceField,
} from '../../api/field-rules';
import { templateProblems } from '../../api/offer-rules';
import type { TemplateFormValues } from '../../machines/templates';
import { formTime } from '../offers/offer-form-schema';

/**
 * The template form's schema: the shared field rules (src/api/field-rules.ts, as the offer form
 * and the mock server), then the template rules of spec section 5 through templateProblems (the
 * same rules the mock server re-checks): "Quantity is required" when the template repeats, and
 * the 45 % price rule and the windows on its embedded offer. The form is flat, so the embedded
 * offer's paths (['offer', field]) land on the form's own fields. Messages are English, as the
 * server answers them, translated for display by `formMessageText`.
 */
const ids = z.array(z.number().int());
/** Empty (NaN; z.number() would refuse it) is allowed here: the quantity rule decides whether it may be. */
const optionalCount = z
  .custom<number>((value) => typeof value === 'number', REQUIRED_MESSAGE)
  .refine((n) => Number.isNaN(n) || Number.isInteger(n), WHOLE_NUMBER_MESSAGE)
  .refine((n) => Number.isNaN(n) || n >= 1, QUANTITY_MIN_MESSAGE)
  .refine((n) => Number.isNaN(n) || n <= QUANTITY_MAX, QUANTITY_MAX_MESSAGE);

export function templateFormSchema() {
  return z
    .object({
      name: nameField(),
      template_quantity: optionalCount,
      repeat_on_days: z.array(z.number().int().min(1).max(7)),
      unit_price: priceField,
      origin_price: priceField,
      order_date_from: formTime,
      order_date_to: formTime,
      pickup_date_from: formTime,
      pickup_date_to: formTime,
      offer_type: ids,
      dietary_fit: ids,
      cuisine_type: ids,
      business_type: ids,
    })
    .superRefine((values, ctx) => {
      const { template_quantity, repeat_on_days, ...offer } = values;
      for (const problem of templateProblems({ template_quantity, repeat_on_days, offer })) {
        const path = problem.path[0] === 'offer' ? problem.path.slice(1) : problem.path;
        ctx.addIssue({ code: 'custom', message: problem.message, path });
      }
    }) satisfies z.ZodType<TemplateFormValues, TemplateFormValues>;
}
