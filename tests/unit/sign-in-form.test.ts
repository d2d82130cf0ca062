import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { en } from '../../src/i18n/en';
import { EMAIL_PATTERN, signInFormErrors } from '../../src/screens/auth/sign-in-form';

/**
 * The sign-in form's hand-written rules (kept free of zod for the page's weight, decision 015) take
 * exactly what the console's zod forms take: the same e-mail rule as `z.email()`, on the trimmed address.
 */
const t = (key: keyof typeof en) => en[key];
const zodEmail = z.string().trim().min(1).pipe(z.email());

describe('sign-in form rules', () => {
  it('the e-mail pattern agrees with z.email() on e-mail-like and arbitrary strings', () => {
    const candidates = fc.oneof(fc.emailAddress(), fc.string(), fc.stringMatching(/^[a-z.+_'-]{0,8}@[a-z.-]{0,8}\.[a-z]{0,4}$/));
    fc.assert(
      fc.property(candidates, (email) => {
        expect(EMAIL_PATTERN.test(email.trim()) && email.trim() !== '').toBe(zodEmail.safeParse(email).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('says what is missing or wrong, field by field, in the catalogue’s words', () => {
    expect(signInFormErrors(t, { email: '', password: '' })).toEqual({ email: en['auth.validation.emailRequired'], password: en['auth.validation.passwordRequired'] });
    expect(signInFormErrors(t, { email: '   ', password: 'x' })).toEqual({ email: en['auth.validation.emailRequired'] });
    expect(signInFormErrors(t, { email: 'demo@store', password: 'x' })).toEqual({ email: en['auth.validation.emailInvalid'] });
    expect(signInFormErrors(t, { email: '  demo@store.test ', password: 'demo1234' })).toEqual({});
  });
});
