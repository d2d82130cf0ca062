import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import CircularProgress from '@mui/joy/CircularProgress';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import * as z from 'zod';
import { usePageTitle } from '../../app/page-title';
import { useT } from '../../i18n';
import { selectLoadFailure, type LoadFailure } from '../../machines/shared/load-failure';
import { liveRegistrationMachine, type RegistrationStep, selectRegistrationStep } from '../../machines/registration';
import { useLoadFailureMessage } from '../../ui/load-failure-message';
import { handEmail } from './handed-email';
import { useFlow } from '../../app/use-flow';

/** Reported to analytics instead of the real path, which holds the e-mail and the one-use token. */
const REPORTED_PATH = '/auth/validate/{email}/{token}';

/**
 * Where the screen stands once it has read the link: the e-mail and the one-use token leave the
 * address bar and the history entry (a Referer, a shared screen or the history must not carry
 * them), and live on in the entry's state, which the browser keeps across a reload. A route of
 * its own (routes.tsx).
 */
export const LINK_READ_PATH = '/auth/validate';

const LinkStateSchema = z.object({ validationLink: z.object({ email: z.string(), token: z.string() }) });

/**
 * /auth/validate/{email}/{token}: the link of the validation e-mail. On arrival the
 * screen moves the link out of the URL (LINK_READ_PATH) and the registration machine, started at
 * its validation entry, sends the PUT once; then
 * - verified ok (email_was_verified_ok): sign in, with the e-mail filled;
 * - verified error (email_was_verified_error): the link is unknown, expired or used; sign up
 *   again with the e-mail filled (that sends a new link), or sign in if it was validated before;
 * - no answer: Retry.
 */
export default function ValidateScreen() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const read = location.pathname === LINK_READ_PATH;
  const kept = read ? LinkStateSchema.safeParse(location.state) : undefined;
  // At LINK_READ_PATH without its state (the address copied into another tab) there is no link:
  // empty values, which the server refuses (verified error).
  const email = read ? (kept?.success ? kept.data.validationLink.email : '') : (params.email ?? '');
  const token = read ? (kept?.success ? kept.data.validationLink.token : '') : (params.token ?? '');
  useEffect(() => {
    if (!read) void navigate(LINK_READ_PATH, { replace: true, state: { validationLink: { email, token } } });
  }, [read, email, token, navigate]);
  // A new link in the same tab is a new validation: fresh machine. The move to LINK_READ_PATH
  // keeps the key, so it does not restart the validation.
  return <Validation key={`${email}\n${token}`} email={email} token={token} />;
}

function Validation({ email, token }: { email: string; token: string }) {
  const t = useT();
  const title = usePageTitle('auth.validate.title', undefined, { reportedPath: REPORTED_PATH });
  const actor = useFlow(liveRegistrationMachine, { input: { link: { email, token } } });
  const step = useSelector(actor, selectRegistrationStep);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each outcome's heading takes the focus, so a screen reader announces it.
  useEffect(() => {
    if (step !== 'validating') heading.current?.focus();
  }, [step]);
  const handed = handEmail(email.toLowerCase());

  return (
    <Stack gap={2} data-testid="validate-screen" data-step={step}>
      <Typography ref={heading} tabIndex={-1} level="h3" component="h1" sx={{ outline: 'none' }}>
        {step === 'verifiedOk' ? t('validate.ok.title') : step === 'verifiedError' ? t('validate.error.title') : title}
      </Typography>
      <Body step={step} email={email} failure={loadFailure} />
      {step === 'verifiedOk' && (
        <Button component={RouterLink} to="/auth/login" state={handed} data-testid="validate-sign-in">
          {t('auth.signIn.submit')}
        </Button>
      )}
      {step === 'verifiedError' && (
        <>
          <Button component={RouterLink} to="/auth/register" state={handed} data-testid="validate-resend">
            {t('validate.error.resend')}
          </Button>
          <Typography level="body-sm">
            {t('validate.error.alreadyValidated')}{' '}
            <Link component={RouterLink} to="/auth/login" state={handed}>
              {t('auth.signIn.submit')}
            </Link>
          </Typography>
        </>
      )}
      {step === 'unreachable' && (
        <Button onClick={() => actor.send({ type: 'registration.retry' })} data-testid="validate-retry">
          {t('validate.retry')}
        </Button>
      )}
    </Stack>
  );
}

function Body({ step, email, failure }: { step: RegistrationStep; email: string; failure: LoadFailure | null }) {
  const t = useT();
  const unreachableText = useLoadFailureMessage(failure, t('validate.unreachable'));
  switch (step) {
    case 'verifiedOk':
      return (
        <Alert color="success" variant="soft">
          {t('validate.ok.body', { email })}
        </Alert>
      );
    case 'verifiedError':
      return (
        <Alert color="danger" variant="soft">
          {t('validate.error.body', { email })}
        </Alert>
      );
    case 'unreachable':
      return (
        <Alert color="warning" variant="soft" role="alert">
          {unreachableText}
        </Alert>
      );
    default:
      return (
        <Stack direction="row" gap={1.5} alignItems="center" role="status">
          <CircularProgress size="sm" aria-hidden />
          <Typography>{t('validate.checking', { email })}</Typography>
        </Stack>
      );
  }
}
