import { useCallback, useState } from 'react';
import type { FieldValues, UseFormSubscribe } from 'react-hook-form';
import type * as z from 'zod';
import { formDraft } from '../lib/form-draft';

/**
 * The draft of a form no machine keeps values for, so what is typed survives a reload (the
 * machine-driven forms keep theirs through named actions: settings-form, record-form, offer and
 * template forms). Read once, as the form mounts (`restored`: start the form from it); `follow`
 * wires react-hook-form's changes to it: what `toDraft` keeps of the values (never a password) is
 * written once typing pauses, and removed once `isSaved` says it holds nothing unsaved. `clear`
 * drops it (saved, discarded).
 */
export function useFormDraft<TValues extends FieldValues, TDraft>(key: string, schema: z.ZodType<TDraft, unknown>, toDraft: (values: TValues) => TDraft) {
  const [draft] = useState(() => formDraft(key, schema));
  const [restored] = useState(() => draft.read());
  const follow = useCallback(
    (subscribe: UseFormSubscribe<TValues>, isSaved: (kept: TDraft) => boolean) =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const kept = toDraft(values as TValues);
          if (isSaved(kept)) draft.clear();
          else draft.write(kept);
        },
      }),
    [draft, toDraft],
  );
  return { restored, follow, clear: draft.clear };
}
