/**
 * A QR code encoder (ISO/IEC 18004): byte mode (the text as UTF-8), error correction levels
 * L/M/Q/H, versions 1–40, Reed–Solomon over GF(256), all eight masks scored with the standard
 * penalty rules, format and version information. Pure: text in, a module matrix out; the screen
 * draws it (src/ui/qr-code-image.tsx). Written for the devices tab's API key (level M), so that
 * no QR package is added to the bundle.
 *
 * Conventions: `modules[row][col]`, true is dark; row 0 is the top, col 0 the left. The quiet
 * zone (4 light modules around the symbol) is not part of the matrix: whoever draws it leaves it.
 */

export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';
export type QrMask = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const QR_MIN_VERSION = 1;
export const QR_MAX_VERSION = 40;
export const QR_MASKS: readonly QrMask[] = [0, 1, 2, 3, 4, 5, 6, 7];

export interface QrCode {
  version: number;
  /** Modules a side: 4 × version + 17. */
  size: number;
  errorCorrection: QrErrorCorrection;
  mask: QrMask;
  /** modules[row][col], true is dark. */
  modules: readonly (readonly boolean[])[];
}

export interface QrOptions {
  /** Default M: 15 % of the codewords may be damaged (a phone screen, a glare) and still read. */
  errorCorrection?: QrErrorCorrection;
  /** The smallest version that fits is chosen, from minVersion up to maxVersion. */
  minVersion?: number;
  maxVersion?: number;
  /** Forces a mask instead of choosing the one with the lowest penalty (tests, reference vectors). */
  mask?: QrMask;
}

// ---------------------------------------------------------------------------------------------
// Tables (ISO/IEC 18004 table 9): error correction codewords per block and the number of blocks,
// indexed by version (index 0 unused). The data codewords follow from the symbol's capacity.
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const ECC_CODEWORDS_PER_BLOCK: Record<QrErrorCorrection, readonly number[]> = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
};

// prettier-ignore
const ERROR_CORRECTION_BLOCKS: Record<QrErrorCorrection, readonly number[]> = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
};

/** The two bits of each level in the format information (not in L, M, Q, H order). */
const FORMAT_LEVEL_BITS: Record<QrErrorCorrection, number> = { L: 0b01, M: 0b00, Q: 0b11, H: 0b10 };

/** Byte mode indicator. */
const MODE_BYTE = 0b0100;
const PAD_CODEWORDS = [0xec, 0x11] as const;

/** Penalty weights N1–N4 (ISO/IEC 18004 7.8.3.1). */
const PENALTY_RUN = 3;
const PENALTY_BLOCK = 3;
const PENALTY_FINDER_LIKE = 40;
const PENALTY_BALANCE = 10;

function checkVersion(version: number): void {
  if (!Number.isInteger(version) || version < QR_MIN_VERSION || version > QR_MAX_VERSION) {
    throw new RangeError(`QR version must be an integer from ${QR_MIN_VERSION} to ${QR_MAX_VERSION}, not ${version}`);
  }
}

export const symbolSize = (version: number): number => version * 4 + 17;

/**
 * Modules left for data and error correction once the function patterns, format and version
 * information are placed (remainder bits included).
 */
export function rawDataModules(version: number): number {
  checkVersion(version);
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    modules -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) modules -= 36;
  }
  return modules;
}

/** Every codeword of a symbol: data and error correction. */
export const totalCodewords = (version: number): number => Math.floor(rawDataModules(version) / 8);

export const errorCorrectionCodewordsPerBlock = (version: number, level: QrErrorCorrection): number => {
  checkVersion(version);
  return ECC_CODEWORDS_PER_BLOCK[level][version];
};

export const errorCorrectionBlocks = (version: number, level: QrErrorCorrection): number => {
  checkVersion(version);
  return ERROR_CORRECTION_BLOCKS[level][version];
};

/** Data codewords of a symbol at a level. */
export function dataCodewordCount(version: number, level: QrErrorCorrection): number {
  return totalCodewords(version) - errorCorrectionCodewordsPerBlock(version, level) * errorCorrectionBlocks(version, level);
}

/** Bits of the character count in byte mode: 8 up to version 9, 16 from version 10. */
export const byteCountBits = (version: number): number => (version <= 9 ? 8 : 16);

