import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import type { PickupLocation } from '../../api/logistics';
import { useLocale } from '../../i18n';
import { countryOptions } from '../../lib/countries';
import { type addressLookupMachine, type PickupFormValues, type Position, selectLookupOutcome } from '../../machines/pickups';
import { selectFormChecking, selectFormSaving } from '../../machines/shared/record-form.machine';
import { FormSection } from '../../ui/form-fields';
import { EditForm, useEditForm } from '../records/edit-form';
import { useSaveErrorText, type RecordFormActor } from '../records/record-form-frame';
import { ContactSection, fieldMessage, RecordTextField } from '../records/record-fields';
import { pickupFormSchema, POSITION_REQUIRED } from './pickup-form-schema';
import { PickupMap } from './pickup-map';

export type AddressLookupActor = ActorRefFrom<typeof addressLookupMachine>;

/** Six decimals: about 10 cm, more than a map click or a geocoder means. */
const roundDegrees = (value: number) => Math.round(value * 1e6) / 1e6;
const isSet = (lat: number, lon: number) => Number.isFinite(lat) && Number.isFinite(lon);

/**
 * The pickup location form: name, address, country (the spec's list; a new location
 * starts in the store's country), opening hours, contact, and the position — a click on the map,
 * "Find from address" (the address look-up machine), or latitude and longitude typed, so the
 * keyboard alone can set it. react-hook-form holds the values; every change goes to the form
 * machine (unsaved changes), Save hands it the validated values.
 */
export function PickupForm({
  actor,
  lookup,
  initial,
  storePosition,
  onCancel,
}: {
  actor: RecordFormActor<PickupLocation, PickupFormValues>;
  lookup: AddressLookupActor;
  initial: PickupFormValues;
  /** Where the map opens while the location has no position yet, and what the look-up prefers. */
  storePosition: Position | null;
  onCancel: () => void;
}) {
  const { t, language } = useLocale();
  const [resolver] = useState(() => zodResolver(pickupFormSchema()));
  const form = useEditForm<PickupFormValues>(actor, { defaultValues: initial, resolver });
  const { register, control, getValues, setValue, formState } = form;
  const { errors } = formState;
  const saving = useSelector(actor, selectFormSaving);
  const checking = useSelector(actor, selectFormChecking);
  const { text: errorText } = useSaveErrorText(actor, { general: 'pickupForm.saveFailed', conflict: 'pickupForm.conflict' });
  // 250 options: made once per language, not on every keystroke.
  const countryItems = useMemo(
    () =>
      countryOptions(language).map((country) => (
        <Option key={country.code} value={country.code}>
          {country.name}
        </Option>
      )),
    [language],
  );

  const setPosition = useCallback(
    (position: Position) => {
      const options = { shouldDirty: true, shouldValidate: true };
      setValue('lat', roundDegrees(position.lat), options);
      setValue('lon', roundDegrees(position.lon), options);
    },
    [setValue],
  );

  // A position the look-up found moves the marker (the form holds it like a click would).
  useEffect(() => {
    const subscription = lookup.on('lookup.found', ({ position }) => setPosition(position));
    return () => subscription.unsubscribe();
  }, [lookup, setPosition]);

  const onMapClick = useCallback(
    (clicked: Position) => {
      lookup.send({ type: 'lookup.dismiss' });
      setPosition(clicked);
    },
    [lookup, setPosition],
  );
  const find = () => lookup.send({ type: 'lookup.find', address: getValues('address'), country: getValues('country'), ...(storePosition ? { near: storePosition } : {}) });

  /** A typed latitude or longitude sets the position too: an older look-up's outcome goes. */
  const degreesField = (registered: UseFormRegisterReturn) => ({
    ...registered,
    onChange: (event: { target: unknown; type?: unknown }) => {
      lookup.send({ type: 'lookup.dismiss' });
      return registered.onChange(event);
    },
  });

  const positionMissing = errors.lat?.message === POSITION_REQUIRED || errors.lon?.message === POSITION_REQUIRED;

  return (
    <EditForm form={form} name="pickup" status={{ saving, checking, errorText }} maxWidth={860} onSave={(values) => actor.send({ type: 'form.submit', values })} onCancel={onCancel}>
      <FormSection title={t('pickupForm.details')}>
        <RecordTextField label={t('pickupForm.name')} error={fieldMessage(t, errors.name)} field={register('name')} autoComplete="off" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, alignItems: 'start' }}>
          <RecordTextField label={t('pickupForm.address')} error={fieldMessage(t, errors.address)} field={register('address')} autoComplete="street-address" />
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <FormControl error={fieldState.error !== undefined}>
                <FormLabel>{t('pickupForm.country')}</FormLabel>
                <Select
                  placeholder={t('pickupForm.countryPlaceholder')}
                  value={field.value || null}
                  onChange={(_, value) => field.onChange(value ?? '')}
                  onClose={field.onBlur}
                  slotProps={{
                    button: { ref: field.ref, 'data-testid': 'pickup-country', 'aria-invalid': fieldState.error !== undefined || undefined } as Record<string, unknown>,
                    listbox: { sx: { maxHeight: 320 } },
                  }}
                  // Joy dims the placeholder to 64 %, below the 4.5:1 contrast text needs.
                  sx={{ '--Select-placeholderOpacity': 1 }}
                >
                  {countryItems}
                </Select>
                {fieldState.error && <FormHelperText>{fieldMessage(t, fieldState.error)}</FormHelperText>}
              </FormControl>
            )}
          />
        </Box>
        <RecordTextField
          label={t('pickupForm.openingHours')}
          hint={t('pickupForm.openingHoursHint')}
          error={fieldMessage(t, errors.opening_hours)}
          field={register('opening_hours')}
          autoComplete="off"
        />
      </FormSection>

      <FormSection title={t('pickupForm.position')} hint={t('pickupForm.positionHint')}>
        <FindFromAddress lookup={lookup} control={control} onFind={find} />
        <WatchedMap control={control} fallbackCenter={storePosition} onPick={onMapClick} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, alignItems: 'start' }}>
          <RecordTextField
            label={t('pickupForm.lat')}
            // "Set the position…" once, under latitude; longitude is marked too.
            error={positionMissing ? t('pickupForm.positionRequired') : fieldMessage(t, errors.lat)}
            field={degreesField(register('lat', { valueAsNumber: true }))}
            type="number"
            inputMode="decimal"
            step="any"
            testId="pickup-lat"
          />
          <RecordTextField
            label={t('pickupForm.lon')}
            error={positionMissing ? undefined : fieldMessage(t, errors.lon)}
            invalid={errors.lon !== undefined}
            field={degreesField(register('lon', { valueAsNumber: true }))}
            type="number"
            inputMode="decimal"
            step="any"
            testId="pickup-lon"
          />
        </Box>
      </FormSection>

      <ContactSection
        title={t('pickupForm.contact')}
        name={{ label: t('pickupForm.contactName'), field: register('contact_name'), error: fieldMessage(t, errors.contact_name) }}
        phone={{ label: t('pickupForm.contactPhone'), field: register('contact_phone'), error: fieldMessage(t, errors.contact_phone) }}
      />
    </EditForm>
  );
}

