import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../api/session';
import { profileRouteId } from '../../lib/operator-identity';
import { OperatorProfileInputSchema, type OperatorProfileInput } from '../../api/settings';
import { useProjection } from '../../app/hooks';
import { LeaveDialog, useLeaveGuard } from '../../app/leave-guard';
import { Page } from '../../app/page';
import { useT } from '../../i18n';
import { type languageSwitchMachine, liveLanguageSwitchMachine, liveProfileFormMachine, type profileFormMachine, profileValuesOf, selectLanguageFailure, selectLanguageSaving, selectLanguageShown } from '../../machines/profile';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { selectUser } from '../../machines/journal/selectors';
import {
  selectSettingsData,
  selectSettingsJustSaved,
  selectSettingsLoadedValues,
  selectSettingsLoadFailed,
  selectSettingsRestoredDraft,
  selectSettingsSaveError,
  selectSettingsSaving,
  selectSettingsUnsaved,
} from '../../machines/settings';
import { fieldProps, TextField } from '../../ui/form-fields';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';
import { useFlow } from '../../app/use-flow';

/**
 * /profile/{id}: the signed-in operator's own profile. {id} must be their operator id; any other
 * id is the 404 page (no call reads another operator's profile, so that page does not exist).
 * /profile/{id}/{tab} takes the one tab there is, "details"; any other tab is the 404 page too.
 */
const PROFILE_TABS = ['details'] as const;

type ProfileActor = ActorRefFrom<typeof profileFormMachine>;
type LanguageSwitchActor = ActorRefFrom<typeof languageSwitchMachine>;

export default function ProfileScreen() {
  const { id, tab } = useParams();
  // The operator's id, or PROFILE_SELF when the platform sends none (the spec does not name it).
  const operatorId = useProjection('session', (view) => (view.user ? profileRouteId(view.user.operator) : null));
  if (operatorId === null) return null;
  if (id !== operatorId || (tab !== undefined && !PROFILE_TABS.includes(tab as (typeof PROFILE_TABS)[number]))) {
    return <Navigate to="/errors/error-404" replace />;
  }
  return <Profile />;
}

function Profile() {
  const t = useT();
  const storeId = useProjection('session', (view) => view.user?.store.id ?? 0);
  const actor = useFlow(liveProfileFormMachine, { input: { storeId } });
  const onRecord = useProjection('session', (view) => view.user?.operator.preferences.language ?? 'en');
  const languageActor = useFlow(liveLanguageSwitchMachine, { input: { language: onRecord } });
  const loadFailed = useSelector(actor, selectSettingsLoadFailed);
  const loadFailure = useSelector(actor, selectLoadFailure);
  // Once any draft a reload left behind is read back: the form opens on it, or on the server's values.
  const loaded = useSelector(actor, selectSettingsLoadedValues);

  return (
    <Page titleKey="page.profile">
      <Stack gap={2} sx={{ maxWidth: 760 }}>
        <AccountCard />
        {loadFailed ? (
          <RetryAlert message={t('profile.loadFailed')} failure={loadFailure} retryLabel={t('shell.retry')} onRetry={() => actor.send({ type: 'form.retryLoad' })} />
        ) : loaded ? (
          <>
            <LanguageCard actor={languageActor} />
            <ProfileForm actor={actor} languageActor={languageActor} initial={loaded} />
          </>
        ) : (
          <SkeletonStack count={3} height={56} label={t('app.loading')} />
        )}
      </Stack>
    </Page>
  );
}

/** What the operator cannot change here: the sign-in e-mail, the roles and the account acted on. */
function AccountCard() {
  const t = useT();
  const headingId = useId();
  const user = useProjection('session', selectUser);
  const accountName = useProjection('accounts', (view) => {
    const current = user?.operator.currentAccount;
    return view.accounts.find((account) => account.store_id === current)?.store_name ?? null;
  });
  if (!user) return null;
  const { operator, store } = user;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography id={headingId} level="title-md" component="h2">
        {t('profile.account')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1.5, m: 0 }}>
        <Typography component="dt" level="title-sm">
          {t('profile.email')}
        </Typography>
        <Typography component="dd" level="body-md" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="profile-email">
          {operator.email}
        </Typography>
        <Typography component="dt" level="title-sm">
          {t('profile.roles')}
        </Typography>
        <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="profile-roles">
          {operator.rolesList.roles.map((role) => (
            <Chip key={role} size="sm" variant={role === operator.role ? 'solid' : 'soft'} color={role === operator.role ? 'primary' : 'neutral'}>
              {role}
              {role === operator.role && ` · ${t('profile.currentRole')}`}
            </Chip>
          ))}
        </Box>
        <Typography component="dt" level="title-sm">
          {t('profile.currentAccount')}
        </Typography>
        <Typography component="dd" level="body-md" sx={{ m: 0 }} data-testid="profile-current-account">
          {accountName ?? store.name}
        </Typography>
      </Box>
      <Typography level="body-sm" textColor="text.secondary">
        {t('profile.readOnlyHint')}
      </Typography>
    </Card>
  );
}

