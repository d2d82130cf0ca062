import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useProjection, useSession } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { useServices } from '../../app/services';
import { loadConsoleStrings, useT } from '../../i18n';
import { afterFirstMove } from '../../lib/first-move';
import { useHandedEmail } from './handed-email';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';
import { signInFormErrors, type SignInForm } from './sign-in-form';
import { PublicHeading } from './public-heading';
import { PlainField } from '../../ui/plain-field';

/**
 * Sign-in. The form keeps what the operator typed whatever happens: a refused sign-in leaves
 * e-mail and password in place so a typo can be fixed and retried. An e-mail handed over by the previous page fills the e-mail
 * (the validation page's "Sign in", recovery's "Back to sign in"); the password then has the focus.
 * Plain UI (src/ui/plain.css), not Joy: Joy's theme and components would be a third of the
 * JavaScript of the page every operator loads first (docs/decisions/019-sign-in-without-joy.md).
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
  // Two fields: plain state rather than react-hook-form, which would add weight to the one page
  // every operator loads first (docs/decisions/015). Checked on submit, then as the operator types.
  const [values, setValues] = useState<SignInForm>({ email: filledEmail, password: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => (submitted ? signInFormErrors(t, values) : {}), [submitted, t, values]);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const change = (field: keyof SignInForm) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  // Once the operator starts (a click, a key), fetch what follows a sign-in (the shell with the
  // console's strings and the overview: lazy chunks since the sign-in route must stay small; plain
  // UI, no Joy, decision 020), so it is ready at once. A prefetch that fails costs nothing: the
  // navigation imports again and reports its own failure.
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
    <div className="plain-stack" data-gap="loose">
      <PublicHeading title={title} subtitle={t('auth.signIn.subtitle')} />

      {justVerified && (
        <p className="plain-note" data-tone="success" role="alert" data-testid="signin-verified">
          {t('register.verified.signInNote')}
        </p>
      )}

      {dev.demoAccount && (
        <section className="plain-note" aria-labelledby="demo-account-title">
          <h2 id="demo-account-title" className="plain-title">
            {t('auth.demo.title')}
          </h2>
          <p className="plain-small">{t('auth.demo.body', dev.demoAccount)}</p>
          <button
            type="button"
            className="plain-button"
            data-variant="outlined"
            data-size="sm"
            onClick={() => {
              setValues({ email: dev.demoAccount!.email, password: dev.demoAccount!.password });
            }}
          >
            {t('auth.demo.fill')}
          </button>
        </section>
      )}

      <form noValidate onSubmit={submit} className="plain-stack">
        <PlainField
          label={t('auth.email')}
          error={errors.email}
          type="email"
          name="email"
          autoComplete="username"
          autoFocus={filledEmail === ''}
          value={values.email}
          onChange={change('email')}
          inputRef={emailInput}
        />
        <PlainField
          label={t('auth.password')}
          error={errors.password}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          name="password"
          autoFocus={filledEmail !== ''}
          value={values.password}
          onChange={change('password')}
          inputRef={passwordInput}
          endButton={
            <button
              type="button"
              className="plain-icon-button"
              aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? <EyeOffIcon size="sm" color="inherit" /> : <EyeIcon size="sm" color="inherit" />}
            </button>
          }
        />
        <button type="submit" className="plain-button" data-fullwidth="" disabled={signingIn}>
          {signingIn && <span className="plain-spinner" data-size="sm" aria-hidden />}
          {signingIn ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </button>
      </form>

      <div className="plain-row">
        <RouterLink className="plain-link" to="/auth/recovery">
          {t('auth.signIn.recovery')}
        </RouterLink>
        <p className="plain-small">
          {t('auth.signIn.noAccount')}{' '}
          <RouterLink className="plain-link" to="/auth/register">
            {t('auth.signIn.register')}
          </RouterLink>
        </p>
      </div>
    </div>
  );
}
