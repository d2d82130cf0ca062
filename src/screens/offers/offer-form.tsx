import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { OPTION_GROUPS, type Lookups } from '../../api/lookups';
import type { Template } from '../../api/templates';
import { discountPercent } from '../../api/offer-rules';
import { MediaUploadResponseSchema, uploadTarget } from '../../api/offers';
import { useServices } from '../../app/services';
import { useLocale, useT } from '../../i18n';
import { weekdays } from '../../i18n/weekdays';
import { now } from '../../lib/clock';
import { formatPercent } from '../../lib/format';
import { atTimeOfDay, timeOfDay, type OfferDay } from '../../lib/offer-dates';
import {
  offerDatesMachine,
  selectOrderDay,
  selectOrderEndsTomorrow,
  selectPickupDay,
  selectPickupDayDisabled,
  selectPickupEndsTomorrow,
  type OfferDatesEvent,
} from '../../machines/offers/dates.machine';
import {
  blankOfferValues,
  selectChecking,
  selectRestoredDraft,
  selectSaveError,
  selectSaving,
  selectTemplateFailed,
  type OfferFormMachine,
  type OfferFormValues,
} from '../../machines/offers/form.machine';
import { fieldProps, FormActions, FormSection, IdChecks, TextField, TimeField } from '../../ui/form-fields';
import { ImageUpload } from '../shared/image-upload';
import { formMessageText, offerFormSchema, ruleFieldOf } from './offer-form-schema';


interface OfferFormProps {
  actor: ActorRefFrom<OfferFormMachine>;
  /** A restored draft or the offer being edited; null for a new offer. */
  initial: OfferFormValues | null;
  lookups: Lookups;
  getToken: () => Promise<string | undefined>;
  onCancel: () => void;
}

/**
 * The offer form. react-hook-form holds the values and runs the schema (spec section 5's rules);
 * the date fields are the offer-dates machine's: the form sends it the operator's choices and
 * copies its windows into the values. Every change goes to the form machine (the draft); Save
 * hands it the validated values.
 */
