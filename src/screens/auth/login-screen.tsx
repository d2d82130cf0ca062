import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useProjection, useSession } from '../../app/hooks';
import { usePageTitle } from '../../app/page';
import { useServices } from '../../app/services';
import { loadConsoleStrings, useT } from '../../i18n';
import { afterFirstMove } from '../../lib/first-move';
import { useHandedEmail } from './handed-email';
import { EyeIcon } from './password-field';
import { signInFormErrors, type SignInForm } from './sign-in-form';
import { PublicHeading } from './public-heading';

/**
 * Sign-in. The form keeps what the operator typed whatever happens: a refused sign-in leaves
 * e-mail and password in place so a typo can be fixed and retried. An e-mail handed over by the previous page fills the e-mail
 * (the validation page's "Sign in", recovery's "Back to sign in"); the password then has the focus.
 */
export default function LoginScreen() {
  const t = useT();
  const title = usePageTitle('page.signIn');
  const { session, dev } = useServices();
  const signingIn = useSession((s) => s.matches('signingIn'));
  const [showPassword, setShowPassword] = useState(false);
  const filledEmail = useHandedEmail();
  // An operator who just validated this e-mail in this tab is welcomed (the registration flags).
  const justVerified = useProjection('registration', (view) => view.email_was_verified_ok && filledEmail !== '' && view.email === filledEmail.toLowerCase());
  // Two fields: plain state rather than react-hook-form, which would be ~10 KB more for the one page
  // every operator loads first (docs/decisions/015). Checked on submit, then as the operator types.
  const [values, setValues] = useState<SignInForm>({ email: filledEmail, password: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => (submitted ? signInFormErrors(t, values) : {}), [submitted, t, values]);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const change = (field: keyof SignInForm) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  // Once the operator starts (a click, a key), fetch what follows a sign-in (the shell, a lazy
  // chunk since the sign-in route must stay small, and the overview), so it is ready at once. A
  // prefetch that fails costs nothing: the navigation imports again and reports its own failure.
  useEffect(
    () =>
      afterFirstMove(() => {
        import('../../app/shell/shell').catch(() => {});
        loadConsoleStrings().catch(() => {});
        import('../overview/overview-screen').catch(() => {});
      }),
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const problems = signInFormErrors(t, values);
    if (problems.email === undefined && problems.password === undefined) {
      session.send({ type: 'session.signIn', email: values.email.trim(), password: values.password });
      return;
    }
    // The first field with a problem takes the focus.
    (problems.email === undefined ? passwordInput : emailInput).current?.focus();
  };

  return (
    <Stack gap={2.5}>
      <PublicHeading title={title} subtitle={t('auth.signIn.subtitle')} />

      {justVerified && (
        <Alert color="success" variant="soft" data-testid="signin-verified">
          {t('register.verified.signInNote')}
        </Alert>
      )}

      {dev.demoAccount && (
        <Sheet
          component="section"
          aria-labelledby="demo-account-title"
          variant="soft"
          color="primary"
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1, p: 1.5, borderRadius: 'sm' }}
        >
          <Typography id="demo-account-title" level="title-sm" component="h2">
            {t('auth.demo.title')}
          </Typography>
          <Typography level="body-sm">{t('auth.demo.body', dev.demoAccount)}</Typography>
          <Button
            size="sm"
            variant="outlined"
            onClick={() => {
              setValues({ email: dev.demoAccount!.email, password: dev.demoAccount!.password });
            }}
          >
            {t('auth.demo.fill')}
          </Button>
        </Sheet>
      )}

      <form noValidate onSubmit={submit}>
        <Stack gap={2}>
          <FormControl error={!!errors.email}>
            <FormLabel>{t('auth.email')}</FormLabel>
            <Input
              type="email"
              name="email"
              autoComplete="username"
              autoFocus={filledEmail === ''}
              value={values.email}
              onChange={change('email')}
              slotProps={{ input: { ref: emailInput } }}
            />
            {errors.email && <FormHelperText>{errors.email}</FormHelperText>}
          </FormControl>
          <FormControl error={!!errors.password}>
            <FormLabel>{t('auth.password')}</FormLabel>
            <Input
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              name="password"
              autoFocus={filledEmail !== ''}
              value={values.password}
              onChange={change('password')}
              slotProps={{ input: { ref: passwordInput } }}
              endDecorator={
                <IconButton
                  variant="plain"
                  size="sm"
                  aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  <EyeIcon open={!showPassword} />
                </IconButton>
              }
            />
            {errors.password && <FormHelperText>{errors.password}</FormHelperText>}
          </FormControl>
          <Button type="submit" loading={signingIn} loadingPosition="start" fullWidth>
            {signingIn ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
          </Button>
        </Stack>
      </form>

      <Stack direction="row" justifyContent="space-between" flexWrap="wrap" gap={1}>
        <Link component={RouterLink} to="/auth/recovery" level="body-sm">
          {t('auth.signIn.recovery')}
        </Link>
        <Typography level="body-sm">
          {t('auth.signIn.noAccount')}{' '}
          <Link component={RouterLink} to="/auth/register">
            {t('auth.signIn.register')}
          </Link>
        </Typography>
      </Stack>
    </Stack>
  );
}
