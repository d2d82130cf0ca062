import * as z from 'zod';
import { cityOf, SignupRequestSchema } from '../../api/registration';
import type { Translate } from '../../i18n';
import { PASSWORD_MIN_LENGTH } from '../../lib/constants';
import { isCountryCode } from '../../lib/countries';
import { formDraftKey } from '../../lib/form-draft';
import { matches, mustBeChecked } from '../../lib/zod-rules';
import { addressOf, type SignupFormValues } from '../../machines/registration';

const { shape } = SignupRequestSchema;
const NAME_MAX = shape.store_name.maxLength ?? 80;
const OPERATOR_MAX = shape.name_op.maxLength ?? 80;
const PHONE_MAX = shape.phone.maxLength ?? 20;
const PASSWORD_MAX = shape.password.maxLength ?? 128;
const CITY_MAX = shape.city.maxLength ?? 80;
const ADDRESS_MAX = shape.address.maxLength ?? 160;

/** A phone: digits with an optional leading + and spaces, brackets or hyphens (as the settings forms accept). */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

/**
 * The sign-up form's rules: the contract's (src/api/registration.ts) with a message in the
 * operator's language for each way a field can be wrong. The phone uses the generic regex rule,
 * the policy the checked rule ("must be checked"); both are the shared zod helpers of src/lib.
 */
export function registerFormSchema(t: Translate) {
  const tooLong = (max: number) => t('register.validation.tooLong', { max });
  return z
    .object({
      store_name: z.string().trim().min(1, t('register.validation.storeNameRequired')).max(NAME_MAX, tooLong(NAME_MAX)),
      name_op: z.string().trim().min(1, t('register.validation.nameRequired')).max(OPERATOR_MAX, tooLong(OPERATOR_MAX)),
      email: z.string().trim().min(1, t('auth.validation.emailRequired')).pipe(z.email(t('auth.validation.emailInvalid'))),
      phone: z
        .string()
        .trim()
        .min(1, t('register.validation.phoneRequired'))
        .max(PHONE_MAX, tooLong(PHONE_MAX))
        .pipe(matches(PHONE_PATTERN, t('register.validation.phoneInvalid'))),
      password: z
        .string()
        .min(PASSWORD_MIN_LENGTH, t('register.validation.passwordShort', { min: PASSWORD_MIN_LENGTH }))
        .max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
      password_confirmation: z.string().min(1, t('register.validation.confirmationRequired')),
      country: z.string().refine(isCountryCode, t('register.validation.countryRequired')),
      // Only the text before the first comma is the city: "  , Spain" names none.
      city: z
        .string()
        .refine((value) => cityOf(value) !== '', t('register.validation.cityRequired'))
        .refine((value) => cityOf(value).length <= CITY_MAX, tooLong(CITY_MAX))
        .transform((value) => value.trim()),
      street: z.string().trim().min(1, t('register.validation.streetRequired')),
      policy: mustBeChecked(t('register.validation.policy')),
    })
    .refine((values) => values.password === values.password_confirmation, {
      path: ['password_confirmation'],
      error: t('register.validation.passwordsDiffer'),
      // Checked as soon as both are typed, whatever the other fields say.
      when: ({ value }) => {
        const { password, password_confirmation } = value as Partial<SignupFormValues>;
        return typeof password === 'string' && typeof password_confirmation === 'string' && password_confirmation !== '';
      },
    })
    .refine((values) => addressOf(values).length <= ADDRESS_MAX, {
      path: ['street'],
      error: t('register.validation.addressTooLong', { max: ADDRESS_MAX }),
      when: ({ value }) => {
        const { city, street } = value as Partial<SignupFormValues>;
        return typeof city === 'string' && typeof street === 'string';
      },
    }) satisfies z.ZodType<SignupFormValues, SignupFormValues>;
}

/** sessionStorage key of the sign-up form's draft, so what was typed survives a reload. */
export const SIGNUP_DRAFT_KEY = formDraftKey('signup', null);

/** What a sign-up draft keeps: everything typed but the passwords, which are never stored. */
export const SignupDraftSchema = z.object({
  store_name: z.string(),
  name_op: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  street: z.string(),
  policy: z.boolean(),
});
export type SignupDraft = z.infer<typeof SignupDraftSchema>;

export const signupDraftOf = ({ password: _password, password_confirmation: _confirmation, ...kept }: SignupFormValues): SignupDraft => kept;
