import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import CircularProgress from '@mui/joy/CircularProgress';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { usePageTitle } from '../../app/page-title';
import { useT, type Translate } from '../../i18n';
import { livePasswordResetMachine, type passwordResetMachine, type PasswordResetStep, selectPasswordResetEmail, selectPasswordResetStep } from '../../machines/password-reset';
import { visuallyHidden } from '../../ui/visually-hidden';
import { handEmail } from './handed-email';
import { newPasswordSchema, type NewPasswordValues } from './new-password-schema';
import { PasswordField } from './password-field';
import { PasswordStrengthHint } from './password-strength-hint';
import { useFlow } from '../../app/use-flow';

type PasswordResetActor = ActorRefFrom<typeof passwordResetMachine>;

/** The steps in which the form is on screen (with what was typed). */
const FORM_STEPS: ReadonlySet<PasswordResetStep> = new Set(['choosing', 'saving', 'weakPassword', 'saveUnreachable', 'signingIn']);

/**
 * /auth/recovery with a password-reset link: the provider checks the link and names the
 * account; the operator types the new password twice (the sign-up form's rules); it is saved and
 * the session signs in with it, so the public pages hand over to the console. A link that has
 * expired, been used, or belongs to an account that is disabled or gone says so, with the way
 * forward; a provider out of reach keeps what was typed, with Retry.
 */
export function PasswordReset({ oobCode }: { oobCode: string }) {
  const t = useT();
  const title = usePageTitle('passwordReset.title');
  const actor = useFlow(livePasswordResetMachine, { input: { oobCode } });
  const step = useSelector(actor, selectPasswordResetStep);
  const email = useSelector(actor, selectPasswordResetEmail);
  const heading = useRef<HTMLHeadingElement>(null);
  const showsForm = FORM_STEPS.has(step);
  // An outcome's heading takes the focus, so a screen reader announces it; the form takes it itself.
  useEffect(() => {
    if (step !== 'verifying' && !showsForm) heading.current?.focus();
  }, [step, showsForm]);
  const handed = handEmail(email);

  return (
    <Stack gap={2.5} data-testid="password-reset" data-step={step}>
      <div>
        <Typography ref={heading} tabIndex={-1} level="h3" component="h1" sx={{ outline: 'none' }}>
          {headingOf(step, title, t)}
        </Typography>
        {showsForm && <Typography level="body-sm">{t('passwordReset.subtitle', { email })}</Typography>}
      </div>
      {showsForm ? <NewPasswordForm actor={actor} step={step} email={email} /> : <Outcome step={step} email={email} onRetry={() => actor.send({ type: 'passwordReset.retry' })} />}
      <Link component={RouterLink} to="/auth/login" state={handed} level="body-sm">
        {t('auth.backToSignIn')}
      </Link>
    </Stack>
  );
}

function headingOf(step: PasswordResetStep, title: string, t: Translate): string {
  switch (step) {
    case 'linkExpired':
      return t('passwordReset.expired.title');
    case 'linkUsed':
      return t('passwordReset.used.title');
    case 'accountClosed':
      return t('passwordReset.account.title');
    case 'signInFailed':
      return t('passwordReset.signInFailed.title');
    default:
      return title;
  }
}

