import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One design source (docs/decisions/035-one-design-source.md): a colour is written down in the
 * theme and nowhere else in src/. Everything else reads the theme's CSS variables
 * (`var(--joy-palette-neutral-200)`), Joy's palette names (`color="danger"`, `bgcolor:
 * 'common.white'`) or, where a CSS variable cannot reach (a canvas), the theme object (Joy's
 * `useTheme`). This finds the colour literals outside the theme: `npm run check:colours`, part of
 * `npm test`.
 */

/** The theme: Joy's theme with the console's own colours, and the accent computed from a store's colour. */
export const THEME_FILES: readonly string[] = ['src/app/theme.ts', 'src/lib/accent-palette.ts'];

/**
 * Colours that are data, not design: the path models' stand-ins for the platform's answers (a
 * store's chosen colour, an earnings category's), which the screens draw as the server sends them.
 */
export const DATA_FILES: readonly RegExp[] = [/^src\/machines\/(?:.+\/)?paths\.ts$/, /^src\/machines\/path-model\//];

export interface ColourLiteral {
  file: string;
  line: number;
  literal: string;
}

/** CSS's named colours (CSS Color 4). `transparent`, `currentColor` and the CSS-wide keywords are not colours of their own. */
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
    'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey ' +
    'darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray ' +
    'darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen ' +
    'fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen ' +
    'lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
    'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
    'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver ' +
    'skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen'
  ).split(' '),
);

/** A hex colour: #rgb, #rgba, #rrggbb, #rrggbbaa. */
const HEX = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
/** A colour function with a number of its own (`rgb(var(--joy-palette-primary-mainChannel) / 0.72)` reads the theme: fine). */
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(\s*[-+.\d]/gi;
/** CSS properties whose value may hold a colour by name. */
const COLOUR_PROPERTY = /^(?:--.*|color|background(?:-color)?|border(?:-(?:top|right|bottom|left|block|inline)(?:-(?:start|end))?)?(?:-color)?|outline(?:-color)?|fill|stroke|(?:box|text)-shadow|text-decoration(?:-color)?|caret-color|accent-color|column-rule(?:-color)?|stop-color|flood-color|lighting-color|scrollbar-color)$/i;
/** The same in JavaScript: style objects, Joy's sx / system props, SVG attributes. */
const COLOUR_KEY = /^(?:color|bgcolor|backgroundColor|background|borderColor|border|outlineColor|outline|fill|stroke|stopColor|floodColor|lightingColor|textColor|htmlColor|caretColor|accentColor|boxShadow|textShadow|textDecorationColor)$/;

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** The text with its comments blanked out (same length, newlines kept, so positions and line numbers still hold). */
function blankCssComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
}

function cssLiterals(source: string): Array<{ index: number; literal: string }> {
  const text = blankCssComments(source);
  const found: Array<{ index: number; literal: string }> = [];
  // Declarations live in the innermost blocks; selectors (`#id`, `a:hover`) stay outside them.
  for (const block of text.matchAll(/\{([^{}]*)\}/g)) {
    const blockStart = (block.index ?? 0) + 1;
    for (const declaration of block[1].matchAll(/([-\w]+)\s*:([^;]*)/g)) {
      const [, property, value] = declaration;
      const valueStart = blockStart + (declaration.index ?? 0) + declaration[0].length - value.length;
      for (const match of value.matchAll(HEX)) found.push({ index: valueStart + (match.index ?? 0), literal: match[0] });
      for (const match of value.matchAll(COLOUR_FUNCTION)) found.push({ index: valueStart + (match.index ?? 0), literal: value.slice(match.index).split(')')[0] + ')' });
      if (COLOUR_PROPERTY.test(property)) {
        for (const match of value.matchAll(/[a-z]+/gi)) {
          if (NAMED_COLOURS.has(match[0].toLowerCase()) && !/[-\w]/.test(value[(match.index ?? 0) - 1] ?? '') && !/[-\w(]/.test(value[(match.index ?? 0) + match[0].length] ?? '')) {
            found.push({ index: valueStart + (match.index ?? 0), literal: match[0] });
          }
        }
      }
    }
  }
  return found;
}

interface StringLiteral {
  index: number;
  text: string;
  /** What stands before the opening quote on its line (to see `color: 'white'`, `fill="white"`). */
  before: string;
}

