import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeStylesheet } from '../../scripts/theme-css-plugin';
import { theme, themeWithAccent } from '../../src/app/theme';
import { accentStylesheet } from '../../src/app/store-accent';
import { BRAND_PALETTE, darkSchemePalette } from '../../src/lib/accent-palette';

/**
 * One design source (decision 035): the theme's CSS variables as the build writes them
 * (scripts/theme-css-plugin.ts), what the plain stylesheets read of them, and the store's accent
 * over them (src/app/store-accent.tsx).
 */
const css = themeStylesheet(theme);

/** The declarations of the block whose selector is `selector`. */
function block(stylesheet: string, selector: string): Map<string, string> {
  const start = stylesheet.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`No block for ${selector}`);
  const body = stylesheet.slice(start + selector.length + 2, stylesheet.indexOf('}', start));
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));
}

/** A variable's value with every var() it names resolved in `scope`. */
function resolve(value: string, scope: Map<string, string>): string {
  return value.replace(/var\((--[\w-]+)(?:,[^()]*(?:\([^()]*\))?[^()]*)?\)/g, (whole, name: string) => (scope.has(name) ? resolve(scope.get(name)!, scope) : whole));
}

describe('the theme as static CSS', () => {
  it("lays the variables out as Joy's CssVarsProvider does: scheme-free ones on :root, light by default, dark under Joy's attribute", () => {
    const root = block(css, ':root');
    expect(root.get('--joy-radius-sm')).toBe('6px');
    expect(root.get('--joy-fontSize-md')).toBe('1rem');
    expect(root.get('--joy-fontFamily-body')).toContain('system-ui');
    const light = block(css, ':root, [data-joy-color-scheme="light"]');
    const dark = block(css, '[data-joy-color-scheme="dark"]');
    expect(light.get('--joy-palette-primary-500')).toBe(BRAND_PALETTE[500]);
    expect(dark.get('--joy-palette-primary-800')).toBe(darkSchemePalette(BRAND_PALETTE)[800]);
    expect(light.get('--joy-palette-neutral-200')).toBe('#DDE7EE');
    expect(light.get('--joy-palette-brand-band')).toBe(BRAND_PALETTE[500]);
    expect(dark.get('--joy-palette-brand-band')).toBe(BRAND_PALETTE[500]);
    expect(light.get('--joy-palette-rating-star')).not.toBe(dark.get('--joy-palette-rating-star'));
  });

  it("holds every variable Joy's provider would write at run time, with the same values", () => {
    const generate = (theme as unknown as { generateCssVars: (scheme?: string) => { css: Record<string, string | number> } }).generateCssVars;
    for (const [scheme, selector] of [
      [undefined, ':root'],
      ['light', ':root, [data-joy-color-scheme="light"]'],
      ['dark', '[data-joy-color-scheme="dark"]'],
    ] as const) {
      const written = block(css, selector);
      const differing = Object.entries(generate(scheme).css).filter(([name, value]) => written.get(name) !== String(value));
      expect(differing).toEqual([]);
    }
  });

  it('defines every Joy variable the plain stylesheets read', () => {
    const defined = new Set(css.match(/--joy-[\w-]+(?=:)/g));
    const sheets = ['src/ui/plain.css', 'src/app/shell/shell.css', 'src/app/shell/top-bar-widgets.css', 'src/screens/overview/overview.css', 'src/ui/stars.css', 'mocks/stand-in.css'];
    const missing = sheets.flatMap((sheet) => [...readFileSync(sheet, 'utf8').matchAll(/var\((--joy-[\w-]+)/g)].map(([, name]) => name).filter((name) => !defined.has(name)).map((name) => `${sheet}: ${name}`));
    expect(missing).toEqual([]);
  });
});

describe("the store's accent over the static variables", () => {
  it('gives every primary variable the value Joy would write for a theme of that colour, in both schemes', () => {
    const color = '#1F6F8B';
    const accent = accentStylesheet(color);
    const accented = themeWithAccent(color) as unknown as { generateCssVars: (scheme?: string) => { css: Record<string, string | number> } };
    for (const [scheme, selector, accentSelector] of [
      ['light', ':root, [data-joy-color-scheme="light"]', ':root'],
      ['dark', '[data-joy-color-scheme="dark"]', ":root[data-joy-color-scheme='dark']"],
    ] as const) {
      // The page: the static block, then the accent's block after it (it wins).
      const page = new Map([...block(css, ':root'), ...block(css, selector), ...block(accent, accentSelector)]);
      const joy = new Map(Object.entries({ ...accented.generateCssVars().css, ...accented.generateCssVars(scheme).css }).map(([name, value]) => [name, String(value)]));
      const primary = [...joy.keys()].filter((key) => key.startsWith('--joy-palette-primary-') || key === '--joy-palette-focusVisible');
      expect(primary.length).toBeGreaterThan(30);
      const differing = primary.filter((name) => resolve(page.get(name) ?? '', page).toLowerCase() !== resolve(joy.get(name)!, joy).toLowerCase());
      expect(differing).toEqual([]);
    }
  });
});