function NewPasswordForm({ actor, step, email }: { actor: PasswordResetActor; step: PasswordResetStep; email: string }) {
  const t = useT();
  const resolver = useMemo(() => zodResolver(newPasswordSchema(t)), [t]);
  const { register, control, handleSubmit, setFocus, formState } = useForm<NewPasswordValues>({
    resolver,
    defaultValues: { password: '', password_confirmation: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const password = useWatch({ control, name: 'password' });
  const saving = step === 'saving';
  const signingIn = step === 'signingIn';
  const busy = saving || signingIn;
  // The provider's refusal stands beside the field until the next try.
  const passwordError = formState.errors.password?.message ?? (step === 'weakPassword' ? t('passwordReset.weak') : undefined);

  useEffect(() => {
    if (step === 'choosing' || step === 'weakPassword') setFocus('password');
  }, [step, setFocus]);

  // A second submit while saving or signing in changes nothing: the machine takes none then.
  const submit = handleSubmit((values) => actor.send({ type: 'passwordReset.submit', password: values.password }));
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-testid="password-reset-form">
      <Stack gap={2}>
        {/* The account, for the browser's password manager to file the new password under. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={t('passwordReset.newPassword')}
          field={register('password')}
          autoComplete="new-password"
          error={passwordError}
          hint={<PasswordStrengthHint password={password} testId="password-reset-strength" />}
          toggleLabels={{ show: t('auth.showPassword'), hide: t('auth.hidePassword') }}
          testId="password-reset-password"
        />
        <PasswordField
          label={t('passwordReset.confirmation')}
          field={register('password_confirmation')}
          autoComplete="new-password"
          error={formState.errors.password_confirmation?.message}
          toggleLabels={{ show: t('register.showConfirmation'), hide: t('register.hideConfirmation') }}
          testId="password-reset-confirmation"
        />
        {step === 'saveUnreachable' && (
          <Alert
            color="danger"
            variant="soft"
            role="alert"
            data-testid="password-reset-unreachable"
            endDecorator={
              <Button size="sm" variant="solid" color="danger" onClick={() => actor.send({ type: 'passwordReset.retry' })}>
                {t('recovery.retry')}
              </Button>
            }
          >
            {t('recovery.unreachable')}
          </Alert>
        )}
        {/* Announced without moving the focus. */}
        <Typography level="body-sm" role="status" sx={signingIn ? undefined : visuallyHidden}>
          {signingIn ? t('passwordReset.signingIn') : ''}
        </Typography>
        <Button type="submit" loading={busy} loadingPosition="start" fullWidth>
          {saving ? t('passwordReset.saving') : signingIn ? t('auth.signIn.submitting') : t('passwordReset.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function Outcome({ step, email, onRetry }: { step: PasswordResetStep; email: string; onRetry: () => void }) {
  const t = useT();
  const handed = handEmail(email);
  switch (step) {
    case 'verifyUnreachable':
      return (
        <Alert
          color="danger"
          variant="soft"
          role="alert"
          data-testid="password-reset-unreachable"
          endDecorator={
            <Button size="sm" variant="solid" color="danger" onClick={onRetry}>
              {t('recovery.retry')}
            </Button>
          }
        >
          {t('passwordReset.verifyUnreachable')}
        </Alert>
      );
    case 'linkExpired':
    case 'linkUsed':
      return (
        <>
          <Alert color="warning" variant="soft" data-testid="password-reset-refused">
            {t(step === 'linkExpired' ? 'passwordReset.expired.body' : 'passwordReset.used.body')}
          </Alert>
          <Button component={RouterLink} to="/auth/recovery" state={handed} data-testid="password-reset-new-link">
            {t('passwordReset.newLink')}
          </Button>
        </>
      );
    case 'accountClosed':
      return (
        <>
          <Alert color="danger" variant="soft" data-testid="password-reset-refused">
            {t('passwordReset.account.body')}
          </Alert>
          <Button component={RouterLink} to="/auth/register" state={handed} variant="outlined" color="neutral">
            {t('auth.signIn.register')}
          </Button>
        </>
      );
    case 'signInFailed':
      return (
        <>
          <Alert color="success" variant="soft">
            {t('passwordReset.signInFailed.body', { email })}
          </Alert>
          <Button component={RouterLink} to="/auth/login" state={handed} data-testid="password-reset-sign-in">
            {t('auth.signIn.submit')}
          </Button>
        </>
      );
    case 'signedIn':
      return (
        <Typography role="status" level="body-md">
          {t('passwordReset.signedIn')}
        </Typography>
      );
    default:
      return (
        <Stack direction="row" gap={1.5} alignItems="center" role="status">
          <CircularProgress size="sm" aria-hidden />
          <Typography>{t('passwordReset.checking')}</Typography>
        </Stack>
      );
  }
}
