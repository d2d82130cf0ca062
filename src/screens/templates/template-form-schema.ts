import * as z from 'zod';
import { datetimeRule } from '../../lib/rules';
import { templateProblems } from '../../api/offer-rules';
import type { MessageKey } from '../../i18n';
import type { TemplateFormValues } from '../../machines/template-form.machine';

/**
 * The template form's schema: field shapes, then the template rules of spec section 5 through
 * templateProblems (the same rules the mock server re-checks): "Quantity is required" when the
 * template repeats, and the 45 % price rule and the windows on its embedded offer. The form is
 * flat, so the embedded offer's paths (['offer', field]) land on the form's own fields.
 */
const required = { error: 'offerForm.required' satisfies MessageKey };
const ids = z.array(z.number().int());
/** Spec section 5's datetime rule: a valid date or number, otherwise "is required". */
const time = z.number(required).refine((value) => datetimeRule(value) === null, required);
/** Empty (NaN; z.number() would refuse it) is allowed here: the quantity rule decides whether it may be. */
const optionalCount = z
  .custom<number>((value) => typeof value === 'number', required)
  .refine((n) => Number.isNaN(n) || Number.isInteger(n), 'offerForm.wholeNumber' satisfies MessageKey)
  .refine((n) => Number.isNaN(n) || n >= 1, 'offerForm.quantityMin' satisfies MessageKey);

export function templateFormSchema() {
  return z
    .object({
      name: z.string().trim().min(1, required),
      template_quantity: optionalCount,
      repeat_on_days: z.array(z.number().int().min(1).max(7)),
      unit_price: z.number(required).min(0, 'offerForm.priceMin' satisfies MessageKey),
      origin_price: z.number(required).positive('offerForm.priceMin' satisfies MessageKey),
      order_date_from: time,
      order_date_to: time,
      pickup_date_from: time,
      pickup_date_to: time,
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
