import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Controller, useWatch, type FieldError } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import type { Template } from '../../api/templates';
import type { Media } from '../../api/offers';
import { useT } from '../../i18n';
import { now } from '../../lib/clock';
import { atTimeOfDay, timeOfDay, type OfferDay } from '../../lib/offer-dates';
import { blankOfferValues, type OfferDatesEvent, offerDatesMachine, type OfferFormMachine, type OfferFormValues, selectChecking, selectCreatingOffer, selectOfferTemplates, selectOfferWindows, selectOrderDay, selectOrderEndsTomorrow, selectPickupDay, selectPickupDayDisabled, selectPickupEndsTomorrow, selectRestoredDraft, selectSavedOfferId, selectSaveError, selectSaving, selectTemplateFailed } from '../../machines/offers';
import { fieldProps, FormSection, TextField, TimeField } from '../../ui/form-fields';
import { EditForm, useEditForm } from '../records/edit-form';
import { fieldErrorText, ImageSection, OptionGroupsSection, PriceFields, saveErrorText, WeekdayChecks, type OfferLikeFormProps } from './offer-fields';
import { formMessageText, offerFormSchema, ruleFieldOf } from './offer-form-schema';


/**
 * The offer form. react-hook-form holds the values and runs the schema (spec section 5's rules);
 * the date fields are the offer-dates machine's: the form sends it the operator's choices and
 * copies its windows into the values. Every change goes to the form machine (the draft); Save
 * hands it the validated values.
 */
export function OfferForm({ actor, initial, lookups, getToken, onCancel }: OfferLikeFormProps<ActorRefFrom<OfferFormMachine>, OfferFormValues>) {
  const t = useT();
  const [defaults] = useState(() => initial ?? blankOfferValues(now()));
  const [schema] = useState(() => offerFormSchema(now));
  const form = useEditForm<OfferFormValues>(actor, { defaultValues: defaults, resolver: zodResolver(schema) });
  const { register, control, setValue, getValues, setError, formState } = form;
  const { errors, isSubmitted } = formState;

  const saving = useSelector(actor, selectSaving);
  const checking = useSelector(actor, selectChecking);
  const saveError = useSelector(actor, selectSaveError);
  const restored = useSelector(actor, selectRestoredDraft);
  const templateFailed = useSelector(actor, selectTemplateFailed);
  const savedId = useSelector(actor, selectSavedOfferId);
  const creating = useSelector(actor, selectCreatingOffer);
  const templates = useSelector(actor, selectOfferTemplates);

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
  const windows = useSelector(dates, selectOfferWindows);
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

  // A server 400 names a rule (its wording): the message also lands beside the field to fix.
  useEffect(() => {
    if (saveError?.kind !== 'server') return;
    const field = ruleFieldOf(saveError.message);
    if (field) setError(field, { type: 'server', message: saveError.message }, { shouldFocus: field !== 'repeat_on_days' });
  }, [saveError, setError]);

  const origin = useWatch({ control, name: 'origin' });
  const messageOf = (error: FieldError | undefined) => fieldErrorText(t, error);
  // Once the offer is saved and only its template failed, Retry makes the template alone.
  const save = (values: OfferFormValues) => actor.send(selectTemplateFailed(actor.getSnapshot()) ? { type: 'form.retry' } : { type: 'form.submit', values });
  // The edit page's upload answers the offer's media ("save as template" copies it).
  const onMedia = useCallback(
    (media: Media[]) => {
      const current = actor.getSnapshot().context.offer;
      if (current) actor.send({ type: 'form.mediaUploaded', offer: { ...current, media } });
    },
    [actor],
  );

  const errorText =
    templateFailed && saveError
      ? t('offerForm.templateFailed', { reason: saveError.kind === 'server' ? formMessageText(t, saveError.message) : '' }).trim()
      : saveErrorText(t, saveError, 'offerForm.saveFailed');

  return (
    <EditForm form={form} name="offer" status={{ saving, checking, errorText, restored }} onSave={save} onCancel={onCancel}>
      {creating && templates.length > 0 && <StartFromTemplate templates={templates} chosen={defaults.template_id} onChoose={(template) => actor.send({ type: 'form.templateChosen', template, at: now() })} />}

      <FormSection title={t('offerForm.details')}>
        <TextField label={t('offerForm.name')} error={messageOf(errors.name)} {...fieldProps(register('name'))} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          <TextField label={t('offerForm.quantity')} type="number" min={1} step={1} error={messageOf(errors.quantity)} {...fieldProps(register('quantity', { valueAsNumber: true }))} />
          <PriceFields discountTestId="offer-discount" />
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
        <WeekdayChecks label={t('offerForm.weekdays')} testId="offer-weekdays" />
      </FormSection>

      <OptionGroupsSection lookups={lookups} testIdPrefix="offer" />
      <ImageSection kind="offer" savedId={savedId} beforeSave={t('offerForm.imageAfterSave')} getToken={getToken} onMedia={onMedia} />

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
    </EditForm>
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
