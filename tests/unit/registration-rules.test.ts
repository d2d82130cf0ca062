import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cityOf } from '../../src/api/registration';
import { PASSWORD_MIN_LENGTH } from '../../src/lib/constants';
import { passwordScore, passwordStrength } from '../../src/lib/password-strength';
import { cityQueryOf } from '../../src/machines/registration/city-check.machine';
import { addressOf, signupRequestOf } from '../../src/machines/registration/machine';
import { PATH_SIGNUP_VALUES } from '../../src/machines/registration/paths';

/** Text with commas and spaces in it often: what people type in an address field. */
const addressText = fc.stringMatching(/^[ ,a-zA-Zà-ü0-9]{0,30}$/);

describe('the city rule (spec section 5: only the text before the first comma is sent)', () => {
  it('never contains a comma, is trimmed, and is the trimmed text before the first comma', () => {
    fc.assert(
      fc.property(fc.oneof(addressText, fc.string()), (address) => {
        const city = cityOf(address);
        expect(city).not.toContain(',');
        expect(city).toBe(city.trim());
        const beforeComma = address.split(',')[0];
        expect(beforeComma.trim()).toBe(city);
        expect(address.startsWith(beforeComma)).toBe(true);
      }),
    );
  });

  it('is idempotent, and nothing typed after the first comma changes it', () => {
    fc.assert(
      fc.property(addressText, fc.string(), (address, rest) => {
        expect(cityOf(cityOf(address))).toBe(cityOf(address));
        expect(cityOf(address.includes(',') ? address + rest : address)).toBe(cityOf(address));
        expect(cityOf(`${address},${rest}`)).toBe(cityOf(address.split(',')[0]));
      }),
    );
  });

  it('the form puts the city first, so the address sent gives back the city typed', () => {
    fc.assert(
      fc.property(addressText.filter((c) => !c.includes(',')), addressText, (city, street) => {
        const address = addressOf({ city, street });
        expect(cityOf(address)).toBe(city.trim());
        const request = signupRequestOf({ ...PATH_SIGNUP_VALUES, city, street }, 'en');
        expect(request.city).toBe(cityOf(request.address));
        expect(request).not.toHaveProperty('policy');
      }),
    );
  });

  it('the city check asks nothing without a city before the comma or a country of the list, and only about valid e-mails', () => {
    expect(cityQueryOf({ country: 'ES', address: ' , Spain', email: '' })).toBeNull();
    expect(cityQueryOf({ country: 'XX', address: 'Madrid', email: '' })).toBeNull();
    expect(cityQueryOf({ country: 'ES', address: 'Madrid, Spain', email: ' Ana@Store.TEST ' })).toEqual({ country: 'ES', city: 'Madrid', email: 'ana@store.test' });
    expect(cityQueryOf({ country: 'ES', address: 'Madrid', email: 'ana@' })).toEqual({ country: 'ES', city: 'Madrid', email: '' });
    fc.assert(
      fc.property(addressText, (address) => {
        const query = cityQueryOf({ country: 'PT', address, email: '' });
        expect(query === null ? '' : query.city).toBe(cityOf(address));
      }),
    );
  });
});

describe('the password strength hint', () => {
  it('scores 0 to 4; below the minimum length it is 0 (too short)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (password) => {
        const score = passwordScore(password);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(4);
        const long = [...password].length >= PASSWORD_MIN_LENGTH;
        expect({ tooShort: passwordStrength(password) === 'tooShort', scored: score >= 1 }).toEqual({ tooShort: !long, scored: long });
      }),
    );
  });

  it('never drops as characters are added', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ minLength: 1, maxLength: 10 }), (password, more) => {
        expect(passwordScore(password + more)).toBeGreaterThanOrEqual(passwordScore(password));
      }),
    );
  });

  it('reads long mixed passwords as strong and one repeated character as weak however long', () => {
    expect(passwordStrength('pa55-word-long')).toBe('strong');
    expect(passwordStrength('password')).toBe('weak');
    expect(passwordStrength('Password1')).toBe('good');
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaa')).toBe('weak');
  });
});
