import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Stack from '@mui/joy/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import {
  Controller,
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import type { ZodType } from 'zod';
import { LeaveDialog, useLeaveGuard } from '../../app/leave-guard';
import { useLocale, useT, type MessageKey, type Translate } from '../../i18n';
import { countryOptions } from '../../lib/countries';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import {
  selectSettingsData,
  selectSettingsLoadFailed,
  selectSettingsLoading,
  selectSettingsRestoredDraft,
  selectSettingsSavedValues,
  selectSettingsSaveError,
  selectSettingsSaving,
  selectSettingsUnsaved,
  type SettingsFormMachine,
} from '../../machines/settings';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';

/**
 * What every settings tab's form shares (src/machines/settings/form.machine.ts drives them): the
 * load states and the unsaved-changes prompt around the form, react-hook-form wired to the
 * machine, the form itself with Save / Discard changes, and the fields bound to react-hook-form
 * with their messages in the operator's language (the postal address among them).
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
  const data = useSelector(actor, selectSettingsData);
  const saved = useSelector(actor, selectSettingsSavedValues);
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

/** A settings form's react-hook-form: what its fields are bound to. */
export type SettingsFormApi<TValues extends FieldValues> = UseFormReturn<TValues, unknown, TValues>;

/**
 * react-hook-form on the machine's values, checked with the api's own schema (the server's rules
 * and messages): it starts from what the machine holds (what the server holds, or the draft a
 * reload left behind), every change reaches the machine (`form.changed`: unsaved or not), Save
 * hands it the validated values, and a save's answer becomes the form's values (the server may
 * have trimmed what was typed). Discard goes back to the server's values.
 */
export function useSettingsForm<TData, TValues extends FieldValues>(
  actor: SettingsFormActor<TData, TValues>,
  saved: TValues,
  schema: ZodType<TValues, TValues>,
): { form: SettingsFormApi<TValues>; submit: (event?: BaseSyntheticEvent) => Promise<void>; discard: () => void } {
  // Read once: the form is mounted when the machine is done restoring, and holds the values from then on.
  const [opening] = useState(() => actor.getSnapshot().context.values ?? saved);
  const [resolver] = useState(() => zodResolver(schema, settingsErrorMap));
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
const settingsErrorMap = {
  error: (issue: { code?: string; origin?: string; maximum?: unknown }) =>
    issue.code === 'too_big' && issue.origin === 'string' ? `too-long:${String(issue.maximum)}` : undefined,
};

function fieldMessage(t: Translate, error: FieldError | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  const key = SCHEMA_MESSAGES[message];
  if (key) return t(key);
  const tooLong = TOO_LONG.exec(message);
  return tooLong ? t('settings.general.tooLong', { max: tooLong[1] }) : message;
}

/** The field's message in the operator's language, once the schema found a problem with it. */
export function settingsFieldMessage<V extends FieldValues>(t: Translate, form: SettingsFormApi<V>, name: Path<V>): string | undefined {
  // Only the errors: getFieldState would read dirtyFields and touchedFields through formState too,
  // and react-hook-form would then work them out and re-render the form on every keystroke.
  const error: FieldError | undefined = get(form.formState.errors, name);
  return fieldMessage(t, error);
}

/** A labelled text input bound to the form's field `name`; its message (or hint) under it, tied to it. */
export function SettingsTextField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
}: {
  form: SettingsFormApi<V>;
  name: Path<V>;
  label: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
}) {
  const t = useT();
  const error = settingsFieldMessage(t, form, name);
  const { ref, ...rest } = form.register(name);
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
  form,
  name,
  label,
  placeholder,
  options,
  errorText,
  testId,
}: {
  form: SettingsFormApi<V>;
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
      control={form.control}
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
function useCountryOptions(): ReadonlyArray<{ value: string; label: string }> {
  const { language } = useLocale();
  return useMemo(() => countryOptions(language).map(({ code, name }) => ({ value: code, label: name })), [language]);
}

/** Fields side by side, `count` to a row (one under the other on a phone). */
export function FieldColumns({ count, children }: { count: 2 | 3; children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: `repeat(${count}, 1fr)` } }}>{children}</Box>;
}

/** Where a form holds a postal address: Business info nests it under `address`, Billing keeps it at the top. */
export interface AddressFieldNames<V extends FieldValues> {
  addressPrint: Path<V>;
  city: Path<V>;
  postalCode: Path<V>;
  country: FieldPathByValue<V, string>;
}

/** A postal address as the store's business info and its billing both hold it: street and number, then city, postal code and country. */
export function SettingsAddressFields<V extends FieldValues>({ form, names, countryTestId }: { form: SettingsFormApi<V>; names: AddressFieldNames<V>; countryTestId: string }) {
  const t = useT();
  const countries = useCountryOptions();
  return (
    <>
      <SettingsTextField form={form} name={names.addressPrint} label={t('settings.general.addressPrint')} autoComplete="street-address" />
      <FieldColumns count={3}>
        <SettingsTextField form={form} name={names.city} label={t('settings.general.city')} autoComplete="address-level2" />
        <SettingsTextField form={form} name={names.postalCode} label={t('settings.general.postalCode')} autoComplete="postal-code" />
        <SettingsSelect
          form={form}
          name={names.country}
          label={t('settings.general.country')}
          placeholder={t('settings.general.countryNone')}
          options={countries}
          errorText={t('settings.general.invalidCountry')}
          testId={countryTestId}
        />
      </FieldColumns>
    </>
  );
}

/**
 * A settings tab's form: `notice` above the fields, the fields (`children`), `after` them what is
 * only shown (outside the fieldset, so it never waits on a save), then the failed save's message,
 * Save and Discard changes. Its test ids: `{testIdPrefix}-form`, `-save` and `-save-error`.
 */
export function SettingsForm<TData, TValues>({
  actor,
  onSubmit,
  onDiscard,
  testIdPrefix,
  maxWidth,
  notice,
  after,
  children,
}: {
  actor: SettingsFormActor<TData, TValues>;
  onSubmit: (event: BaseSyntheticEvent) => Promise<void>;
  onDiscard: () => void;
  testIdPrefix: string;
  /** Left out where the tab already sets the width around the form. */
  maxWidth?: number;
  notice?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid={`${testIdPrefix}-form`}>
      <Stack gap={2} sx={maxWidth === undefined ? undefined : { maxWidth }}>
        {notice}
        <SettingsFieldset actor={actor}>{children}</SettingsFieldset>
        {after}
        <SettingsFormActions actor={actor} onDiscard={onDiscard} testIdPrefix={testIdPrefix} />
      </Stack>
    </form>
  );
}

/** The form's fields; while a save is in flight they wait (what is typed then would be overwritten by its answer). */
function SettingsFieldset<TData, TValues>({ actor, children }: { actor: SettingsFormActor<TData, TValues>; children: ReactNode }) {
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
function SettingsFormActions<TData, TValues>({
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