/**
 * The console's language: choosing one switches the console at once and saves it, with no Save
 * button (profile/language-switch.machine.ts). A refused save puts the language on record back and says why.
 */
function LanguageCard({ actor }: { actor: LanguageSwitchActor }) {
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  const shown = useSelector(actor, selectLanguageShown);
  const saving = useSelector(actor, selectLanguageSaving);
  const failure = useSelector(actor, selectLanguageFailure);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid="profile-language">
      <Typography id={headingId} level="title-md" component="h2">
        {t('profile.language')}
      </Typography>
      <FormControl error={failure !== null}>
        <RadioGroup
          orientation="horizontal"
          aria-labelledby={headingId}
          aria-describedby={hintId}
          aria-busy={saving}
          name="language"
          value={shown}
          onChange={(event) => actor.send({ type: 'language.choose', language: event.target.value as Language })}
          sx={{ gap: 3 }}
        >
          <Radio value="en" label={t('profile.language.en')} disabled={saving} />
          <Radio value="es" label={t('profile.language.es')} disabled={saving} />
        </RadioGroup>
        <FormHelperText id={hintId}>{failure !== null ? t(failure) : saving ? t('profile.languageSaving') : t('profile.languageHint')}</FormHelperText>
      </FormControl>
    </Card>
  );
}

/** The schema's messages in the operator's language, by field (the schema is the server's too). */
function useFieldMessage() {
  const t = useT();
  return (field: 'name_op' | 'phone', message: string | undefined): string | undefined => {
    if (message === undefined) return undefined;
    if (field === 'phone') return t('profile.phoneInvalid');
    return message === 'is required' ? t('profile.nameRequired') : t('profile.nameTooLong', { max: 80 });
  };
}

function ProfileForm({ actor, languageActor, initial }: { actor: ProfileActor; languageActor: LanguageSwitchActor; initial: OperatorProfileInput }) {
  const t = useT();
  const messageOf = useFieldMessage();
  const formId = useId();
  const [schema] = useState(() => OperatorProfileInputSchema);
  const { register, handleSubmit, subscribe, getValues, reset, formState } = useForm<OperatorProfileInput>({
    defaultValues: initial,
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = formState;
  const saving = useSelector(actor, selectSettingsSaving);
  const saveError = useSelector(actor, selectSettingsSaveError);
  const justSaved = useSelector(actor, selectSettingsJustSaved);
  const unsaved = useSelector(actor, selectSettingsUnsaved);
  const restored = useSelector(actor, selectSettingsRestoredDraft);
  const saved = useSelector(actor, selectSettingsData);
  const guard = useLeaveGuard(unsaved, () => actor.getSnapshot().context.dirty);

  // Every change reaches the machine: it knows whether the form differs from the server's profile.
  useEffect(() => subscribe({ formState: { values: true }, callback: () => actor.send({ type: 'form.changed', values: getValues() }) }), [subscribe, getValues, actor]);

  // After a save the server's answer is the form's new starting point (no longer "changed").
  useEffect(() => {
    if (justSaved && saved) reset(profileValuesOf(saved));
  }, [justSaved, saved, reset]);

  // The language is the switch's (saved on its own): a save of the details keeps the one on record.
  const submit = handleSubmit((values) =>
    actor.send({ type: 'form.submit', values: { ...values, preferences: { language: languageActor.getSnapshot().context.saved } } }),
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby={`${formId}-title`}>
      <Typography id={`${formId}-title`} level="title-md" component="h2">
        {t('profile.details')}
      </Typography>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid="profile-form">
        <Stack gap={2}>
          {restored && (
            <Alert color="primary" variant="soft" role="status" data-testid="draft-restored">
              {t('offerForm.draftRestored')}
            </Alert>
          )}
          <TextField label={t('profile.name')} error={messageOf('name_op', errors.name_op?.message)} {...fieldProps(register('name_op'))} />
          <TextField label={t('profile.phone')} error={messageOf('phone', errors.phone?.message)} {...fieldProps(register('phone'))} />
          {saveError && (
            <Alert color="danger" variant="soft" role="alert" data-testid="profile-error">
              {t(saveError)}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" loading={saving} loadingPosition="start">
              {saving ? t('profile.saving') : saveError ? t('profile.retry') : t('profile.save')}
            </Button>
            <Button
              variant="plain"
              color="neutral"
              disabled={saving || !unsaved}
              onClick={() => {
                const baseline = actor.getSnapshot().context.saved;
                if (baseline) reset(baseline);
              }}
            >
              {t('profile.discard')}
            </Button>
          </Box>
        </Stack>
      </form>
      <LeaveDialog
        guard={guard}
        bodyKey="profile.leaveBody"
        // Leaving anyway drops the changes, and the draft kept for a reload with them.
        onLeave={() => {
          const baseline = actor.getSnapshot().context.saved;
          if (baseline) actor.send({ type: 'form.changed', values: baseline });
        }}
      />
    </Card>
  );
}
