import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accentPalette,
  ACCENT_MIN_CONTRAST,
  contrastRatio,
  DARK_TERTIARY_TEXT,
  darkSchemePalette,
  DARKEST_LIGHT_SURFACE,
  isHexColor,
  LIGHTEST_DARK_SURFACE,
  readableOnLightSurfaces,
  relativeLuminance,
} from '../../src/lib/accent-palette';
import { themeWithAccent, theme } from '../../src/app/theme';

const hexColors = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

describe('the accent made from the store’s colour', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });

  it('keeps a colour that already reads on the darkest light surface, and darkens one that does not just enough', () => {
    expect(readableOnLightSurfaces('#1f6f8b')).toBe('#1f6f8b');
    const orange = readableOnLightSurfaces('#d9822b');
    expect(contrastRatio(orange, DARKEST_LIGHT_SURFACE)).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
    // Just enough: the steps change the contrast by a few hundredths.
    expect(contrastRatio(orange, DARKEST_LIGHT_SURFACE)).toBeLessThan(ACCENT_MIN_CONTRAST + 0.15);
    // The default store's colour: its shade reads on background.surface too (it read 4.39:1 when only white was checked).
    expect(contrastRatio(readableOnLightSurfaces('#d9822b'), '#fbfcfe')).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
    fc.assert(
      fc.property(hexColors, (hex) => {
        const readable = readableOnLightSurfaces(hex);
        expect(contrastRatio(readable, DARKEST_LIGHT_SURFACE)).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
        expect(readable === hex || contrastRatio(readable, DARKEST_LIGHT_SURFACE) < ACCENT_MIN_CONTRAST + 0.15).toBe(true);
      }),
    );
  });

  it('gives every colour ten shades from light to dark, 400 the colour itself and 500 readable on white (and white on it)', () => {
    fc.assert(
      fc.property(hexColors, (hex) => {
        const palette = accentPalette(hex);
        for (const shade of SHADES) expect(isHexColor(palette[shade])).toBe(true);
        expect(palette[400]).toBe(hex);
        expect(contrastRatio(palette[500], '#ffffff')).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
        const luminances = SHADES.filter((shade) => shade !== 400).map((shade) => relativeLuminance(palette[shade]));
        for (let i = 1; i < luminances.length; i++) expect(luminances[i]).toBeLessThanOrEqual(luminances[i - 1]);
      }),
    );
  });

  it('the theme takes the store’s colour for its primary palette; without one it is the brand orange', () => {
    const accented = themeWithAccent('#1F6F8B');
    expect(accented.colorSchemes.light.palette.primary[500]).toBe('#1f6f8b');
    expect(themeWithAccent(null)).toBe(theme);
    expect(themeWithAccent('teal')).toBe(theme);
    expect(theme.colorSchemes.light.palette.primary[500]).toBe('#C2410C');
  });

  it('in the dark scheme: text shades (400, 300, 200) read on the lightest dark surface, and soft surfaces (800) hold the faint text and shade 200', () => {
    fc.assert(
      fc.property(hexColors, (hex) => {
        const dark = darkSchemePalette(accentPalette(hex));
        for (const shade of [200, 300, 400] as const) expect(contrastRatio(dark[shade], LIGHTEST_DARK_SURFACE)).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
        expect(contrastRatio(dark[800], DARK_TERTIARY_TEXT)).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
        expect(contrastRatio(dark[800], dark[200])).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
        // Solid fills keep the light scheme's shades (white text reads on them already).
        expect([dark[500], dark[600], dark[700]]).toEqual([accentPalette(hex)[500], accentPalette(hex)[600], accentPalette(hex)[700]]);
      }),
    );
  });
});
