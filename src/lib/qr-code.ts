/**
 * QR codes for the devices tab's API key, drawn by src/ui/qr-code-image.tsx. The encoding
 * (ISO/IEC 18004: Reed–Solomon, masks, format and version information) is lean-qr's; this
 * adapter pins the choices the app relies on and hands back a plain module matrix.
 *
 * Conventions: `modules[row][col]`, true is dark; row 0 is the top, col 0 the left. The quiet
 * zone is not part of the matrix: whoever draws it leaves it.
 */
import { correction, generate, mode } from 'lean-qr';

export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';

export interface QrCode {
  version: number;
  /** Modules a side: 4 × version + 17. */
  size: number;
  modules: readonly (readonly boolean[])[];
}

/**
 * Encodes `text` in the smallest version that fits. Level M by default: 15 % of the codewords
 * may be damaged (a phone screen, a glare) and still read. Throws when the text does not fit.
 */
export function encodeQr(text: string, { errorCorrection = 'M' }: { errorCorrection?: QrErrorCorrection } = {}): QrCode {
  const level = correction[errorCorrection];
  // One byte-mode segment of UTF-8 (no ECI header, no mixed modes), at exactly the level asked:
  // lean-qr would otherwise raise the level whenever the chosen version has room to spare.
  const code = generate(mode.bytes(new TextEncoder().encode(text)), { minCorrectionLevel: level, maxCorrectionLevel: level });
  const modules = Array.from({ length: code.size }, (_row, row) => Array.from({ length: code.size }, (_col, col) => code.get(col, row)));
  return { version: (code.size - 17) / 4, size: code.size, modules };
}

/**
 * An SVG path of the dark modules, one unit a module, offset by `margin` (the quiet zone): one
 * `M x y h n v1 h-n z` rectangle per horizontal run, so a version 4 symbol is a few hundred runs.
 */
export function qrPathData(modules: QrCode['modules'], margin = 4): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join('');
}
