import type { Translate } from '../../i18n';

/**
 * The sign-in form's rules, written out rather than as a zod schema: zod would be about a sixth of
 * the JavaScript of the one page every operator loads first (docs/decisions/015). The rules are
 * the ones the console's zod forms apply: tests/unit/sign-in-form.test.ts holds them to `z.email()`.
 */

/** zod 4's e-mail pattern (`z.email()`'s default), so signing in takes exactly the addresses the other forms take. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface SignInForm {
  email: string;
  password: string;
}

/** The e-mail's problem in the operator's language (the address is checked trimmed), or undefined. */
export function emailProblem(t: Translate, email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return t('auth.validation.emailRequired');
  if (!EMAIL_PATTERN.test(trimmed)) return t('auth.validation.emailInvalid');
  return undefined;
}

/** Each field's problem; an empty object when the form can be sent. */
export function signInFormErrors(t: Translate, values: SignInForm): Partial<Record<keyof SignInForm, string>> {
  const errors: Partial<Record<keyof SignInForm, string>> = {};
  const email = emailProblem(t, values.email);
  if (email !== undefined) errors.email = email;
  if (values.password === '') errors.password = t('auth.validation.passwordRequired');
  return errors;
}
