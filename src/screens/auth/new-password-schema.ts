import * as z from 'zod';
import { SignupRequestSchema } from '../../api/registration';
import type { Translate } from '../../i18n';
import { PASSWORD_MIN_LENGTH } from '../../lib/constants';

const PASSWORD_MAX = SignupRequestSchema.shape.password.maxLength ?? 128;

export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

/**
 * A new password typed twice (choosing one with a reset link): the sign-up form's rules and
 * messages (register-form-schema.ts), so a password the console accepts at sign-up it accepts here.
 */
export function newPasswordSchema(t: Translate) {
  return z
    .object({
      password: z
        .string()
        .min(PASSWORD_MIN_LENGTH, t('register.validation.passwordShort', { min: PASSWORD_MIN_LENGTH }))
        .max(PASSWORD_MAX, t('register.validation.tooLong', { max: PASSWORD_MAX })),
      password_confirmation: z.string().min(1, t('register.validation.confirmationRequired')),
    })
    .refine((values) => values.password === values.password_confirmation, {
      path: ['password_confirmation'],
      error: t('register.validation.passwordsDiffer'),
      // Checked as soon as both are typed, even when the first is too short.
      when: ({ value }) => {
        const { password, password_confirmation } = value as Partial<NewPasswordValues>;
        return typeof password === 'string' && typeof password_confirmation === 'string' && password_confirmation !== '';
      },
    }) satisfies z.ZodType<NewPasswordValues, NewPasswordValues>;
}
