import AspectRatio from '@mui/joy/AspectRatio';
import Box from '@mui/joy/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useWatch, type FieldError } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import type { Media } from '../../api/offers';
import { useLocale } from '../../i18n';
import { now } from '../../lib/clock';
import { atTimeOfDay, endsNextDay, placeTemplateWindows, timeOfDay, type TemplateWindows } from '../../lib/offer-dates';
import {
  blankTemplateValues,
  selectSavedTemplate,
  selectTemplateChecking,
  selectTemplateRestoredDraft,
  selectTemplateSaveError,
  selectTemplateSaving,
  type TemplateFormMachine,
  type TemplateFormValues,
} from '../../machines/templates';
import { fieldProps, FormSection, TextField, TimeField } from '../../ui/form-fields';
import { fieldErrorText, ImageSection, OptionGroupsSection, PriceFields, saveErrorText, WeekdayChecks, type OfferLikeFormProps } from '../offers/offer-fields';
import { ruleFieldOf } from '../offers/offer-form-schema';
import { EditForm, useEditForm } from '../records/edit-form';
import { templateFormSchema } from './template-form-schema';

type WindowField = 'order_date_from' | 'order_date_to' | 'pickup_date_from' | 'pickup_date_to';

/**
 * The template form. react-hook-form holds the values and runs the schema (the template rules of
 * spec section 5); the four times of day are placed in order by placeTemplateWindows. Every
 * change goes to the form machine (the draft); Save hands it the validated values.
 */
export function TemplateForm({ actor, initial, lookups, getToken, onCancel }: OfferLikeFormProps<ActorRefFrom<TemplateFormMachine>, TemplateFormValues>) {
  const { t } = useLocale();
  const [defaults] = useState(() => initial ?? blankTemplateValues(now()));
  const [schema] = useState(templateFormSchema);
  const form = useEditForm<TemplateFormValues>(actor, { defaultValues: defaults, resolver: zodResolver(schema) });
  const { register, control, setValue, setError, formState } = form;
  const { errors, isSubmitted } = formState;

  const saving = useSelector(actor, selectTemplateSaving);
  const checking = useSelector(actor, selectTemplateChecking);
  const saveError = useSelector(actor, selectTemplateSaveError);
  const restored = useSelector(actor, selectTemplateRestoredDraft);
  const template = useSelector(actor, selectSavedTemplate);

  // A server 400 names a rule (its wording): the message also lands beside the field to fix.
  useEffect(() => {
    if (saveError?.kind !== 'server') return;
    const field = ruleFieldOf(saveError.message);
    if (field === null || field === 'repeat_on_days') return;
    setError(field === 'quantity' ? 'template_quantity' : field, { type: 'server', message: saveError.message }, { shouldFocus: true });
  }, [saveError, setError]);

  const [orderFrom, orderTo, pickupFrom, pickupTo] = useWatch({ control, name: ['order_date_from', 'order_date_to', 'pickup_date_from', 'pickup_date_to'] });

  /** A time of day was typed: the four times are placed in order again and written back. */
  const setTime = (field: WindowField, hhmm: string) => {
    const at = atTimeOfDay(orderFrom, hhmm);
    if (at === null) return;
    const current: TemplateWindows = { orderFrom, orderTo, pickupFrom, pickupTo };
    const key = { order_date_from: 'orderFrom', order_date_to: 'orderTo', pickup_date_from: 'pickupFrom', pickup_date_to: 'pickupTo' } as const;
    const placed = placeTemplateWindows({ ...current, [key[field]]: at });
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('order_date_from', placed.orderFrom, options);
    setValue('order_date_to', placed.orderTo, options);
    setValue('pickup_date_from', placed.pickupFrom, options);
    setValue('pickup_date_to', placed.pickupTo, options);
  };

  const messageOf = (error: FieldError | undefined) => fieldErrorText(t, error);
  // The edit page's upload answers the template's media.
  const onMedia = useCallback((media: Media[]) => actor.send({ type: 'form.mediaUploaded', media }), [actor]);
  const cover = template?.media.find((m) => m.kind === 'cover')?.url ?? template?.media[0]?.url;
  const errorText = saveErrorText(t, saveError, 'templateForm.saveFailed');
  const tomorrow = t('offerForm.tomorrowHint');

  return (
    <EditForm form={form} name="template" status={{ saving, checking, errorText, restored }} onSave={(values) => actor.send({ type: 'form.submit', values })} onCancel={onCancel}>
      <FormSection title={t('templateForm.details')}>
        <TextField label={t('offerForm.name')} error={messageOf(errors.name)} {...fieldProps(register('name'))} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          <TextField
            label={t('templateForm.quantity')}
            type="number"
            min={1}
            step={1}
            hint={t('templateForm.quantityHint')}
            error={messageOf(errors.template_quantity)}
            {...fieldProps(register('template_quantity', { valueAsNumber: true }))}
          />
          <PriceFields discountTestId="template-discount" />
        </Box>
      </FormSection>

      <FormSection title={t('templateForm.recurrence')} hint={t('templateForm.weekdaysHint')}>
        <WeekdayChecks label={t('templateForm.weekdays')} testId="template-weekdays" />
      </FormSection>

      <FormSection title={t('templateForm.times')} hint={t('templateForm.timesHint')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          <TimeField label={t('offerForm.orderStart')} value={timeOfDay(orderFrom)} error={messageOf(errors.order_date_from)} onChange={(v) => setTime('order_date_from', v)} />
          <TimeField
            label={t('offerForm.orderEnd')}
            value={timeOfDay(orderTo)}
            hint={endsNextDay(orderFrom, orderTo) ? tomorrow : undefined}
            error={messageOf(errors.order_date_to)}
            onChange={(v) => setTime('order_date_to', v)}
          />
          <TimeField
            label={t('offerForm.pickupStart')}
            value={timeOfDay(pickupFrom)}
            hint={endsNextDay(orderFrom, pickupFrom) ? tomorrow : undefined}
            error={messageOf(errors.pickup_date_from)}
            onChange={(v) => setTime('pickup_date_from', v)}
          />
          <TimeField
            label={t('offerForm.pickupEnd')}
            value={timeOfDay(pickupTo)}
            hint={endsNextDay(orderFrom, pickupTo) ? tomorrow : undefined}
            error={messageOf(errors.pickup_date_to)}
            onChange={(v) => setTime('pickup_date_to', v)}
          />
        </Box>
      </FormSection>

      <OptionGroupsSection lookups={lookups} testIdPrefix="template" />
      <ImageSection
        kind="template"
        savedId={template?.id}
        cover={
          template &&
          cover && (
            <AspectRatio ratio="16/9" sx={{ width: 240, borderRadius: 'sm' }}>
              <img src={cover} alt={t('templates.imageAlt', { name: template.name })} data-testid="template-cover" />
            </AspectRatio>
          )
        }
        beforeSave={t('templateForm.imageAfterSave')}
        getToken={getToken}
        onMedia={onMedia}
      />
    </EditForm>
  );
}
