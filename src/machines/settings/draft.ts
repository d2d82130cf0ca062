import * as z from 'zod';
import { fromPromise } from 'xstate';
import { LanguageSchema } from '../../api/session';
import { formDraft, formDraftKey } from '../../lib/form-draft';
import type { SettingsDraftTarget } from './form.machine';

/**
 * The drafts of the settings forms and the operator's profile, so what was typed survives a reload:
 * the schemas a stored draft must read with, and the `readDraft` / `persistDraft` / `clearDraft`
 * effects of the settings form machine on src/lib/form-draft.ts. A draft holds what was typed,
 * valid or not yet (a half-typed e-mail is work too), so these schemas check the shape, not the
 * server's rules.
 */

const text = z.string();

export const BusinessInfoDraftSchema = z.object({
  id: z.number().int(),
  name: text,
  description: text,
  email: text,
  phone: text,
  address: z.object({ address_print: text, city: text, country: text, postal_code: text }),
});

export const ConfigurationDraftSchema = z.object({ sms_send: z.boolean(), sms_text: text, color: text });

export const OperatorProfileDraftSchema = z.object({ name_op: text, phone: text, preferences: z.object({ language: LanguageSchema }) });

export const BillingDraftSchema = z.object({
  store_id: z.number().int(),
  legal_name: text,
  tax_id: text,
  billing_email: text,
  address_print: text,
  city: text,
  postal_code: text,
  country: text,
  iban: text,
  invoice_frequency: z.enum(['weekly', 'monthly']),
});

/**
 * The draft effects of one settings form: its drafts live under `console.draft.<form>.<id>`, the
 * id being the store's unless `recordIdOf` names another (the operator's, for a profile).
 */
export function settingsDraft<TData, TValues>(
  form: string,
  schema: z.ZodType<TValues, unknown>,
  recordIdOf: (target: SettingsDraftTarget<TData>) => number | string = (target) => target.storeId,
) {
  const draftOf = (target: SettingsDraftTarget<TData>) => formDraft(formDraftKey(form, recordIdOf(target)), schema);
  return {
    readDraft: fromPromise(async ({ input }: { input: SettingsDraftTarget<TData> }) => draftOf(input).read()),
    persistDraft: (_: unknown, { target, values, now }: { target: SettingsDraftTarget<TData>; values: TValues; now: boolean }) => {
      if (now) draftOf(target).writeNow(values);
      else draftOf(target).write(values);
    },
    clearDraft: (_: unknown, { target }: { target: SettingsDraftTarget<TData> }) => draftOf(target).clear(),
  };
}