export function OfferForm({ actor, initial, lookups, getToken, onCancel }: OfferFormProps) {
  const t = useT();
  const { language } = useLocale();
  const { notify } = useServices();
  const [defaults] = useState(() => initial ?? blankOfferValues(now()));
  const [schema] = useState(() => offerFormSchema(now));
  const { register, control, handleSubmit, subscribe, setValue, getValues, setError, formState } = useForm<OfferFormValues>({
    defaultValues: defaults,
    resolver: zodResolver(schema),
    // After the first Save attempt each field re-checks as it changes, so a fix clears its message.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitted } = formState;

  const saving = useSelector(actor, selectSaving);
  const checking = useSelector(actor, selectChecking);
  const saveError = useSelector(actor, selectSaveError);
  const restored = useSelector(actor, selectRestoredDraft);
  const offer = useSelector(actor, (s) => s.context.offer);
  const creating = useSelector(actor, (s) => s.context.offerId === null);
  const templates = useSelector(actor, (s) => s.context.templates);

  // The date behaviour machine starts from the form's windows and owns them from then on.
  const dates = useActorRef(offerDatesMachine, {
    input: {
      windows: {
        orderFrom: defaults.order_date_from,
        orderTo: defaults.order_date_to,
        pickupFrom: defaults.pickup_date_from,
        pickupTo: defaults.pickup_date_to,
      },
    },
  });
  const windows = useSelector(dates, (s) => s.context);
  const orderDay = useSelector(dates, selectOrderDay);
  const pickupDay = useSelector(dates, selectPickupDay);
  const pickupLocked = useSelector(dates, selectPickupDayDisabled);
  const orderEndsTomorrow = useSelector(dates, selectOrderEndsTomorrow);
  const pickupEndsTomorrow = useSelector(dates, selectPickupEndsTomorrow);
  const sendDates = (event: OfferDatesEvent) => dates.send(event);

  // The machine's windows are the form's date values: copied across whenever they change.
  useEffect(() => {
    const sub = dates.subscribe((snapshot) => {
      const { orderFrom, orderTo, pickupFrom, pickupTo } = snapshot.context;
      const current = getValues();
      const options = { shouldDirty: true, shouldValidate: isSubmitted };
      if (current.order_date_from !== orderFrom) setValue('order_date_from', orderFrom, options);
      if (current.order_date_to !== orderTo) setValue('order_date_to', orderTo, options);
      if (current.pickup_date_from !== pickupFrom) setValue('pickup_date_from', pickupFrom, options);
      if (current.pickup_date_to !== pickupTo) setValue('pickup_date_to', pickupTo, options);
    });
    return () => sub.unsubscribe();
  }, [dates, getValues, setValue, isSubmitted]);

  // Every change is the draft's: the form machine writes it (debounced) to sessionStorage.
  useEffect(() => {
    return subscribe({ formState: { values: true }, callback: () => actor.send({ type: 'form.changed', values: getValues() }) });
  }, [subscribe, getValues, actor]);

  // A server 400 names a rule (its wording): the message also lands beside the field to fix.
  useEffect(() => {
    if (saveError?.kind !== 'server') return;
    const field = ruleFieldOf(saveError.message);
    if (field) setError(field, { type: 'server', message: saveError.message }, { shouldFocus: field !== 'repeat_on_days' });
  }, [saveError, setError]);

  const [unitPrice, originPrice, origin] = useWatch({ control, name: ['unit_price', 'origin_price', 'origin'] });
  const discount = discountPercent(originPrice, unitPrice);

  const messageOf = (error: FieldError | undefined): string | undefined => {
    const message = error?.message;
    if (!message) return undefined;
    return formMessageText(t, message);
  };
  // Once the offer is saved and only its template failed, Retry makes the template alone.
  const submit = handleSubmit((values) => actor.send(selectTemplateFailed(actor.getSnapshot()) ? { type: 'form.retry' } : { type: 'form.submit', values }));

  // Memoised on the id: the upload widget rebuilds its machine when its fields change.
  const savedId = offer?.id;
  const target = useMemo(() => (savedId === undefined ? null : uploadTarget({ kind: 'offer', id: savedId })), [savedId]);
  const onUploaded = useMemo(
    () => (data: unknown) => {
      const parsed = MediaUploadResponseSchema.safeParse(data);
      const current = actor.getSnapshot().context.offer;
      if (parsed.success && current) actor.send({ type: 'form.mediaUploaded', offer: { ...current, media: parsed.data.media } });
    },
    [actor],
  );

  const templateFailed = useSelector(actor, selectTemplateFailed);
  const serverText = saveError?.kind === 'server' ? formMessageText(t, saveError.message) : null;
  // A create whose answer was lost: not saved (checked), or not known (Retry checks first).
  const lostText = saveError?.kind === 'notSaved' ? t('common.notSavedAfterLostAnswer') : saveError?.kind === 'unconfirmed' ? t('common.saveUnconfirmed') : null;
  const errorText = saveError
    ? (lostText ?? (templateFailed ? t('offerForm.templateFailed', { reason: serverText ?? '' }).trim() : (serverText ?? t('offerForm.saveFailed'))))
    : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid="offer-form">
      <Stack gap={2} sx={{ maxWidth: 760 }}>
        {restored && (
          <Alert color="primary" variant="soft" role="status">
            {t('offerForm.draftRestored')}
          </Alert>
        )}

        {creating && templates.length > 0 && <StartFromTemplate templates={templates} chosen={defaults.template_id} onChoose={(template) => actor.send({ type: 'form.templateChosen', template, at: now() })} />}

        <FormSection title={t('offerForm.details')}>
          <TextField label={t('offerForm.name')} error={messageOf(errors.name)} {...fieldProps(register('name'))} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            <TextField label={t('offerForm.quantity')} type="number" min={1} step={1} error={messageOf(errors.quantity)} {...fieldProps(register('quantity', { valueAsNumber: true }))} />
            <TextField label={t('offerForm.originPrice')} type="number" min={0} step={0.01} error={messageOf(errors.origin_price)} {...fieldProps(register('origin_price', { valueAsNumber: true }))} />
            <TextField label={t('offerForm.unitPrice')} type="number" min={0} step={0.01} error={messageOf(errors.unit_price)} {...fieldProps(register('unit_price', { valueAsNumber: true }))} />
            <FormControl>
              <FormLabel>{t('offerForm.discount')}</FormLabel>
              <Input readOnly value={formatPercent(discount, language, 0)} slotProps={{ input: { 'data-testid': 'offer-discount' } as Record<string, string> }} />
            </FormControl>
          </Box>
        </FormSection>

        <FormSection title={t('offerForm.orderWindow')}>
          <DayChoice label={t('offerForm.orderDay')} value={orderDay} onChange={(day) => sendDates({ type: 'dates.chooseOrderDay', day })} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            <TimeField
              label={t('offerForm.orderStart')}
              value={timeOfDay(windows.orderFrom)}
              error={messageOf(errors.order_date_from)}
              onChange={(hhmm) => {
                const at = atTimeOfDay(windows.orderFrom, hhmm);
                if (at !== null) sendDates({ type: 'dates.setOrderStart', at });
              }}
            />
            <TimeField
              label={t('offerForm.orderEnd')}
              value={timeOfDay(windows.orderTo)}
              hint={orderEndsTomorrow ? t('offerForm.tomorrowHint') : undefined}
              error={messageOf(errors.order_date_to)}
              onChange={(hhmm) => {
                const at = atTimeOfDay(windows.orderFrom, hhmm);
                if (at !== null) sendDates({ type: 'dates.setOrderEnd', at });
              }}
            />
          </Box>
        </FormSection>

        <FormSection title={t('offerForm.pickupWindow')}>
          <DayChoice
            label={t('offerForm.pickupDay')}
            value={pickupDay}
            disabled={pickupLocked}
            note={pickupLocked ? t('offerForm.pickupDayLocked') : undefined}
            onChange={(day) => sendDates({ type: 'dates.choosePickupDay', day })}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            <TimeField
              label={t('offerForm.pickupStart')}
              value={timeOfDay(windows.pickupFrom)}
              error={messageOf(errors.pickup_date_from)}
              onChange={(hhmm) => {
                const at = atTimeOfDay(windows.pickupFrom, hhmm);
                if (at !== null) sendDates({ type: 'dates.setPickupStart', at });
              }}
            />
            <TimeField
              label={t('offerForm.pickupEnd')}
              value={timeOfDay(windows.pickupTo)}
              hint={pickupEndsTomorrow ? t('offerForm.tomorrowHint') : undefined}
              error={messageOf(errors.pickup_date_to)}
              onChange={(hhmm) => {
                const at = atTimeOfDay(windows.pickupFrom, hhmm);
                if (at !== null) sendDates({ type: 'dates.setPickupEnd', at });
              }}
            />
          </Box>
        </FormSection>

        <FormSection title={t('offerForm.weekdays')}>
          {origin !== 'template' && (
            <Controller
              control={control}
              name="origin"
              render={({ field }) => (
                <Checkbox
                  label={t('offerForm.recurring')}
                  checked={field.value === 'recurring'}
                  onChange={(event) => field.onChange(event.target.checked ? 'recurring' : 'offer')}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              )}
            />
          )}
          <IdChecks
            control={control}
            name="repeat_on_days"
            label={t('offerForm.weekdays')}
            options={weekdays[language].map((name, i) => ({ id: i + 1, name }))}
            error={messageOf(errors.repeat_on_days as FieldError | undefined)}
            testId="offer-weekdays"
          />
        </FormSection>

        <FormSection title={t('offerForm.options')}>
          {OPTION_GROUPS.map((group) =>
            lookups[group].length === 0 ? null : (
              <IdChecks key={group} control={control} name={group} label={t(`offerForm.group.${group}`)} options={lookups[group]} testId={`offer-${group}`} />
            ),
          )}
        </FormSection>

        <FormSection title={t('offerForm.image')}>
          {offer && target ? (
            <ImageUpload url={target.url} fields={target.fields} imageField={target.imageField} onUploaded={onUploaded} getToken={getToken} notify={notify} />
          ) : (
            <Typography level="body-sm">{t('offerForm.imageAfterSave')}</Typography>
          )}
        </FormSection>

        <Controller
          control={control}
          name="saveAsTemplate"
          render={({ field }) => (
            <Checkbox
              label={t('offerForm.saveAsTemplate')}
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
              slotProps={{ input: { 'aria-describedby': 'offer-template-hint' } }}
            />
          )}
        />
        <Typography id="offer-template-hint" level="body-sm" sx={{ mt: -1.5, ml: 3.5 }}>
          {t('offerForm.saveAsTemplateHint')}
        </Typography>

        <FormActions
          errorText={errorText}
          errorTestId="offer-save-error"
          saving={saving}
          labels={{ save: t('offerForm.save'), saving: t(checking ? 'common.checkingSaved' : 'offerForm.saving'), retry: t('offerForm.retry'), cancel: t('offerForm.cancel') }}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

function DayChoice({ label, value, disabled, note, onChange }: { label: string; value: OfferDay; disabled?: boolean; note?: string; onChange: (day: OfferDay) => void }) {
  const t = useT();
  const id = useId();
  return (
    // Only the radios are disabled: the label and the note saying why must stay readable (contrast).
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup orientation="horizontal" aria-labelledby={id} value={value} onChange={(event) => onChange(event.target.value === 'tomorrow' ? 'tomorrow' : 'today')}>
        <Radio value="today" label={t('offerForm.today')} disabled={disabled} />
        <Radio value="tomorrow" label={t('offerForm.tomorrow')} disabled={disabled} />
      </RadioGroup>
      {note && <FormHelperText>{note}</FormHelperText>}
    </FormControl>
  );
}

/** A new offer can start from one of the store's active templates: its values fill the form. */
function StartFromTemplate({ templates, chosen, onChoose }: { templates: readonly Template[]; chosen: number | null; onChoose: (template: Template) => void }) {
  const t = useT();
  const id = useId();
  return (
    <FormControl sx={{ maxWidth: 420 }}>
      <FormLabel id={id}>{t('offerForm.fromTemplate')}</FormLabel>
      <Select
        placeholder={t('offerForm.fromTemplateNone')}
        value={chosen}
        onChange={(_, value) => {
          const template = templates.find((tpl) => tpl.id === value);
          if (template) onChoose(template);
        }}
        slotProps={{ button: { 'aria-labelledby': id, 'data-testid': 'offer-from-template' } as Record<string, string> }}
        // Joy dims the placeholder to 64 %, below the 4.5:1 contrast text needs.
        sx={{ '--Select-placeholderOpacity': 1 }}
      >
        {templates.map((template) => (
          <Option key={template.id} value={template.id}>
            {template.name}
          </Option>
        ))}
      </Select>
      <FormHelperText>{t('offerForm.fromTemplateHint')}</FormHelperText>
    </FormControl>
  );
}
