import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { useLocale, type Translate } from '../../i18n';
import { countryName, countryOptions } from '../../lib/countries';
import { sameValue } from '../../lib/same-value';
import { type cityCheckMachine, type CityCheckOutcome, type CityCheckResult, formFieldOf, isBlockingCityOutcome, type registrationMachine, selectCityCountry, selectCityOutcome, selectCityResult, selectSending, selectSignupFailure, type SignupFailure, type SignupFormField, type SignupFormValues } from '../../machines/registration';
import { visuallyHidden } from '../../ui/visually-hidden';
import { RecordTextField } from '../records/record-fields';
import { handEmail } from './handed-email';
import { PasswordField } from './password-field';
import { PasswordStrengthHint } from './password-strength-hint';
import { useFormDraft } from '../../app/use-form-draft';
import { registerFormSchema, SIGNUP_DRAFT_KEY, signupDraftOf, SignupDraftSchema } from './register-form-schema';

export type RegistrationActor = ActorRefFrom<typeof registrationMachine>;
export type CityCheckActor = ActorRefFrom<typeof cityCheckMachine>;

/**
 * The sign-up form. react-hook-form holds the values and its zod schema the rules; the
 * registration machine sends them (without the policy field) and says why a sign-up was refused,
 * which shows beside the field concerned with everything typed still in place. The city is
 * checked as the operator types (the city-check machine: debounced, a newer question replaces an
 * older one); a city the checks refuse keeps the form from being sent.
 */
