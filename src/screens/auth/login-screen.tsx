import { zodResolver } from '@hookform/resolvers/zod';
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
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../app/hooks';
import { usePageTitle } from '../../app/page';
import { useServices } from '../../app/services';
import { useT } from '../../i18n';
import { signInFormSchema, type SignInForm } from './sign-in-form';

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden focusable="false" fill="currentColor">
      {open ? (
        <path d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5zM12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />
      ) : (
        <path d="M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7zM2 4.27l2.28 2.28.46.46A11.8 11.8 0 0 0 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3 2 4.27zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2z" />
      )}
    </svg>
  );
}

/**
 * Sign-in. The form keeps what the operator typed whatever happens: a refused sign-in leaves
 * e-mail and password in place so a typo can be fixed and retried.
 */
export default function LoginScreen() {
  const t = useT();
  const title = usePageTitle('page.signIn');
  const { session, dev } = useServices();
  const signingIn = useSession((s) => s.matches('signingIn'));
  const [showPassword, setShowPassword] = useState(false);
  const schema = useMemo(() => signInFormSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SignInForm>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });

  // While the operator types, fetch the screen that follows a sign-in, so it is ready at once.
  useEffect(() => {
    const timer = window.setTimeout(() => void import('../overview/overview-screen'), 500);
    return () => window.clearTimeout(timer);
  }, []);

  const submit = handleSubmit(({ email, password }) => session.send({ type: 'session.signIn', email, password }));

  return (
    <Stack gap={2.5}>
      <div>
        <Typography level="h3" component="h1">
          {title}
        </Typography>
        <Typography level="body-sm">{t('auth.signIn.subtitle')}</Typography>
      </div>

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
              setValue('email', dev.demoAccount!.email, { shouldValidate: true });
              setValue('password', dev.demoAccount!.password, { shouldValidate: true });
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
            <Input type="email" autoComplete="username" autoFocus {...register('email')} />
            {errors.email && <FormHelperText>{errors.email.message}</FormHelperText>}
          </FormControl>
          <FormControl error={!!errors.password}>
            <FormLabel>{t('auth.password')}</FormLabel>
            <Input
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              {...register('password')}
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
            {errors.password && <FormHelperText>{errors.password.message}</FormHelperText>}
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