/**
 * The string literals of a TypeScript source (quotes and the static parts of template
 * literals), skipping comments. A small scanner, enough for this codebase: a regular expression
 * literal holding a quote could confuse it, and none in src/ does.
 */
function stringLiterals(source: string): StringLiteral[] {
  const found: StringLiteral[] = [];
  let i = 0;
  const lineStart = (at: number) => source.lastIndexOf('\n', at - 1) + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      const start = i;
      let text = '';
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\') {
          text += source.slice(i, i + 2);
          i += 2;
        } else if (c === '`' && source[i] === '$' && source[i + 1] === '{') {
          // A placeholder: the static text stops here (its expression is not scanned).
          let depth = 1;
          i += 2;
          while (i < source.length && depth > 0) {
            if (source[i] === '{') depth++;
            else if (source[i] === '}') depth--;
            i++;
          }
          text += '\u0000';
        } else {
          text += source[i];
          i++;
        }
      }
      found.push({ index: start, text, before: source.slice(lineStart(start), start) });
      i++;
    } else {
      i++;
    }
  }
  return found;
}

/** Words in a row: a sentence for the operator ("for example #1F6F8B"), not a CSS value ("1px solid #ccc"). */
const PROSE = /\p{L}{2,}[\s,;.]+\p{L}{2,}[\s,;.]+\p{L}{2,}/u;

function scriptLiterals(source: string): Array<{ index: number; literal: string }> {
  const found: Array<{ index: number; literal: string }> = [];
  for (const string of stringLiterals(source)) {
    const text = string.text;
    if (!PROSE.test(text)) {
      for (const match of text.matchAll(HEX)) {
        // `#main-content` and the like are anchors; a colour stands alone or after a space, comma or bracket.
        const prev = text[(match.index ?? 0) - 1];
        if (prev === undefined || /[\s,(:]/.test(prev)) found.push({ index: string.index, literal: match[0] });
      }
      for (const match of text.matchAll(COLOUR_FUNCTION)) found.push({ index: string.index, literal: text.slice(match.index).split(')')[0] + ')' });
    }
    const key = /([A-Za-z]+)\s*[:=]\s*\{?\s*$/.exec(string.before)?.[1];
    if (key && COLOUR_KEY.test(key)) {
      for (const match of text.matchAll(/[a-z]+/gi)) {
        const prev = text[(match.index ?? 0) - 1] ?? '';
        const next = text[(match.index ?? 0) + match[0].length] ?? '';
        // `common.white`, `neutral.outlinedBorder`: Joy's palette by name, the theme's.
        if (NAMED_COLOURS.has(match[0].toLowerCase()) && !/[-\w.]/.test(prev) && !/[-\w.(]/.test(next)) found.push({ index: string.index, literal: match[0] });
      }
    }
  }
  return found;
}

/** The colour literals of one file (`file`: its path from the repository root, with forward slashes). */
export function findColourLiterals(file: string, source: string): ColourLiteral[] {
  const extension = extname(file);
  const literals = extension === '.css' ? cssLiterals(source) : ['.ts', '.tsx', '.js', '.jsx', '.mjs'].includes(extension) ? scriptLiterals(source) : [];
  return literals.map(({ index, literal }) => ({ file, line: lineOf(source, index), literal }));
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every colour literal under `directory` (src/ by default) outside the theme files. */
export function checkColours(root: string = process.cwd(), directory = 'src'): ColourLiteral[] {
  return filesUnder(join(root, directory))
    .map((path) => relative(root, path).split(sep).join('/'))
    .filter((file) => !THEME_FILES.includes(file) && !DATA_FILES.some((pattern) => pattern.test(file)))
    .flatMap((file) => findColourLiterals(file, readFileSync(join(root, file), 'utf8')));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = checkColours();
  if (found.length > 0) {
    console.error(`Colour literals outside the theme (${THEME_FILES.join(', ')}):`);
    for (const { file, line, literal } of found) console.error(`  ${file}:${line}: ${literal}`);
    console.error("Read the theme instead: var(--joy-palette-…) in CSS, a Joy palette name in sx, the theme object (Joy's useTheme) for a canvas (docs/decisions/035-one-design-source.md).");
    process.exit(1);
  }
  console.info('check:colours: no colour literal outside the theme.');
}
