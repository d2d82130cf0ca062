/**
 * The console's accent (the theme's primary palette) made from the store's colour (Settings →
 * Configuration). Joy puts text, links and solid fills on the 500 shade, so 500 is the store's
 * colour darkened just enough to read at WCAG AA (4.5:1) against white, and white text on it
 * reads as well; 400 is the colour as chosen; lighter shades are tints of it for soft
 * backgrounds and borders, darker ones are shades of 500 for hover and pressed states.
 */

export type AccentShade = 50 | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
export type AccentPalette = Record<AccentShade, string>;

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
