/**
 * The console's accent (the theme's primary palette) made from the store's colour (Settings →
 * Configuration). Joy puts text, links and solid fills on the 500 shade, so 500 is the store's
 * colour darkened just enough to read at WCAG AA (4.5:1) against white, and white text on it
 * reads as well; 400 is the colour as chosen; lighter shades are tints of it for soft
 * backgrounds and borders, darker ones are shades of 500 for hover and pressed states.
 */

export type AccentShade = 50 | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
export type AccentPalette = Record<AccentShade, string>;

/**
 * Orange brand (the spec's orange top bar), the accent when the store has none. Joy puts text,
 * links and solid fills on the 500 shade; a true orange 500 on white fails WCAG AA, so the scale
 * is shifted: 500 is a burnt orange with ≥ 4.5:1 against white, and the lighter shades keep the
 * brand's brightness for tints. The top bar is always this 500 (the theme's --joy-palette-brand-band).
 */
export const BRAND_PALETTE: AccentPalette = {
  50: '#FFF7ED',
  100: '#FFEDD5',
  200: '#FED7AA',
  300: '#FDBA74',
  400: '#F97316',
  500: '#C2410C',
  600: '#AD3A0B',
  700: '#9A3412',
  800: '#7C2D12',
  900: '#5C210D',
};

/** WCAG AA for normal text. */
export const ACCENT_MIN_CONTRAST = 4.5;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  if (!isHexColor(hex)) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16);
  return [channel(1), channel(3), channel(5)];
}

const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `weight` of `colour` over `base` (0: base, 1: colour). */
const mix = (colour: Rgb, base: Rgb, weight: number): Rgb => {
  const channel = (i: 0 | 1 | 2) => base[i] + (colour[i] - base[i]) * weight;
  return [channel(0), channel(1), channel(2)];
};

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Relative luminance (WCAG 2.x). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** How finely the colour is darkened: 0.2 % steps move the contrast by a few hundredths. */
const DARKEN_STEPS = 500;

/**
 * The lightest-to-darkest light surfaces primary text sits on in the light scheme: white, Joy's
 * background.surface (#fbfcfe) and background.level1 (#f0f4f8). Text must read on the darkest.
 */
export const DARKEST_LIGHT_SURFACE = '#f0f4f8';

/**
 * The colour darkened toward black (hue kept) by the least step that reads at `ratio` against
 * the darkest light surface (and so against white too); the colour itself when it already does.
 */
export function readableOnLightSurfaces(hex: string, ratio = ACCENT_MIN_CONTRAST): string {
  const colour = parseHex(hex);
  for (let step = 0; step <= DARKEN_STEPS; step++) {
    const candidate = toHex(mix(colour, BLACK, 1 - step / DARKEN_STEPS));
    if (contrastRatio(candidate, DARKEST_LIGHT_SURFACE) >= ratio) return candidate;
  }
  return '#000000';
}

/** The ten shades of the accent for a store colour (#rrggbb). */
export function accentPalette(hex: string): AccentPalette {
  const colour = parseHex(hex);
  const base = readableOnLightSurfaces(hex);
  const baseRgb = parseHex(base);
  return {
    50: toHex(mix(colour, WHITE, 0.06)),
    100: toHex(mix(colour, WHITE, 0.14)),
    200: toHex(mix(colour, WHITE, 0.3)),
    300: toHex(mix(colour, WHITE, 0.5)),
    400: toHex(colour),
    500: base,
    600: toHex(mix(baseRgb, BLACK, 0.88)),
    700: toHex(mix(baseRgb, BLACK, 0.76)),
    800: toHex(mix(baseRgb, BLACK, 0.62)),
    900: toHex(mix(baseRgb, BLACK, 0.48)),
  };
}

/**
 * The lightest dark surface primary text sits on in the dark scheme: Joy's background.level1
 * (#171a1c; body, surface and popup are darker). Text must read on it.
 */
export const LIGHTEST_DARK_SURFACE = '#171a1c';

/** Joy's text.tertiary in the dark scheme (neutral 400): the faintest text a soft primary surface holds. */
export const DARK_TERTIARY_TEXT = '#9fa6ad';

/** The colour lightened toward white (hue kept) by the least step that reads at `ratio` on the lightest dark surface. */
export function readableOnDarkSurfaces(hex: string, ratio = ACCENT_MIN_CONTRAST): string {
  const colour = parseHex(hex);
  for (let step = 0; step <= DARKEN_STEPS; step++) {
    const candidate = toHex(mix(colour, WHITE, 1 - step / DARKEN_STEPS));
    if (contrastRatio(candidate, LIGHTEST_DARK_SURFACE) >= ratio) return candidate;
  }
  return '#ffffff';
}

/** The colour darkened toward black by the least step behind which every one of `texts` reads at `ratio`. */
function readableBehind(hex: string, texts: readonly string[], ratio = ACCENT_MIN_CONTRAST): string {
  const colour = parseHex(hex);
  for (let step = 0; step <= DARKEN_STEPS; step++) {
    const candidate = toHex(mix(colour, BLACK, 1 - step / DARKEN_STEPS));
    if (texts.every((text) => contrastRatio(candidate, text) >= ratio)) return candidate;
  }
  return '#000000';
}

const lighter = (a: string, b: string) => (relativeLuminance(a) >= relativeLuminance(b) ? a : b);
const darker = (a: string, b: string) => (relativeLuminance(a) <= relativeLuminance(b) ? a : b);

/**
 * The same accent for Joy's dark scheme, which reads other shades: text and links on 400
 * (mainChannel), 300 (plain) and 200 (outlined, soft), soft surfaces on 800 (with text.tertiary
 * and the 200 text on them), solid fills on 500 with white text. 400 and the lighter shades are
 * lightened until they read on the dark surfaces; 800 and 900 are darkened until that text reads
 * on them; 500–700 stay (white reads on them already). A hand-made scale (the brand orange) keeps
 * every shade that already passes.
 */
export function darkSchemePalette(palette: AccentPalette): AccentPalette {
  const text = readableOnDarkSurfaces(palette[400]);
  // `weight` of the readable colour over white.
  const tint = (shade: 50 | 100 | 200 | 300, weight: number) => lighter(palette[shade], toHex(mix(parseHex(text), WHITE, weight)));
  const light = { 50: tint(50, 0.12), 100: tint(100, 0.25), 200: tint(200, 0.5), 300: tint(300, 0.75) };
  const soft = readableBehind(palette[800], [DARK_TERTIARY_TEXT, light[200]]);
  return {
    ...light,
    400: text,
    500: palette[500],
    600: palette[600],
    700: palette[700],
    800: soft,
    900: darker(palette[900], toHex(mix(parseHex(soft), BLACK, 0.75))),
  };
}
