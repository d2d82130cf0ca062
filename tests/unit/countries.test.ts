import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, countryOptions, isCountryCode } from '../../src/lib/countries';

describe('the country list (spec section 2: name and two-letter code)', () => {
  it('holds every ISO 3166-1 alpha-2 code once, each named in English and Spanish', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(codes).toHaveLength(249);
    expect(new Set(codes).size).toBe(249);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name.en.trim()).not.toBe('');
      expect(country.name.es.trim()).not.toBe('');
    }
  });

  it('names a code in the operator’s language; an unknown code shows as it is', () => {
    expect(countryName('ES', 'en')).toBe('Spain');
    expect(countryName('ES', 'es')).toBe('España');
    expect(countryName('DE', 'es')).toBe('Alemania');
    expect(countryName('XX', 'en')).toBe('XX');
    expect(isCountryCode('PT')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
  });

  it('offers the countries in each language’s alphabetical order', () => {
    for (const language of ['en', 'es'] as const) {
      const names = countryOptions(language).map((o) => o.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, language)));
    }
    // Sorted by the name shown, not the code: Germany is "Alemania" in Spanish, so it comes first there.
    const es = countryOptions('es').map((o) => o.code);
    expect(es.indexOf('DE')).toBeLessThan(es.indexOf('AO'));
    const en = countryOptions('en').map((o) => o.code);
    expect(en.indexOf('DE')).toBeGreaterThan(en.indexOf('AO'));
  });
});
