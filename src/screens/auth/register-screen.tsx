import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../app/page-title';
import { useT } from '../../i18n';
import { formDraft } from '../../lib/form-draft';
import { liveCityCheckMachine, liveRegistrationMachine, selectRegistrationStep } from '../../machines/registration';
import { EmailSent } from './email-sent';
import { useHandedEmail } from './handed-email';
import { RegisterForm } from './register-form';
import { SIGNUP_DRAFT_KEY, SignupDraftSchema } from './register-form-schema';
import { PublicHeading } from './public-heading';
import { useFlow } from '../../app/use-flow';

/**
 * /auth/register: the sign-up form, then the check-your-inbox screen. An e-mail handed
 * over fills the e-mail (the validation page's "send a new link": signing up again with a pending e-mail
 * sends the link again). The registration and city-check actors live here, so going from the
 * form to the e-mail screen and back keeps everything typed and the city's last check.
 */
export default function RegisterScreen() {
  const t = useT();
  const title = usePageTitle('auth.register.title');
  const email = useHandedEmail();
  const actor = useFlow(liveRegistrationMachine, { input: { email } });
  const cityCheck = useFlow(liveCityCheckMachine);
  const step = useSelector(actor, selectRegistrationStep);
  // Sent: the form's draft has done its job (going back to the form keeps the values anyway).
  useEffect(() => {
    if (step === 'emailSent') formDraft(SIGNUP_DRAFT_KEY, SignupDraftSchema).clear();
  }, [step]);

  if (step === 'emailSent') return <EmailSent actor={actor} />;
  return (
    <Stack gap={2.5}>
      <PublicHeading title={title} subtitle={t('register.subtitle')} />
      <RegisterForm actor={actor} cityCheck={cityCheck} />
      <Typography level="body-sm">
        {t('register.haveAccount')}{' '}
        <Link component={RouterLink} to="/auth/login">
          {t('auth.signIn.submit')}
        </Link>
      </Typography>
    </Stack>
  );
}
