import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkColours, findColourLiterals, THEME_FILES } from '../../scripts/check-colours';

/** One design source (decision 035): the check behind `npm run check:colours`. */
const literals = (file: string, source: string) => findColourLiterals(file, source).map(({ line, literal }) => `${line}:${literal}`);

describe('colour literals in a stylesheet', () => {
  it('flags hex colours, colour functions with numbers of their own, and named colours in colour properties', () => {
    const css = [
      '.a {',
      '  color: #fff;',
      '  background-color: rgba(0, 0, 0, 0.4);',
      '  border: 1px solid white;',
      '  --brand: #C2410C;',
      '  box-shadow: 0 0 0 2px hsl(20 90% 40%);',
      '}',
    ].join('\n');
    expect(literals('src/ui/x.css', css)).toEqual(['2:#fff', '3:rgba(0, 0, 0, 0.4)', '4:white', '5:#C2410C', '6:hsl(20 90% 40%)']);
  });

  it("passes what reads the theme: its variables, channels with an alpha, keywords, selectors and comments", () => {
    const css = [
      '/* Joy draws #fff text on rgba(0, 0, 0, 0.5) here */',
      '#main-content:focus, .white {',
      '  color: var(--joy-palette-text-secondary);',
      '  text-decoration-color: rgb(var(--joy-palette-primary-mainChannel) / 0.72);',
      '  background: color-mix(in srgb, var(--joy-palette-common-white) 15%, transparent);',
      '  border-top-color: currentColor;',
      '  fill: inherit;',
      '  animation: plain-spin 0.8s linear infinite;',
      '}',
    ].join('\n');
    expect(literals('src/ui/x.css', css)).toEqual([]);
  });
});

describe('colour literals in a module', () => {
  it('flags colour strings and named colours given to colour props', () => {
    const tsx = [
      "const MARKER = '#c2410c';",
      "const sx = { bgcolor: 'rgba(255, 255, 255, 0.85)', color: 'white' };",
      'const svg = <rect fill="#ffffff" stroke="black" />;',
      "const shadow = '0 0 0 2px #fff';",
    ].join('\n');
    expect(literals('src/ui/x.tsx', tsx)).toEqual(['1:#c2410c', '2:rgba(255, 255, 255, 0.85)', '2:white', '3:#ffffff', '3:black', '4:#fff']);
  });

  it("passes Joy's palette names, anchors, comments and sentences that mention a colour code", () => {
    const tsx = [
      "// The band is #C2410C (the brand palette's 500).",
      "const sx = { bgcolor: 'common.white', color: 'neutral.outlinedBorder', borderColor: 'danger.500' };",
      'const link = <a href="#main-content" color="danger" />;',
      "const message = 'Enter # and six hexadecimal digits, for example #1F6F8B';",
      "const spanish = 'Escribe # y seis dígitos hexadecimales, por ejemplo #1F6F8B';",
      "const fill = 'currentColor';",
    ].join('\n');
    expect(literals('src/ui/x.tsx', tsx)).toEqual([]);
  });
});

describe('the theme files', () => {
  it('are where the colours are: the check finds literals in them, and lets them be', () => {
    const inTheme = THEME_FILES.flatMap((file) => findColourLiterals(file, readFileSync(file, 'utf8')));
    expect(inTheme.length).toBeGreaterThan(20);
    const found = checkColours();
    expect(found.filter(({ file }) => THEME_FILES.includes(file))).toEqual([]);
  });

  it('are the only place in src/ a colour is written down', () => {
    expect(checkColours()).toEqual([]);
  });
});