/** The most bytes a symbol holds in byte mode. */
export function byteCapacity(version: number, level: QrErrorCorrection): number {
  return Math.floor((dataCodewordCount(version, level) * 8 - 4 - byteCountBits(version)) / 8);
}

// ---------------------------------------------------------------------------------------------
// GF(256) and Reed–Solomon
// ---------------------------------------------------------------------------------------------

/** Product in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D), the field of QR codes. */
export function gfMultiply(x: number, y: number): number {
  let product = 0;
  for (let bit = 7; bit >= 0; bit--) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((y >>> bit) & 1) * x;
  }
  return product;
}

/**
 * The generator polynomial (x − α^0)(x − α^1)…(x − α^(degree−1)) with α = 2, its coefficients
 * from the highest power down, the leading 1 left out (it is always 1).
 */
export function reedSolomonGenerator(degree: number): number[] {
  if (!Number.isInteger(degree) || degree < 1 || degree > 255) throw new RangeError(`Reed–Solomon degree out of range: ${degree}`);
  const coefficients = Array.from({ length: degree }, () => 0);
  coefficients[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    // Multiply by (x − root): in GF(2^8) subtraction is xor.
    for (let j = 0; j < degree; j++) {
      coefficients[j] = gfMultiply(coefficients[j], root);
      if (j + 1 < degree) coefficients[j] ^= coefficients[j + 1];
    }
    root = gfMultiply(root, 0x02);
  }
  return coefficients;
}

/** The error correction codewords of `data`: the remainder of data·x^degree divided by the generator. */
export function reedSolomonRemainder(data: readonly number[], generator: readonly number[]): number[] {
  const remainder = Array.from({ length: generator.length }, () => 0);
  for (const codeword of data) {
    const factor = codeword ^ remainder.shift()!;
    remainder.push(0);
    generator.forEach((coefficient, i) => {
      remainder[i] ^= gfMultiply(coefficient, factor);
    });
  }
  return remainder;
}

// ---------------------------------------------------------------------------------------------
// Data codewords
// ---------------------------------------------------------------------------------------------

function appendBits(bits: number[], value: number, length: number): void {
  for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
}

/**
 * The data codewords of `bytes` in byte mode for a version and level: mode, count, the bytes,
 * up to four terminator bits, zero bits to a byte boundary, then the pad codewords 0xEC 0x11.
 */
