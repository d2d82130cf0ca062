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

/** Each field's first problem, in the schema's words; an empty object when the form is valid. */
export function signInFormErrors(schema: ReturnType<typeof signInFormSchema>, values: SignInForm): Partial<Record<keyof SignInForm, string>> {
  const parsed = schema.safeParse(values);
  const errors: Partial<Record<keyof SignInForm, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
