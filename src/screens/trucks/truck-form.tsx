import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { TRUCK_STATUSES, type Truck } from '../../api/logistics';
import { useLocale, type MessageKey } from '../../i18n';
import { selectFormChecking, selectFormSaving } from '../../machines/shared/record-form.machine';
import type { TruckFormValues } from '../../machines/trucks';
import { FormSection } from '../../ui/form-fields';
import { EditForm, useEditForm } from '../records/edit-form';
import type { RecordFormActor } from '../records/record-form-frame';
import { useSaveErrorText } from '../records/record-form-frame';
import { ContactSection, fieldMessage, RecordTextField } from '../records/record-fields';
import { truckFormSchema } from './truck-form-schema';

const CONFLICTS = { plate: 'truckForm.plateTaken', name: 'truckForm.nameTaken' } as const satisfies Partial<Record<keyof TruckFormValues, MessageKey>>;

/**
 * The truck form: name, number plate (kept in capitals), capacity in packages, the
 * driver and the status. react-hook-form holds the values and runs the schema; every change goes
 * to the form machine (unsaved changes), Save hands it the validated values. A plate another
 * truck of the store already has (the server's 409, also for a name) is said beside the plate.
 */
export function TruckForm({ actor, initial, onCancel }: { actor: RecordFormActor<Truck, TruckFormValues>; initial: TruckFormValues; onCancel: () => void }) {
  const { t } = useLocale();
  const statusLabelId = useId();
  const [resolver] = useState(() => zodResolver(truckFormSchema()));
  const form = useEditForm<TruckFormValues>(actor, { defaultValues: initial, resolver });
  const { register, control, setError, formState } = form;
  const { errors } = formState;
  const saving = useSelector(actor, selectFormSaving);
  const checking = useSelector(actor, selectFormChecking);
  const { error: saveError, text: errorText } = useSaveErrorText(actor, { general: 'truckForm.saveFailed', conflict: 'truckForm.plateTaken', conflictOn: CONFLICTS });

  // The server's 409: another truck of the store has this plate (or name). Said beside that field, which gets the focus.
  useEffect(() => {
    if (saveError?.kind !== 'conflict' || saveError.field === null) return;
    const field = saveError.field;
    if (field === 'plate' || field === 'name') setError(field, { type: 'server', message: CONFLICTS[field] }, { shouldFocus: true });
  }, [saveError, setError]);

  return (
    <EditForm form={form} name="truck" status={{ saving, checking, errorText }} onSave={(values) => actor.send({ type: 'form.submit', values })} onCancel={onCancel}>
      <FormSection title={t('truckForm.details')}>
        <RecordTextField label={t('truckForm.name')} hint={t('truckForm.nameHint')} error={fieldMessage(t, errors.name)} field={register('name')} autoComplete="off" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, alignItems: 'start' }}>
          <RecordTextField
            label={t('truckForm.plate')}
            hint={t('truckForm.plateHint')}
            error={fieldMessage(t, errors.plate)}
            field={register('plate')}
            autoComplete="off"
            upperCase
          />
          <RecordTextField
            label={t('truckForm.capacity')}
            hint={t('truckForm.capacityHint')}
            error={fieldMessage(t, errors.capacity)}
            field={register('capacity', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            step={1}
          />
        </Box>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={statusLabelId}>{t('truckForm.status')}</FormLabel>
              <RadioGroup
                orientation="horizontal"
                aria-labelledby={statusLabelId}
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                sx={{ flexWrap: 'wrap', gap: 2 }}
              >
                {TRUCK_STATUSES.map((status) => (
                  <Radio key={status} value={status} label={t(`trucks.status.${status}`)} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
      </FormSection>

      <ContactSection
        title={t('truckForm.driver')}
        name={{ label: t('truckForm.driverName'), field: register('driver_name'), error: fieldMessage(t, errors.driver_name) }}
        phone={{ label: t('truckForm.driverPhone'), field: register('driver_phone'), error: fieldMessage(t, errors.driver_phone) }}
      />
    </EditForm>
  );
}