export function dataCodewords(bytes: Uint8Array, version: number, level: QrErrorCorrection): number[] {
  const capacityBits = dataCodewordCount(version, level) * 8;
  if (bytes.length > byteCapacity(version, level)) {
    throw new RangeError(`${bytes.length} bytes do not fit a version ${version}-${level} QR code (at most ${byteCapacity(version, level)})`);
  }
  const bits: number[] = [];
  appendBits(bits, MODE_BYTE, 4);
  appendBits(bits, bytes.length, byteCountBits(version));
  for (const byte of bytes) appendBits(bits, byte, 8);
  appendBits(bits, 0, Math.min(4, capacityBits - bits.length));
  appendBits(bits, 0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0; bits.length < capacityBits; pad++) appendBits(bits, PAD_CODEWORDS[pad % 2], 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  return codewords;
}

/** How the data codewords split into blocks: the short blocks first, the long ones (one more data codeword) after. */
export function blockLayout(version: number, level: QrErrorCorrection): { dataLengths: number[]; errorCorrectionLength: number } {
  const blocks = errorCorrectionBlocks(version, level);
  const errorCorrectionLength = errorCorrectionCodewordsPerBlock(version, level);
  const total = totalCodewords(version);
  const shortBlocks = blocks - (total % blocks);
  const shortData = Math.floor(total / blocks) - errorCorrectionLength;
  return { dataLengths: Array.from({ length: blocks }, (_, i) => shortData + (i < shortBlocks ? 0 : 1)), errorCorrectionLength };
}

/**
 * The final codeword sequence: the data split into blocks, each block's error correction
 * computed, then the data interleaved block by block, then the error correction likewise.
 */
export function interleavedCodewords(data: readonly number[], version: number, level: QrErrorCorrection): number[] {
  const { dataLengths, errorCorrectionLength } = blockLayout(version, level);
  if (data.length !== dataLengths.reduce((sum, n) => sum + n, 0)) throw new RangeError('Data codewords do not match the version and level');
  const generator = reedSolomonGenerator(errorCorrectionLength);
  let offset = 0;
  const blocks = dataLengths.map((length) => {
    const blockData = data.slice(offset, offset + length);
    offset += length;
    return { data: blockData, errorCorrection: reedSolomonRemainder(blockData, generator) };
  });
  const result: number[] = [];
  const longest = Math.max(...dataLengths);
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.data.length) result.push(block.data[i]);
  for (let i = 0; i < errorCorrectionLength; i++) for (const block of blocks) result.push(block.errorCorrection[i]);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Format and version information
// ---------------------------------------------------------------------------------------------

/** The 15 format bits: level and mask, BCH(15,5) with generator 0x537, xored with 0x5412. */
export function formatBits(level: QrErrorCorrection, mask: QrMask): number {
  const data = (FORMAT_LEVEL_BITS[level] << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up): the version and BCH(18,6) with generator 0x1F25. */
export function versionBits(version: number): number {
  checkVersion(version);
  let remainder = version;
  for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
  return (version << 12) | remainder;
}

/** Row/column centres of the alignment patterns (ISO/IEC 18004 annex E). */
export function alignmentPatternPositions(version: number): number[] {
  checkVersion(version);
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const positions = [6];
  for (let i = 0, position = symbolSize(version) - 7; i < count - 1; i++, position -= step) positions.splice(1, 0, position);
  return positions;
}

// ---------------------------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------------------------

const bitOf = (value: number, index: number): boolean => ((value >>> index) & 1) !== 0;

/** Whether the mask flips the module at (row, col). */
export function maskApplies(mask: QrMask, row: number, col: number): boolean {
  switch (mask) {
    case 0:
      return (row + col) % 2 === 0;
    case 1:
      return row % 2 === 0;
    case 2:
      return col % 3 === 0;
    case 3:
      return (row + col) % 3 === 0;
    case 4:
      return (Math.floor(row / 2) + Math.floor(col / 3)) % 2 === 0;
    case 5:
      return ((row * col) % 2) + ((row * col) % 3) === 0;
    case 6:
      return (((row * col) % 2) + ((row * col) % 3)) % 2 === 0;
    case 7:
      return (((row + col) % 2) + ((row * col) % 3)) % 2 === 0;
  }
}

class Grid {
  readonly modules: boolean[][];
  /** Function patterns and format/version areas: never data, never masked. */
  readonly reserved: boolean[][];

  constructor(readonly size: number) {
    this.modules = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
    this.reserved = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  }

  setFunction(row: number, col: number, dark: boolean): void {
    this.modules[row][col] = dark;
    this.reserved[row][col] = true;
  }
}

function drawFinder(grid: Grid, centreRow: number, centreCol: number): void {
  // The 7×7 pattern and its light separator (distance 4); cells outside the symbol are skipped.
  for (let dr = -4; dr <= 4; dr++) {
    for (let dc = -4; dc <= 4; dc++) {
      const row = centreRow + dr;
      const col = centreCol + dc;
      if (row < 0 || row >= grid.size || col < 0 || col >= grid.size) continue;
      const distance = Math.max(Math.abs(dr), Math.abs(dc));
      grid.setFunction(row, col, distance !== 2 && distance !== 4);
    }
  }
}

function drawAlignment(grid: Grid, centreRow: number, centreCol: number): void {
  for (let dr = -2; dr <= 2; dr++) {
    for (let dc = -2; dc <= 2; dc++) grid.setFunction(centreRow + dr, centreCol + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
  }
}

/** Both copies of the format bits, and the dark module beside the lower left finder. */
function drawFormat(grid: Grid, bits: number): void {
  const { size } = grid;
  // Around the upper left finder: down column 8 (skipping the timing row), then along row 8.
  for (let i = 0; i <= 5; i++) grid.setFunction(i, 8, bitOf(bits, i));
  grid.setFunction(7, 8, bitOf(bits, 6));
  grid.setFunction(8, 8, bitOf(bits, 7));
  grid.setFunction(8, 7, bitOf(bits, 8));
  for (let i = 9; i < 15; i++) grid.setFunction(8, 14 - i, bitOf(bits, i));
  // The second copy: along row 8 under the upper right finder, up column 8 beside the lower left one.
  for (let i = 0; i < 8; i++) grid.setFunction(8, size - 1 - i, bitOf(bits, i));
  for (let i = 8; i < 15; i++) grid.setFunction(size - 15 + i, 8, bitOf(bits, i));
  grid.setFunction(size - 8, 8, true);
}

/** Both 6×3 copies of the version bits (versions 7 and up). */
function drawVersion(grid: Grid, version: number): void {
  if (version < 7) return;
  const bits = versionBits(version);
  for (let i = 0; i < 18; i++) {
    const dark = bitOf(bits, i);
    const near = Math.floor(i / 3);
    const far = grid.size - 11 + (i % 3);
    // Left of the upper right finder (6 rows × 3 columns) and above the lower left one (transposed).
    grid.setFunction(near, far, dark);
    grid.setFunction(far, near, dark);
  }
}

function drawFunctionPatterns(grid: Grid, version: number): void {
  const { size } = grid;
  for (let i = 0; i < size; i++) {
    grid.setFunction(6, i, i % 2 === 0);
    grid.setFunction(i, 6, i % 2 === 0);
  }
  drawFinder(grid, 3, 3);
  drawFinder(grid, 3, size - 4);
  drawFinder(grid, size - 4, 3);
  const positions = alignmentPatternPositions(version);
  const last = positions.length - 1;
  positions.forEach((row, i) =>
    positions.forEach((col, j) => {
      // The three corners hold finders.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      drawAlignment(grid, row, col);
    }),
  );
  // Reserved now, written for real once the mask is chosen.
  drawFormat(grid, 0);
  drawVersion(grid, version);
}

/**
 * Places the codewords in two-module-wide columns from the lower right corner, upwards and
 * downwards in turn, skipping the vertical timing column; remainder bits stay light.
 */
function placeCodewords(grid: Grid, codewords: readonly number[]): void {
  const { size } = grid;
  const totalBits = codewords.length * 8;
  let index = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (let j = 0; j < 2; j++) {
        const col = right - j;
        if (grid.reserved[row][col] || index >= totalBits) continue;
        grid.modules[row][col] = bitOf(codewords[index >>> 3], 7 - (index & 7));
        index++;
      }
    }
  }
}

function applyMask(grid: Grid, mask: QrMask): void {
  for (let row = 0; row < grid.size; row++) {
    for (let col = 0; col < grid.size; col++) {
      if (!grid.reserved[row][col] && maskApplies(mask, row, col)) grid.modules[row][col] = !grid.modules[row][col];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Penalty (ISO/IEC 18004 7.8.3)
// ---------------------------------------------------------------------------------------------

type Matrix = readonly (readonly boolean[])[];

const columnOf = (matrix: Matrix, col: number): boolean[] => matrix.map((row) => row[col]);
const linesOf = (matrix: Matrix): boolean[][] => [...matrix.map((row) => [...row]), ...matrix.map((_, col) => columnOf(matrix, col))];

/** Rule 1, one line: each run of five or more modules of one colour scores 3 + (length − 5). */
export function runPenalty(line: readonly boolean[]): number {
  let score = 0;
  let run = 0;
  line.forEach((dark, i) => {
    run = i > 0 && dark === line[i - 1] ? run + 1 : 1;
    const ends = i === line.length - 1 || line[i + 1] !== dark;
    if (ends && run >= 5) score += PENALTY_RUN + (run - 5);
  });
  return score;
}

/**
 * Rule 3, one line: each dark-light-dark-light-dark run of ratio 1:1:3:1:1 (n:n:3n:n:n modules)
 * scores 40 when the light run before it is at least 4n long, and 40 more when the light run
 * after it is. Outside the symbol is the quiet zone, light and at least as long as any run, so a
 * pattern at the edge has its light area there.
 */
export function finderLikePenalty(line: readonly boolean[]): number {
  // Run lengths, starting and ending with a light run (the quiet zone on either side).
  const runs: number[] = [Number.POSITIVE_INFINITY];
  line.forEach((dark, i) => {
    const continues = i > 0 && dark === line[i - 1];
    if (continues) runs[runs.length - 1]++;
    else if (i === 0 && !dark) runs[0] = Number.POSITIVE_INFINITY;
    else runs.push(1);
  });
  if (line.length > 0 && line[line.length - 1]) runs.push(Number.POSITIVE_INFINITY);
  else runs[runs.length - 1] = Number.POSITIVE_INFINITY;
  let score = 0;
  // Even indexes are light runs, odd ones dark: a core starts at a dark run and spans five runs.
  for (let i = 1; i + 5 < runs.length; i += 2) {
    const n = runs[i];
    if (runs[i + 1] !== n || runs[i + 2] !== 3 * n || runs[i + 3] !== n || runs[i + 4] !== n) continue;
    if (runs[i - 1] >= 4 * n) score += PENALTY_FINDER_LIKE;
    if (runs[i + 5] >= 4 * n) score += PENALTY_FINDER_LIKE;
  }
  return score;
}

/** Rule 2: each 2×2 block of one colour (overlapping blocks each count) scores 3. */
export function blockPenalty(matrix: Matrix): number {
  let score = 0;
  for (let row = 0; row + 1 < matrix.length; row++) {
    for (let col = 0; col + 1 < matrix.length; col++) {
      const dark = matrix[row][col];
      if (matrix[row][col + 1] === dark && matrix[row + 1][col] === dark && matrix[row + 1][col + 1] === dark) score += PENALTY_BLOCK;
    }
  }
  return score;
}

/** Rule 4: 10 for each full 5 % the dark share lies outside 45–55 % (the smallest k with (45−5k) % ≤ dark ≤ (55+5k) %). */
export function balancePenalty(matrix: Matrix): number {
  const total = matrix.length * matrix.length;
  const dark = matrix.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  const k = Math.max(0, Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1);
  return k * PENALTY_BALANCE;
}

/** The total penalty of a finished symbol: the mask with the lowest one is chosen. */
export function penaltyScore(matrix: Matrix): number {
  const lines = linesOf(matrix);
  return (
    lines.reduce((sum, line) => sum + runPenalty(line), 0) +
    blockPenalty(matrix) +
    lines.reduce((sum, line) => sum + finderLikePenalty(line), 0) +
    balancePenalty(matrix)
  );
}

// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------

/** The smallest version in the range that holds `length` bytes at the level, or null. */
export function versionFor(length: number, level: QrErrorCorrection, minVersion = QR_MIN_VERSION, maxVersion = QR_MAX_VERSION): number | null {
  checkVersion(minVersion);
  checkVersion(maxVersion);
  for (let version = minVersion; version <= maxVersion; version++) if (length <= byteCapacity(version, level)) return version;
  return null;
}

/** The symbol for given bytes, version, level and mask. */
function symbol(bytes: Uint8Array, version: number, level: QrErrorCorrection, mask: QrMask): Grid {
  const grid = new Grid(symbolSize(version));
  drawFunctionPatterns(grid, version);
  placeCodewords(grid, interleavedCodewords(dataCodewords(bytes, version, level), version, level));
  applyMask(grid, mask);
  drawFormat(grid, formatBits(level, mask));
  return grid;
}

/**
 * Encodes `text` (as UTF-8, in byte mode) in the smallest version that fits, with the mask of
 * the lowest penalty (the first of equals). Throws a RangeError when the text does not fit.
 */
export function encodeQr(text: string, options: QrOptions = {}): QrCode {
  const level = options.errorCorrection ?? 'M';
  const bytes = new TextEncoder().encode(text);
  const version = versionFor(bytes.length, level, options.minVersion ?? QR_MIN_VERSION, options.maxVersion ?? QR_MAX_VERSION);
  if (version === null) throw new RangeError(`The text (${bytes.length} bytes) is too long for a QR code at level ${level} in the versions allowed`);
  let best: { grid: Grid; mask: QrMask; penalty: number } | null = null;
  for (const mask of options.mask === undefined ? QR_MASKS : [options.mask]) {
    const grid = symbol(bytes, version, level, mask);
    const penalty = options.mask === undefined ? penaltyScore(grid.modules) : 0;
    if (best === null || penalty < best.penalty) best = { grid, mask, penalty };
  }
  const { grid, mask } = best!;
  return { version, size: grid.size, errorCorrection: level, mask, modules: grid.modules };
}

/**
 * An SVG path of the dark modules, one unit a module, offset by `margin` (the quiet zone): one
 * `M x y h n v1 h-n z` rectangle per horizontal run, so a version 4 symbol is a few hundred runs.
 */
export function qrPathData(modules: Matrix, margin = 4): string {
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
