import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Controller,
  useForm,
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { LeaveDialog, useLeaveGuard } from '../../app/leave-guard';
import { useLocale, useT, type MessageKey, type Translate } from '../../i18n';
import { countryOptions } from '../../lib/countries';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import {
  selectSettingsLoadFailed,
  selectSettingsLoading,
  selectSettingsRestoredDraft,
  selectSettingsSaveError,
  selectSettingsSaving,
  selectSettingsUnsaved,
  type SettingsFormMachine,
} from '../../machines/settings';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';

/**
 * What every settings tab's form shares (src/machines/settings-form.machine.ts drives them): the
 * load states and the unsaved-changes prompt around the form, react-hook-form wired to the
 * machine, the fields' messages in the operator's language, and Save / Discard changes.
 */

export type SettingsFormActor<TData, TValues> = ActorRefFrom<SettingsFormMachine<TData, TValues>>;

export interface SettingsFrameLabels {
  loading: MessageKey;
  loadFailed: MessageKey;
  /** The body of "Leave without saving?". */
  leaveBody: MessageKey;
}

/**
 * Skeletons while the form loads, the load failure with Retry, then the form (`children`, given
 * what the server answered and the values it holds). Leaving the tab (another tab, any link, back)
 * with changes not saved asks first.
 */
export function SettingsFormFrame<TData, TValues>({
  actor,
  labels,
  children,
}: {
  actor: SettingsFormActor<TData, TValues>;
  labels: SettingsFrameLabels;
  children: (data: TData, saved: TValues) => ReactNode;
}) {
  const t = useT();
  const loading = useSelector(actor, selectSettingsLoading);
  const loadFailed = useSelector(actor, selectSettingsLoadFailed);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const data = useSelector(actor, (s) => s.context.data);
  const saved = useSelector(actor, (s) => s.context.saved);
  const unsaved = useSelector(actor, selectSettingsUnsaved);
  const restored = useSelector(actor, selectSettingsRestoredDraft);
  const guard = useLeaveGuard(unsaved, () => selectSettingsUnsaved(actor.getSnapshot()));
  // Leaving anyway puts the form back to what the server holds: the draft goes with the changes.
  const discard = () => {
    const { saved: baseline } = actor.getSnapshot().context;
    if (baseline !== null) actor.send({ type: 'form.changed', values: baseline });
  };
  return (
    <>
      {loading && <SkeletonStack count={4} height={56} label={t(labels.loading)} />}
      {!loading && restored && (
        <Alert color="primary" variant="soft" role="status" sx={{ mb: 2, maxWidth: 760 }} data-testid="draft-restored">
          {t('offerForm.draftRestored')}
        </Alert>
      )}
      {loadFailed && (
        <RetryAlert message={t(labels.loadFailed)} failure={loadFailure} retryLabel={t('settings.general.retryLoad')} onRetry={() => actor.send({ type: 'form.retryLoad' })} />
      )}
      {!loading && !loadFailed && data !== null && saved !== null && children(data, saved)}
      <LeaveDialog guard={guard} bodyKey={labels.leaveBody} onLeave={discard} />
    </>
  );
}

/**
 * react-hook-form on the machine's values: it starts from what the machine holds (what the server
 * holds, or the draft a reload left behind), every change reaches the machine (`form.changed`:
 * unsaved or not), Save hands it the validated values, and a save's answer becomes the form's
 * values (the server may have trimmed what was typed). Discard goes back to the server's values.
 */
