import * as z from 'zod';
import { TruckStatusSchema } from '../../api/logistics';
import { formDraft, formDraftKey } from '../../lib/form-draft';
import type { RecordDraftTarget, RecordFormInput } from './record-form.machine';

/**
 * The drafts of the record forms (a truck, a pickup location), so what was typed survives a reload:
 * the schemas a stored draft must read with, and the record form machine's draft effects on
 * src/lib/form-draft.ts. A draft holds what was typed, valid or not yet, so the schemas check the
 * shape, not the rules.
 * JSON has no NaN: a number not typed yet is stored as null and read back as NaN.
 */

const text = z.string();
const emptyNumber = z
  .number()
  .nullable()
  .transform((n) => n ?? Number.NaN);

export const TruckDraftSchema = z.object({
  name: text,
  plate: text,
  capacity: emptyNumber,
  driver_name: text,
  driver_phone: text,
  status: TruckStatusSchema,
});

export const PickupDraftSchema = z.object({
  name: text,
  address: text,
  country: text,
  lat: emptyNumber,
  lon: emptyNumber,
  opening_hours: text,
  contact_name: text,
  contact_phone: text,
});

/** One record form's drafts: `console.draft.<form>.<store>.<record id, or "new">`. */
export function recordDraft<TValues>(form: string, schema: z.ZodType<TValues, unknown>) {
  const draftOf = ({ storeId, recordId }: RecordDraftTarget) => formDraft(formDraftKey(form, `${storeId}.${recordId ?? 'new'}`), schema);
  return {
    /** For the load: the draft a reload left behind, or null. */
    read: (input: RecordFormInput) => draftOf(input).read(),
    persistDraft: (_: unknown, { target, values }: { target: RecordDraftTarget; values: TValues }) => draftOf(target).write(values),
    clearDraft: (_: unknown, { target }: { target: RecordDraftTarget }) => draftOf(target).clear(),
  };
}
