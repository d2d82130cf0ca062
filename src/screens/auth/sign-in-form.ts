import * as z from 'zod';
import type { Translate } from '../../i18n';

/** The sign-in form's rules; messages come from the catalogue so they follow the language. */
export function signInFormSchema(t: Translate) {
  return z.object({
    email: z.string().trim().min(1, t('auth.validation.emailRequired')).pipe(z.email(t('auth.validation.emailInvalid'))),
    password: z.string().min(1, t('auth.validation.passwordRequired')),
  });
}
export type SignInForm = z.infer<ReturnType<typeof signInFormSchema>>;
