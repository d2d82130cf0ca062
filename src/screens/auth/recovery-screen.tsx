import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { usePageTitle } from '../../app/page-title';
import { useT, type Translate } from '../../i18n';
import { liveRecoveryMachine, type RecoveryStep, selectRecoveryEmail, selectRecoveryStep } from '../../machines/registration';
import { RecordTextField } from '../records/record-fields';
import { handEmail, useHandedEmail } from './handed-email';
import { emailProblem } from './sign-in-form';
import { PasswordReset } from './password-reset';
import { PublicHeading } from './public-heading';
import { useFlow } from '../../app/use-flow';

/** The e-mail rule of the sign-in form: the same messages, whichever page the operator is on. */
const recoveryFormSchema = (t: Translate) =>
  z.object({
    email: z.string().superRefine((email, context) => {
      const problem = emailProblem(t, email);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    }).transform((email) => email.trim()),
  });
type RecoveryForm = z.infer<ReturnType<typeof recoveryFormSchema>>;

/** Where a password-reset link lives on once read out of the URL: the history entry's state (kept across a reload). */
const ResetLinkStateSchema = z.object({ resetLink: z.object({ oobCode: z.string().min(1) }) });

/**
 * /auth/recovery: asking for a password reset link, or, opened from that link, choosing
 * the new password. The link is Firebase's action link with this page as the project's
 * custom action URL: `/auth/recovery?mode=resetPassword&oobCode=…&apiKey=…&lang=…`. On arrival
 * the page moves the code out of the address bar and the history entry (a
 * Referer, a shared screen or the history must not carry it) into the entry's state, like the
 * validation link (validate-screen.tsx). Without a link, the request form.
 */
export default function RecoveryScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const fromUrl = query.get('mode') === 'resetPassword' ? (query.get('oobCode') ?? '') : '';
  const kept = ResetLinkStateSchema.safeParse(location.state);
  const oobCode = fromUrl || (kept.success ? kept.data.resetLink.oobCode : '');
  useEffect(() => {
    if (fromUrl) void navigate('/auth/recovery', { replace: true, state: { resetLink: { oobCode: fromUrl } } });
  }, [fromUrl, navigate]);
  // A new link in the same tab is a new reset: fresh machine. Moving the code out of the URL keeps
  // the key, so it does not check the link again.
  return oobCode ? <PasswordReset key={oobCode} oobCode={oobCode} /> : <RecoveryRequest />;
}

/**
 * Asking for a reset link: the identity provider sends a password reset link. The
 * confirmation reads the same whether or not an account uses the address (the page cannot be used
 * to find out who is registered); a provider that cannot be reached says so, with Retry; an
 * address the provider does not take for an e-mail is marked on the field. An e-mail handed over
 * by the previous page fills the e-mail.
 */
function RecoveryRequest() {
  const t = useT();
  const title = usePageTitle('auth.recovery.title');
  const filled = useHandedEmail();
  const actor = useFlow(liveRecoveryMachine, { input: { email: filled } });
  const step = useSelector(actor, selectRecoveryStep);
  const email = useSelector(actor, selectRecoveryEmail);

  return (
    <Stack gap={2.5}>
      {step === 'sent' ? (
        <Sent email={email} onAgain={() => actor.send({ type: 'recovery.again' })} />
      ) : (
        <>
          <PublicHeading title={title} subtitle={t('recovery.subtitle')} />
          <RecoveryEmailForm
            initial={email}
            step={step}
            onSend={(value) => actor.send({ type: 'recovery.send', email: value })}
            onRetry={() => actor.send({ type: 'recovery.retry' })}
          />
        </>
      )}
      <Link component={RouterLink} to="/auth/login" state={handEmail(email)} level="body-sm">
        {t('auth.backToSignIn')}
      </Link>
    </Stack>
  );
}

function RecoveryEmailForm({ initial, step, onSend, onRetry }: { initial: string; step: RecoveryStep; onSend: (email: string) => void; onRetry: () => void }) {
  const t = useT();
  const resolver = useMemo(() => zodResolver(recoveryFormSchema(t)), [t]);
  const { register, handleSubmit, formState } = useForm<RecoveryForm>({ resolver, defaultValues: { email: initial } });
  const sending = step === 'sending';
  const error = formState.errors.email?.message ?? (step === 'notAnEmail' ? t('auth.validation.emailInvalid') : undefined);
  const submit = handleSubmit(({ email }) => onSend(email));
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={sending} data-testid="recovery-form">
      <Stack gap={2}>
        <RecordTextField label={t('auth.email')} type="email" field={register('email')} error={error} autoComplete="email" testId="recovery-email" />
        {step === 'unreachable' && (
          <Alert
            color="danger"
            variant="soft"
            role="alert"
            data-testid="recovery-unreachable"
            endDecorator={
              <Button size="sm" variant="solid" color="danger" onClick={onRetry}>
                {t('recovery.retry')}
              </Button>
            }
          >
            {t('recovery.unreachable')}
          </Alert>
        )}
        <Button type="submit" loading={sending} loadingPosition="start" fullWidth>
          {sending ? t('recovery.sending') : t('recovery.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function Sent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap={2} data-testid="recovery-sent">
      <Typography ref={heading} tabIndex={-1} level="h3" component="h1" sx={{ outline: 'none' }}>
        {t('recovery.sent.title')}
      </Typography>
      <Alert color="success" variant="soft">
        {t('recovery.sent.body', { email })}
      </Alert>
      <Typography level="body-sm">{t('recovery.sent.spam')}</Typography>
      <Button variant="outlined" color="neutral" onClick={onAgain}>
        {t('recovery.sent.again')}
      </Button>
    </Stack>
  );
}