export function useSettingsForm<TData, TValues extends FieldValues>(
  actor: SettingsFormActor<TData, TValues>,
  saved: TValues,
  resolver: Resolver<TValues, unknown, TValues>,
) {
  // Read once: the form is mounted when the machine is done restoring, and holds the values from then on.
  const [opening] = useState(() => actor.getSnapshot().context.values ?? saved);
  const form = useForm<TValues, unknown, TValues>({
    defaultValues: opening as DefaultValues<TValues>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { subscribe, getValues, reset, handleSubmit } = form;

  useEffect(() => {
    return subscribe({ formState: { values: true }, callback: () => actor.send({ type: 'form.changed', values: getValues() }) });
  }, [subscribe, getValues, actor]);

  // The machine's baseline moves only when a save went through: the form shows the answer.
  const shown = useRef(saved);
  useEffect(() => {
    if (shown.current === saved) return;
    shown.current = saved;
    reset(saved);
  }, [saved, reset]);

  const submit = handleSubmit((values) => actor.send({ type: 'form.submit', values }));
  const discard = () => reset(shown.current);
  return { form, submit, discard };
}

/**
 * The api schemas' messages (src/api/settings.ts, word for word) → the operator's language. A
 * length limit arrives as a marker from `settingsErrorMap`, so its number can be put in the text.
 */
const SCHEMA_MESSAGES: Record<string, MessageKey> = {
  'is required': 'settings.general.required',
  'Enter a valid e-mail address': 'settings.general.invalidEmail',
  'Enter a valid phone number': 'settings.general.invalidPhone',
  'Enter a valid tax id': 'settings.billing.invalidTaxId',
  'Enter a valid IBAN': 'settings.billing.invalidIban',
};
const TOO_LONG = /^too-long:(\d+)$/;

/** For zodResolver's schema options: the length limits the schemas leave to zod's own wording. */
export const settingsErrorMap = {
  error: (issue: { code?: string; origin?: string; maximum?: unknown }) =>
    issue.code === 'too_big' && issue.origin === 'string' ? `too-long:${String(issue.maximum)}` : undefined,
};

export function fieldMessage(t: Translate, error: FieldError | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  const key = SCHEMA_MESSAGES[message];
  if (key) return t(key);
  const tooLong = TOO_LONG.exec(message);
  return tooLong ? t('settings.general.tooLong', { max: tooLong[1] }) : message;
}

type Registered = Pick<UseFormRegisterReturn, 'ref' | 'name' | 'onChange' | 'onBlur'>;

/** A labelled text input wired to react-hook-form; its message (or hint) under it, tied to it. */
export function SettingsTextField({
  label,
  field,
  error,
  hint,
  type = 'text',
  autoComplete,
}: {
  label: string;
  field: Registered;
  error?: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
}) {
  const { ref, ...rest } = field;
  return (
    <FormControl error={error !== undefined}>
      <FormLabel>{label}</FormLabel>
      <Input {...rest} type={type} slotProps={{ input: { ref, autoComplete, 'aria-invalid': error !== undefined || undefined } }} />
      {(error ?? hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}

/** A value shown, not edited: a read-only input keeps it labelled, focusable and readable. */
export function ReadOnlyField({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <FormControl>
      <FormLabel>{label}</FormLabel>
      <Input readOnly value={value} variant="soft" slotProps={{ input: { 'data-testid': testId } as Record<string, string | undefined> }} />
      {hint && <FormHelperText>{hint}</FormHelperText>}
    </FormControl>
  );
}

/** A choice among a few values (country, language), held by react-hook-form. */
export function SettingsSelect<V extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  options,
  errorText,
  testId,
}: {
  control: Control<V, unknown, V>;
  name: FieldPathByValue<V, string>;
  label: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The message when the field is invalid (one wording whatever the schema's issue). */
  errorText: string;
  testId: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={fieldState.error !== undefined}>
          <FormLabel>{label}</FormLabel>
          <Select
            placeholder={placeholder}
            value={(field.value as string) || null}
            onChange={(_, value) => field.onChange(value ?? '')}
            onClose={field.onBlur}
            slotProps={{ button: { ref: field.ref, 'data-testid': testId, 'aria-invalid': fieldState.error !== undefined || undefined } as Record<string, unknown> }}
            // Joy dims the placeholder to 64 %, below the 4.5:1 contrast text needs.
            sx={{ '--Select-placeholderOpacity': 1 }}
          >
            {options.map((option) => (
              <Option key={option.value} value={option.value}>
                {option.label}
              </Option>
            ))}
          </Select>
          {fieldState.error && <FormHelperText>{errorText}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** The countries (name and two-letter code) in the operator's language, for SettingsSelect. */
export function useCountryOptions(): ReadonlyArray<{ value: string; label: string }> {
  const { language } = useLocale();
  return useMemo(() => countryOptions(language).map(({ code, name }) => ({ value: code, label: name })), [language]);
}

/** The form's fields; while a save is in flight they wait (what is typed then would be overwritten by its answer). */
export function SettingsFieldset<TData, TValues>({ actor, children }: { actor: SettingsFormActor<TData, TValues>; children: ReactNode }) {
  const saving = useSelector(actor, selectSettingsSaving);
  return (
    <Box component="fieldset" disabled={saving} sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {children}
    </Box>
  );
}

/**
 * The end of a settings form: the failed save's message (kept until the next attempt; the
 * snackbar announces it, so this one is not a live region), Save (Retry after a failure; busy and
 * disabled while saving) and Discard changes (back to what the server holds).
 */
export function SettingsFormActions<TData, TValues>({
  actor,
  onDiscard,
  testIdPrefix,
}: {
  actor: SettingsFormActor<TData, TValues>;
  onDiscard: () => void;
  testIdPrefix: string;
}) {
  const t = useT();
  const errorId = useId();
  const saving = useSelector(actor, selectSettingsSaving);
  const error = useSelector(actor, selectSettingsSaveError);
  const unsaved = useSelector(actor, selectSettingsUnsaved);
  // A button that turns disabled drops the keyboard focus; once the save is over it gets it back.
  const saveRef = useRef<HTMLButtonElement>(null);
  const wasSaving = useRef(false);
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (wasSaving.current && !saving && focusLost) saveRef.current?.focus();
    wasSaving.current = saving;
  }, [saving]);
  return (
    <>
      {error && (
        // Not a live region (Joy's Alert defaults to role="alert"): the snackbar announces the
        // failure; this copy stays beside Save and describes it (aria-describedby).
        <Alert id={errorId} role="none" color="danger" variant="soft" data-testid={`${testIdPrefix}-save-error`}>
          {t(error)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          ref={saveRef}
          type="submit"
          loading={saving}
          loadingPosition="start"
          aria-busy={saving}
          aria-describedby={error ? errorId : undefined}
          data-testid={`${testIdPrefix}-save`}
        >
          {saving ? t('settings.general.saving') : error ? t('settings.general.retry') : t('settings.general.save')}
        </Button>
        <Button type="button" variant="plain" color="neutral" onClick={onDiscard} disabled={saving || !unsaved}>
          {t('settings.general.discard')}
        </Button>
      </Box>
    </>
  );
}