export function RegisterForm({ actor, cityCheck }: { actor: RegistrationActor; cityCheck: CityCheckActor }) {
  const { t, language } = useLocale();
  // The values the machine holds: blank (or the e-mail the previous page handed over in the
  // history state), or what was typed before going to the check-your-inbox screen and back.
  const [opening] = useState(() => actor.getSnapshot().context.values);
  // What was typed before a reload (never the passwords) goes back in the form, said so.
  const { restored, follow: followDraft } = useFormDraft(SIGNUP_DRAFT_KEY, SignupDraftSchema, signupDraftOf);
  const [initial] = useState(() => ({ ...opening, ...restored }));
  const resolver = useMemo(() => zodResolver(registerFormSchema(t)), [t]);
  const { register, control, handleSubmit, subscribe, getValues, setFocus, formState } = useForm<SignupFormValues>({
    defaultValues: initial,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = formState;
  const sending = useSelector(actor, selectSending);
  const failure = useSelector(actor, selectSignupFailure);
  const cityOutcome = useSelector(cityCheck, selectCityOutcome);
  const cityResult = useSelector(cityCheck, selectCityResult);
  const cityCountry = useSelector(cityCheck, selectCityCountry);
  const countryItems = useMemo(
    () =>
      countryOptions(language).map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      )),
    [language],
  );

  // The city is checked for what the form holds now (and again whenever the country, the city or
  // the e-mail changes): the machine waits for a pause and drops questions already answered.
  useEffect(() => {
    const ask = (values: SignupFormValues) => cityCheck.send({ type: 'city.changed', country: values.country, address: values.city, email: values.email });
    ask(getValues());
    return subscribe({ name: ['country', 'city', 'email'], formState: { values: true }, callback: ({ values }) => ask(values) });
  }, [subscribe, getValues, cityCheck]);

  useEffect(() => followDraft(subscribe, (kept) => sameValue(kept, signupDraftOf(opening))), [followDraft, subscribe, opening]);

  // Editing a field the server refused clears the refusal.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name) actor.send({ type: 'registration.fieldEdited', field: name as SignupFormField });
        },
      }),
    [subscribe, actor],
  );

  // A refusal takes the operator to the field it is about.
  useEffect(() => {
    if (failure?.kind === 'refused') setFocus(formFieldOf(failure.field));
  }, [failure, setFocus]);

  const submit = handleSubmit((values) => {
    if (isBlockingCityOutcome(selectCityOutcome(cityCheck.getSnapshot()))) {
      setFocus('city');
      return;
    }
    actor.send({ type: 'registration.submit', values, language });
  });

  const refusalOn = (field: SignupFormField) => (failure?.kind === 'refused' && formFieldOf(failure.field) === field ? refusalText(t, failure) : undefined);
  const errorOf = (field: SignupFormField) => (errors[field] as FieldError | undefined)?.message ?? refusalOn(field);

  const city = cityMessage(t, cityOutcome, cityResult, countryName(cityCountry, language));
  const cityBlocking = isBlockingCityOutcome(cityOutcome);
  const cityError = errorOf('city') ?? (cityBlocking ? city : undefined);
  const emailRefused = failure?.kind === 'refused' && failure.field === 'email' && errors.email === undefined;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={sending} data-testid="register-form">
      <Stack gap={3}>
        {restored !== null && (
          <Alert color="primary" variant="soft" role="status" data-testid="draft-restored">
            {t('offerForm.draftRestored')}
          </Alert>
        )}
        <Section title={t('register.section.store')}>
          <RecordTextField label={t('register.storeName')} field={register('store_name')} error={errorOf('store_name')} autoComplete="organization" testId="register-store-name" />
          <CountrySelect
            label={t('register.country')}
            placeholder={t('register.countryPlaceholder')}
            error={errorOf('country')}
            field={register('country')}
            defaultValue={initial.country}
          >
            {countryItems}
          </CountrySelect>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
            <RecordTextField
              label={t('register.city')}
              field={register('city')}
              error={cityError}
              hint={city ?? t('register.cityHint')}
              autoComplete="address-level2"
              testId="register-city"
            />
            <RecordTextField label={t('register.street')} field={register('street')} error={errorOf('street')} autoComplete="street-address" testId="register-street" />
          </Box>
          {/* The check's outcome, announced without moving the focus. */}
          <Box role="status" sx={visuallyHidden} data-testid="register-city-status">
            {city}
          </Box>
        </Section>

        <Section title={t('register.section.operator')}>
          <RecordTextField label={t('register.operatorName')} field={register('name_op')} error={errorOf('name_op')} autoComplete="name" testId="register-name" />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
            <RecordTextField label={t('auth.email')} type="email" field={register('email')} error={errorOf('email')} autoComplete="email" testId="register-email" />
            <RecordTextField label={t('register.phone')} type="tel" field={register('phone')} error={errorOf('phone')} hint={t('register.phoneHint')} autoComplete="tel" testId="register-phone" />
          </Box>
          {emailRefused && (
            <Typography level="body-sm" data-testid="register-email-taken">
              <Link component={RouterLink} to="/auth/login" state={handEmail(getValues('email'))}>
                {t('register.refused.signIn')}
              </Link>
              {' · '}
              <Link component={RouterLink} to="/auth/recovery" state={handEmail(getValues('email'))}>
                {t('register.refused.recover')}
              </Link>
            </Typography>
          )}
        </Section>

        <Section title={t('register.section.password')}>
          <PasswordField
            label={t('auth.password')}
            field={register('password')}
            autoComplete="new-password"
            error={errorOf('password')}
            hint={<StrengthHint control={control} />}
            toggleLabels={{ show: t('auth.showPassword'), hide: t('auth.hidePassword') }}
            testId="register-password"
          />
          <PasswordField
            label={t('register.passwordConfirmation')}
            field={register('password_confirmation')}
            autoComplete="new-password"
            error={errorOf('password_confirmation')}
            toggleLabels={{ show: t('register.showConfirmation'), hide: t('register.hideConfirmation') }}
            testId="register-password-confirmation"
          />
        </Section>

        <Controller
          control={control}
          name="policy"
          render={({ field, fieldState }) => <PolicyCheck checked={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldState.error?.message} />}
        />

        {failure !== null && failure.kind !== 'refused' && (
          <Alert color="danger" variant="soft" role="alert" data-testid="register-error">
            {failureText(t, failure)}
          </Alert>
        )}

        <Button type="submit" loading={sending} loadingPosition="start" fullWidth>
          {sending ? t('register.submitting') : t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap={2}>
      <Typography id={id} level="title-md" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

type Registered = UseFormRegisterReturn<'country'>;

/**
 * The country: a native select (the spec's list, two-letter codes as values), so the browser can
 * fill it (autocomplete="country"), the keyboard can type to a name, and phones show their picker.
 */
function CountrySelect({
  label,
  placeholder,
  error,
  field,
  defaultValue,
  children,
}: {
  label: string;
  placeholder: string;
  error?: string;
  field: Registered;
  /** What the form opens with (back from the inbox screen), set on the element like any uncontrolled field. */
  defaultValue: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <FormControl id={id} error={error !== undefined}>
      <FormLabel>{label}</FormLabel>
      <Box
        component="select"
        id={id}
        {...field}
        defaultValue={defaultValue}
        autoComplete="country"
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error !== undefined ? `${id}-helper-text` : undefined}
        data-testid="register-country"
        sx={{
          // A select is as wide as its longest option by default (a long country name would widen the page).
          width: '100%',
          minWidth: 0,
          minHeight: '2.25rem',
          px: 1.25,
          borderRadius: 'sm',
          border: '1px solid',
          borderColor: error !== undefined ? 'danger.outlinedBorder' : 'neutral.outlinedBorder',
          bgcolor: 'background.surface',
          color: 'text.primary',
          fontFamily: 'body',
          fontSize: 'md',
          boxShadow: 'xs',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'focusVisible', outlineOffset: 0 },
        }}
      >
        <option value="">{placeholder}</option>
        {children}
      </Box>
      {error !== undefined && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function PolicyCheck({
  checked,
  onChange,
  onBlur,
  inputRef,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  error?: string;
}) {
  const { t } = useLocale();
  const errorId = useId();
  return (
    <Box>
      <Checkbox
        label={t('register.policy')}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        color={error !== undefined ? 'danger' : undefined}
        slotProps={{
          input: { ref: inputRef, 'aria-invalid': error !== undefined || undefined, 'aria-describedby': error !== undefined ? errorId : undefined, 'data-testid': 'register-policy' } as Record<string, unknown>,
        }}
      />
      {error !== undefined && (
        <Typography id={errorId} level="body-sm" color="danger" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

/** The strength of the password typed, as a word (read with the field) and a bar (for the eye). */
function StrengthHint({ control }: { control: Control<SignupFormValues> }) {
  const password = useWatch({ control, name: 'password' });
  return <PasswordStrengthHint password={password} testId="register-password-strength" />;
}

/** What the city check says, or null while there is nothing to say. */
function cityMessage(t: Translate, outcome: CityCheckOutcome, result: CityCheckResult | null, country: string): string | undefined {
  const city = result?.city ?? '';
  switch (outcome) {
    case 'waiting':
    case 'checking':
      return t('register.city.checking');
    case 'accepted':
      return result?.served === true ? t('register.city.served', { city }) : t('register.city.found', { city, country });
    case 'unknownCity':
      return t('register.city.unknown', { country });
    case 'notServed':
      return t('register.city.notServed', { city });
    case 'taken':
      return t('register.city.taken', { city });
    case 'failed':
      return t('register.city.failed');
    default:
      return undefined;
  }
}

function refusalText(t: Translate, failure: Extract<SignupFailure, { kind: 'refused' }>): string {
  if (failure.field === 'email') return t('register.refused.email');
  if (failure.field === 'address') return t('register.refused.address');
  return t('register.refused.field', { message: failure.message });
}

function failureText(t: Translate, failure: Exclude<SignupFailure, { kind: 'refused' }>): string {
  if (failure.kind === 'invalid') return t('register.failed.invalid', { message: failure.message });
  if (failure.kind === 'notSent') return t('register.failed.notSent');
  // An answer the console cannot read is not a connection problem.
  if (failure.kind === 'unreadable') return t('errors.unreadableAnswer');
  // No answer at all: it may have arrived, and sending it again cannot make a second registration.
  if (failure.kind === 'unconfirmed') return t('register.failed.unconfirmed');
  return t('register.failed.unreachable');
}

