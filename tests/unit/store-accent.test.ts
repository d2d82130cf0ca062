import { describe, expect, it } from 'vitest';
import { accentStylesheet } from '../../src/app/store-accent';
import { accentPalette, BRAND_PALETTE, darkSchemePalette } from '../../src/lib/accent-palette';

/** The store's accent for plain UI: Joy's primary variables, light and dark (src/app/store-accent.tsx). */
/** A variable's value in the light (first line) or dark (second line) block. */
function variable(css: string, scheme: 'light' | 'dark', name: string) {
  const block = css.split('\n')[scheme === 'light' ? 0 : 1];
  return new RegExp(`--joy-palette-${name}: ([^;]+);`).exec(block)?.[1];
}

describe('accent stylesheet', () => {
  it('is the brand orange while the store has no colour (or not a #rrggbb one)', () => {
    for (const color of [null, 'orange']) {
      const css = accentStylesheet(color);
      expect(variable(css, 'light', 'primary-500')).toBe(BRAND_PALETTE[500]);
      expect(variable(css, 'dark', 'primary-300')).toBe(darkSchemePalette(BRAND_PALETTE)[300]);
    }
  });

  it("defines the store's shades and the tokens Joy puts on them, per scheme", () => {
    const css = accentStylesheet('#2e7d32');
    const light = accentPalette('#2e7d32');
    expect(variable(css, 'light', 'primary-500')).toBe(light[500]);
    expect(variable(css, 'light', 'primary-solidBg')).toBe('var(--joy-palette-primary-500)');
    expect(variable(css, 'light', 'primary-plainColor')).toBe('var(--joy-palette-primary-500)');
    expect(variable(css, 'light', 'primary-softBg')).toBe('var(--joy-palette-primary-100)');
    expect(variable(css, 'light', 'focusVisible')).toBe('var(--joy-palette-primary-500)');
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(light[500].slice(at, at + 2), 16));
    expect(variable(css, 'light', 'primary-mainChannel')).toBe(`${r} ${g} ${b}`);
    // Dark: its own shades, text on 300 (the console's theme), soft backgrounds on 800.
    expect(css.split('\n')[1]).toMatch(/^:root\[data-joy-color-scheme='dark'\]/);
    expect(variable(css, 'dark', 'primary-800')).toBe(darkSchemePalette(light)[800]);
    expect(variable(css, 'dark', 'primary-plainColor')).toBe('var(--joy-palette-primary-300)');
    expect(variable(css, 'dark', 'primary-softBg')).toBe('var(--joy-palette-primary-800)');
    // Joy's dark main channel is 400's.
    const [dr, dg, db] = [1, 3, 5].map((at) => parseInt(darkSchemePalette(light)[400].slice(at, at + 2), 16));
    expect(variable(css, 'dark', 'primary-mainChannel')).toBe(`${dr} ${dg} ${db}`);
  });
});
