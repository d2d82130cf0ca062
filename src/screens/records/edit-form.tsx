import Alert from '@mui/joy/Alert';
import Stack from '@mui/joy/Stack';
import { useEffect, type ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Resolver, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { useT } from '../../i18n';
import { FormActions } from '../../ui/form-fields';

/**
 * What every edit form of the store's records shares (offers, templates, trucks, pickup
 * locations): react-hook-form wired to the form's machine, and the form element around the
 * fields, with the save failure and Save / Cancel at its end.
 */

/** The form's machine, as the form sees it: it takes every change (the draft, unsaved changes). */
export interface EditFormActor<TValues> {
  send(event: { type: 'form.changed'; values: TValues }): void;
}

/**
 * react-hook-form for a form whose machine keeps every change: each one goes to it as
 * `form.changed`. The schema runs on Save; after the first attempt each field re-checks as it
 * changes, so a fix clears its message.
 */
export function useEditForm<TValues extends FieldValues>(
  actor: EditFormActor<TValues>,
  { defaultValues, resolver }: { defaultValues: DefaultValues<TValues>; resolver: Resolver<TValues> },
): UseFormReturn<TValues> {
  const form = useForm<TValues>({ defaultValues, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { subscribe, getValues } = form;
  useEffect(() => {
    return subscribe({ formState: { values: true }, callback: () => actor.send({ type: 'form.changed', values: getValues() }) });
  }, [subscribe, getValues, actor]);
  return form;
}

/**
 * The form element: its fields (`children`, which may read the form through react-hook-form's
 * context), the failed save's message and Save (Retry after a failure, "Checking…" while a lost
 * answer is looked up) / Cancel. `name` names its test ids: `{name}-form`, `{name}-save-error`.
 * `restored` says the form opened on a draft a reload left behind.
 */
export function EditForm<TValues extends FieldValues>({
  form,
  name,
  status,
  maxWidth = 760,
  onSave,
  onCancel,
  children,
}: {
  form: UseFormReturn<TValues>;
  name: string;
  status: { saving: boolean; checking: boolean; errorText: string | null; restored?: boolean };
  maxWidth?: number;
  /** The validated values (the schema passed). */
  onSave: SubmitHandler<TValues>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const submit = form.handleSubmit(onSave);
  const { saving, checking, errorText, restored = false } = status;
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid={`${name}-form`}>
        <Stack gap={2} sx={{ maxWidth }}>
          {restored && (
            <Alert color="primary" variant="soft" role="status">
              {t('offerForm.draftRestored')}
            </Alert>
          )}
          {children}
          <FormActions
            errorText={errorText}
            errorTestId={`${name}-save-error`}
            saving={saving}
            labels={{ save: t('offerForm.save'), saving: t(checking ? 'common.checkingSaved' : 'offerForm.saving'), retry: t('offerForm.retry'), cancel: t('offerForm.cancel') }}
            onCancel={onCancel}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
