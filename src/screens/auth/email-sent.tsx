import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../i18n';
import { selectResendState, selectSentTo } from '../../machines/registration';
import { handEmail } from './handed-email';
import type { RegistrationActor } from './register-form';

/**
 * Validation e-mail sent (was_send_email_to_validate): the operator is told to open the link in
 * their inbox, and can send it again or go back to the form (to correct the e-mail, say). The
 * heading takes the focus, so a screen reader announces the new screen.
 */
export function EmailSent({ actor }: { actor: RegistrationActor }) {
  const t = useT();
  const sentTo = useSelector(actor, selectSentTo);
  const resend = useSelector(actor, selectResendState);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap={2} data-testid="register-email-sent">
      <Typography ref={heading} tabIndex={-1} level="h3" component="h1" sx={{ outline: 'none' }}>
        {t('register.sent.title')}
      </Typography>
      <Typography>{t('register.sent.body', { email: sentTo })}</Typography>
      <Typography level="body-sm">{t('register.sent.spam')}</Typography>
      <Box role="status" data-testid="register-resend-status">
        {resend === 'resent' && (
          <Alert color="success" variant="soft">
            {t('register.sent.resent', { email: sentTo })}
          </Alert>
        )}
        {resend === 'resendFailed' && (
          <Alert color="danger" variant="soft">
            {t('register.sent.resendFailed')}
          </Alert>
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1}>
        <Button loading={resend === 'resending'} loadingPosition="start" onClick={() => actor.send({ type: 'registration.resend' })}>
          {resend === 'resending' ? t('register.sent.resending') : t('register.sent.resend')}
        </Button>
        <Button variant="outlined" color="neutral" onClick={() => actor.send({ type: 'registration.edit' })} disabled={resend === 'resending'}>
          {t('register.sent.edit')}
        </Button>
      </Stack>
      <Link component={RouterLink} to="/auth/login" state={handEmail(sentTo)} level="body-sm">
        {t('auth.backToSignIn')}
      </Link>
    </Stack>
  );
}