/** The map with the form's position and name: it alone re-renders when they change. */
function WatchedMap({ control, fallbackCenter, onPick }: { control: Control<PickupFormValues>; fallbackCenter: Position | null; onPick: (position: Position) => void }) {
  const { t } = useLocale();
  const [name, lat, lon] = useWatch({ control, name: ['name', 'lat', 'lon'] });
  const position = useMemo(() => (isSet(lat, lon) ? { lat, lon } : null), [lat, lon]);
  return <PickupMap position={position} fallbackCenter={fallbackCenter} label={name.trim() || t('pickupForm.marker')} onPick={onPick} />;
}

/** "Find from address" and what it found (announced politely: the operator's focus stays on the button). */
function FindFromAddress({ lookup, control, onFind }: { lookup: AddressLookupActor; control: Control<PickupFormValues>; onFind: () => void }) {
  const { t } = useLocale();
  const outcome = useSelector(lookup, selectLookupOutcome);
  const hasAddress = useWatch({ control, name: 'address' }).trim() !== '';
  const message =
    outcome === 'found'
      ? { text: t('pickupForm.found'), color: 'success' as const }
      : outcome === 'notFound'
        ? { text: t('pickupForm.notFound'), color: 'warning' as const }
        : outcome === 'failed'
          ? { text: t('pickupForm.findFailed'), color: 'danger' as const }
          : !hasAddress
            ? { text: t('pickupForm.findNeedsAddress'), color: 'neutral' as const }
            : null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button type="button" variant="outlined" onClick={onFind} disabled={!hasAddress} loading={outcome === 'finding'} loadingPosition="start" data-testid="pickup-find">
        {outcome === 'finding' ? t('pickupForm.finding') : t('pickupForm.find')}
      </Button>
      <Typography role="status" level="body-sm" color={message?.color} data-testid="pickup-find-outcome" sx={{ flex: '1 1 240px' }}>
        {message?.text}
      </Typography>
    </Box>
  );
}
