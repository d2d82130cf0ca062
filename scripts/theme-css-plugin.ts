import type { Plugin } from 'vite';
import { theme } from '../src/app/theme.ts';

/** The stylesheet's module id: src/main.tsx imports it before anything else. */
export const THEME_CSS_ID = 'virtual:joy-theme.css';
const RESOLVED_ID = `\0${THEME_CSS_ID}`;

/** What the stylesheet needs of a Joy theme (`extendTheme`'s result). */
interface CssVarsTheme {
  colorSchemes: Record<string, unknown>;
  generateCssVars: (colorScheme?: never) => { css: Record<string, string | number> };
}

/** One rule: a selector and its custom properties. */
function block(selector: string, css: Record<string, string | number>): string {
  const declarations = Object.entries(css).map(([name, value]) => `  ${name}: ${value};`);
  return `${selector} {\n${declarations.join('\n')}\n}\n`;
}

/**
 * A Joy theme's CSS variables as a stylesheet, laid out as Joy's CssVarsProvider writes them at run
 * time: the scheme-free ones (type, radii, shadows, z-indices) on `:root`; the default (light)
 * scheme on `:root` and `[data-joy-color-scheme="light"]`; every other scheme under its attribute,
 * which src/app/color-scheme.ts puts on <html> before the first paint.
 */
export function themeStylesheet(source: CssVarsTheme, { attribute = 'data-joy-color-scheme', defaultScheme = 'light' } = {}): string {
  const generate = source.generateCssVars as (colorScheme?: string) => { css: Record<string, string | number> };
  const schemes = Object.keys(source.colorSchemes).map((scheme) =>
    block(scheme === defaultScheme ? `:root, [${attribute}="${scheme}"]` : `[${attribute}="${scheme}"]`, generate(scheme).css),
  );
  return [
    '/* Joy UI\'s CSS variables from src/app/theme.ts, written at build time (scripts/theme-css-plugin.ts). */\n',
    block(':root', generate().css),
    ...schemes,
  ].join('');
}

/**
 * The one design source as static CSS (docs/decisions/035-one-design-source.md): the console's Joy
 * theme, src/app/theme.ts, turned into Joy's own CSS variables for both colour schemes when the
 * page is built (and served by the dev server, which restarts when the theme changes: it is a
 * dependency of this config). The plain UI reads them on the pages that load no Joy; Joy's
 * components read the same ones (its provider generates none, src/app/accent-theme.tsx). Static
 * CSS, so the sign-in page still runs no Joy or emotion code (scripts/check-bundle-budget.ts).
 */
export function themeCss(): Plugin {
  return {
    name: 'theme-css',
    enforce: 'pre',
    resolveId: (id) => (id === THEME_CSS_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? themeStylesheet(theme) : undefined),
  };
}
