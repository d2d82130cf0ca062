import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQr, qrPathData, type QrCode, type QrErrorCorrection } from '../../src/lib/qr-code';

/**
 * The app's QR codes (lean-qr behind src/lib/qr-code.ts) against matrices made by libqrencode,
 * plus properties every symbol must have, checked by reading each generated symbol back with a
 * small decoder written here from the standard (ISO/IEC 18004), sharing no code with the encoder.
 * The encoder's own internals (Reed–Solomon, mask penalties, tables) are the package's to test.
 *
 * Reference matrices: `qrencode -l M -8 -m 0` (libqrencode 4.1.1). Rows are hex of the modules,
 * dark = 1, leftmost module the most significant bit.
 */

// ---- an independent GF(256): exp/log tables by shifting ----------------------------------------

const EXP: number[] = [];
const LOG: number[] = Array.from({ length: 256 }, () => -1);
for (let i = 0, value = 1; i < 255; i++) {
  EXP.push(value);
  LOG[value] = i;
  value <<= 1;
  if (value & 0x100) value ^= 0x11d;
}
const alpha = (exponent: number) => EXP[((exponent % 255) + 255) % 255];
const times = (a: number, b: number) => (a === 0 || b === 0 ? 0 : alpha(LOG[a] + LOG[b]));

/** c(α^i) for a codeword sequence taken as a polynomial, highest power first. */
const evaluate = (codewords: readonly number[], x: number) => codewords.reduce((sum, c) => times(sum, x) ^ c, 0);

const hexRows = (modules: QrCode['modules']) =>
  modules.map((row) => parseInt(row.map((dark) => (dark ? '1' : '0')).join(''), 2).toString(16).padStart(Math.ceil(row.length / 4), '0'));
const pictureRows = (modules: QrCode['modules']) => modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join(''));

// ---- the standard's tables and formulas, for the reader ---------------------------------------

type QrMask = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
const QR_MASKS: readonly QrMask[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** Error correction codewords per block and the number of blocks (table 9), by version (index 0 unused). */
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

/** The 15 format bits: level (L 01, M 00, Q 11, H 10) and mask, BCH(15,5) with generator 0x537, xored with 0x5412. */
function formatBits(level: QrErrorCorrection, mask: QrMask): number {
  const data = ({ L: 0b01, M: 0b00, Q: 0b11, H: 0b10 }[level] << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up): the version and BCH(18,6) with generator 0x1F25. */
function versionBits(version: number): number {
  let remainder = version;
  for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
  return (version << 12) | remainder;
}

/** Whether the mask flips the module at (row, col) (table 10). */
const MASK_APPLIES: Record<QrMask, (row: number, col: number) => boolean> = {
  0: (r, c) => (r + c) % 2 === 0,
  1: (r) => r % 2 === 0,
  2: (_r, c) => c % 3 === 0,
  3: (r, c) => (r + c) % 3 === 0,
  4: (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  5: (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  6: (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  7: (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
};

/** Row/column centres of the alignment patterns (annex E). */
function alignmentPatternPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const positions = [6];
  for (let i = 0, position = 4 * version + 17 - 7; i < count - 1; i++, position -= step) positions.splice(1, 0, position);
  return positions;
}

/** Every codeword of a symbol: the modules left once the function patterns are placed, in bytes. */
const totalCodewords = (version: number) => Math.floor(functionModules(version).flat().filter((reserved) => !reserved).length / 8);

/** How the data codewords split into blocks: the short blocks first, the long ones (one more data codeword) after. */
function blockLayout(version: number, level: QrErrorCorrection): { dataLengths: number[]; errorCorrectionLength: number } {
  const blocks = ERROR_CORRECTION_BLOCKS[level][version];
  const errorCorrectionLength = ECC_CODEWORDS_PER_BLOCK[level][version];
  const total = totalCodewords(version);
  const shortBlocks = blocks - (total % blocks);
  const shortData = Math.floor(total / blocks) - errorCorrectionLength;
  return { dataLengths: Array.from({ length: blocks }, (_, i) => shortData + (i < shortBlocks ? 0 : 1)), errorCorrectionLength };
}

/** The most bytes a symbol holds in one byte-mode segment: mode (4 bits), count (8 or 16 bits), the bytes. */
function byteCapacity(version: number, level: QrErrorCorrection): number {
  const dataCodewords = blockLayout(version, level).dataLengths.reduce((sum, n) => sum + n, 0);
  return Math.floor((dataCodewords * 8 - 4 - (version <= 9 ? 8 : 16)) / 8);
}

// ---- reference matrices ---------------------------------------------------------------------

/** libqrencode 4.1.1: `qrencode -l M -8 -m 0 'Hello, World'` (version 1, mask 3). */
const HELLO_WORLD = [
  '#######.##.##.#######',
  '#.....#.#..#..#.....#',
  '#.###.#..#.#..#.###.#',
  '#.###.#.####..#.###.#',
  '#.###.#...#...#.###.#',
  '#.....#..##...#.....#',
  '#######.#.#.#.#######',
  '........##...........',
  '#.##.###.##...#..#.##',
  '#.###..#..#.##...##.#',
  '#####.##.##.##.#...##',
  '##.###.##...#...##.#.',
  '....###.##.#..##....#',
  '........#..#.#..#.#.#',
  '#######.#.#...#.#....',
  '#.....#.##..##.#.##..',
  '#.###.#..#...#.#####.',
  '#.###.#.###.##...###.',
  '#.###.#.##.##.##..#..',
  '#.....#..#.#.####...#',
  '#######.#.######..#..',
];

/** libqrencode: an API key as the mock backend makes them (version 3, mask 2). */
const API_KEY = 'sk_mock_9f2c4e1a7b3d5f6e8a0c2b4d6f8e1a3c';
// prettier-ignore
const API_KEY_ROWS = ['1fc4427f', '10453841', '1753775d', '175fe85d', '1752175d', '10532141', '1fd5557f', '00166100', '17c99d7c', '142d4a5f', '03d8a428', '0c1b5599', '07f1e805', '063917fc', '167aa50c', '07945219', '0f763da7', '16078253', '1467e48c', '13adb639', '17ed69f6', '00191515', '1fc42f5c', '105b731a', '17543dfb', '1754430f', '175faefe', '104f07b2', '1fdd280c'];

/** libqrencode: version 7 (version information blocks), mask 4. */
const FOX = 'The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog. The quick brown fox jumps!';
// prettier-ignore
const FOX_ROWS = ['1fdb6124c97f', '1042043b1241', '17423a689a5d', '1759e1a9a35d', '175e5df6ff5d', '105a5b18f841', '1fd55555557f', '001c0d129a00', '117da9fc7cf9', '03a48594e16e', '126b92e649fa', '0ca960481ee0', '08d02d5630e1', '01297bc5e96a', '025e8586f864', '10a09c227f82', '0d7876161069', '0c3360044b56', '0961932ff96a', '0e239adc1e21', '1df7adf675f9', '1f180114eb10', '1f5d9b5ff95a', '1d1e03143f10', '15f835fa51f3', '1ba23c47d921', '1c6c91dcebba', '1723cf865570', '1b6da5b6b171', '0285bae4c962', '1dc0f2376bba', '1700e7269178', '1af265a85dd2', '0fa44556eb66', '0141c5fdc092', '0f119762d1d0', '1355cbfc5dfb', '0010cb16cb1e', '1fda475de350', '1044db1adf19', '1751a3f657f3', '174ec635e81c', '174a0475e292', '104d9df2d1b8', '1fdd45305c01'];

describe('whole symbols against another encoder', () => {
  it('"Hello, World": version 1-M, mask 3, module for module as libqrencode makes it', () => {
    const qr = encodeQr('Hello, World');
    expect({ version: qr.version, size: qr.size }).toEqual({ version: 1, size: 21 });
    expect(pictureRows(qr.modules)).toEqual(HELLO_WORLD);
    expect(readSymbol(qr)).toEqual({ level: 'M', mask: 3, text: 'Hello, World' });
  });

  it('an API key: version 3-M, as libqrencode makes it', () => {
    const qr = encodeQr(API_KEY);
    expect(qr.version).toBe(3);
    expect(hexRows(qr.modules)).toEqual(API_KEY_ROWS);
  });

  it('version 7 with its version information, as libqrencode makes it', () => {
    const qr = encodeQr(FOX);
    expect([qr.version, qr.size]).toEqual([7, 45]);
    expect(hexRows(qr.modules)).toEqual(FOX_ROWS);
  });
});

// ---- properties of every symbol, checked by a reader written here --------------------------------

/** Which modules are function patterns, worked out from the standard's figures (not from the encoder). */
function functionModules(version: number): boolean[][] {
  const size = 4 * version + 17;
  const map = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  const mark = (row: number, col: number) => {
    if (row >= 0 && col >= 0 && row < size && col < size) map[row][col] = true;
  };
  for (let i = 0; i < size; i++) {
    mark(6, i);
    mark(i, 6);
  }
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      mark(r, c);
      mark(r, size - 1 - c);
      mark(size - 1 - r, c);
    }
  }
  for (let i = 0; i < 9; i++) {
    mark(8, i);
    mark(i, 8);
  }
  for (let i = 0; i < 8; i++) {
    mark(8, size - 1 - i);
    mark(size - 1 - i, 8);
  }
  const centres = alignmentPatternPositions(version);
  for (const r of centres) {
    for (const c of centres) {
      if (map[r][c]) continue; // overlaps a finder
      for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) mark(r + dr, c + dc);
    }
  }
  if (version >= 7) {
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 3; j++) {
        mark(i, size - 11 + j);
        mark(size - 11 + j, i);
      }
    }
  }
  return map;
}

function expectFinder(modules: QrCode['modules'], top: number, left: number) {
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      expect(modules[top + r][left + c]).toBe(ring !== 2);
    }
  }
}

/** Reads a symbol back: format, unmasking, the codeword order, de-interleaving, syndromes, byte mode. */
function readSymbol(qr: QrCode): { level: QrErrorCorrection; mask: QrMask; text: string } {
  const { modules, size, version } = qr;
  const bit = (row: number, col: number) => (modules[row][col] ? 1 : 0);
  let first = 0;
  let second = 0;
  const firstCells: Array<[number, number]> = [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]];
  firstCells.forEach(([r, c], i) => (first |= bit(r, c) << i));
  for (let i = 0; i < 8; i++) second |= bit(8, size - 1 - i) << i;
  for (let i = 8; i < 15; i++) second |= bit(size - 15 + i, 8) << i;
  expect(second).toBe(first);
  const found = (['L', 'M', 'Q', 'H'] as const).flatMap((level) => QR_MASKS.filter((mask) => formatBits(level, mask) === first).map((mask) => ({ level, mask })));
  expect(found).toHaveLength(1);
  const { level, mask } = found[0];

  const reserved = functionModules(version);
  const bits: number[] = [];
  // Two-module columns from the right, the first upwards, then alternating; column 6 is skipped.
  let upward = true;
  for (let right = size - 1; right >= 1; right -= 2, upward = !upward) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (const col of [right, right - 1]) {
        if (reserved[row][col]) continue;
        bits.push(bit(row, col) ^ (MASK_APPLIES[mask](row, col) ? 1 : 0));
      }
    }
  }
  const total = totalCodewords(version);
  const codewords = Array.from({ length: total }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((byte, b) => (byte << 1) | b, 0));

  const { dataLengths, errorCorrectionLength } = blockLayout(version, level);
  const blocks = dataLengths.map(() => [] as number[]);
  let index = 0;
  for (let i = 0; i < Math.max(...dataLengths); i++) blocks.forEach((block, b) => i < dataLengths[b] && block.push(codewords[index++]));
  const corrections = dataLengths.map(() => [] as number[]);
  for (let i = 0; i < errorCorrectionLength; i++) corrections.forEach((c) => c.push(codewords[index++]));
  blocks.forEach((block, b) => {
    const codeword = [...block, ...corrections[b]];
    for (let i = 0; i < errorCorrectionLength; i++) expect(evaluate(codeword, alpha(i))).toBe(0);
  });

  const data = blocks.flat().flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
  const read = (from: number, length: number) => data.slice(from, from + length).reduce((value, b) => value * 2 + b, 0);
  expect(read(0, 4)).toBe(0b0100);
  const countBits = version <= 9 ? 8 : 16;
  const count = read(4, countBits);
  const bytes = Uint8Array.from({ length: count }, (_, i) => read(4 + countBits + 8 * i, 8));
  return { level, mask, text: new TextDecoder().decode(bytes) };
}

describe('every symbol (property)', () => {
  const texts = fc.string({ unit: 'grapheme', maxLength: 120 }).filter((text) => new TextEncoder().encode(text).length <= byteCapacity(10, 'M'));

  it('is the smallest version that holds the text, of 4 × version + 17 modules a side', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const length = new TextEncoder().encode(text).length;
        const qr = encodeQr(text);
        expect(qr.size).toBe(4 * qr.version + 17);
        expect(qr.modules).toHaveLength(qr.size);
        for (const row of qr.modules) expect(row).toHaveLength(qr.size);
        expect(length).toBeLessThanOrEqual(byteCapacity(qr.version, 'M'));
        // Nothing smaller holds it (version 1 is the smallest there is).
        expect(length).toBeGreaterThan(qr.version > 1 ? byteCapacity(qr.version - 1, 'M') : -1);
      }),
      { numRuns: 60 },
    );
  });

  it('has the three finder patterns with light separators, the timing patterns, the dark module and the alignment patterns', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const { modules, size, version } = encodeQr(text);
        expectFinder(modules, 0, 0);
        expectFinder(modules, 0, size - 7);
        expectFinder(modules, size - 7, 0);
        for (let i = 0; i < 8; i++) {
          for (const [r, c] of [[7, i], [i, 7], [7, size - 1 - i], [i, size - 8], [size - 8, i], [size - 1 - i, 7]]) expect(modules[r][c]).toBe(false);
        }
        for (let i = 8; i < size - 8; i++) {
          expect(modules[6][i]).toBe(i % 2 === 0);
          expect(modules[i][6]).toBe(i % 2 === 0);
        }
        expect(modules[size - 8][8]).toBe(true);
        const centres = alignmentPatternPositions(version);
        for (const r of centres) {
          for (const c of centres) {
            if ((r < 9 && c < 9) || (r < 9 && c > size - 9) || (r > size - 9 && c < 9)) continue;
            for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) expect(modules[r + dr][c + dc]).toBe(Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('carries the version in both version blocks from version 7', () => {
    for (const length of [130, 160, 200, 213]) {
      const { modules, size, version } = encodeQr('v'.repeat(length));
      let upperRight = 0;
      let lowerLeft = 0;
      for (let i = 0; i < 18; i++) {
        upperRight |= (modules[Math.floor(i / 3)][size - 11 + (i % 3)] ? 1 : 0) << i;
        lowerLeft |= (modules[size - 11 + (i % 3)][Math.floor(i / 3)] ? 1 : 0) << i;
      }
      expect({ version, upperRight, lowerLeft }).toEqual({ version: { 130: 8, 160: 9, 200: 10, 213: 10 }[length], upperRight: versionBits(version), lowerLeft: versionBits(version) });
    }
  });

  it('reads back as the text, at level M, with zero syndromes in every block', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(readSymbol(encodeQr(text))).toEqual({ level: 'M', mask: expect.any(Number), text });
      }),
      { numRuns: 60 },
    );
  });

  it('reads back at the level asked, whichever it is (never raised)', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom<QrErrorCorrection>('L', 'M', 'Q', 'H'), (text, level) => {
        expect(readSymbol(encodeQr(text, { errorCorrection: level }))).toEqual({ level, mask: expect.any(Number), text });
      }),
      { numRuns: 60 },
    );
  });
});

describe('SVG path', () => {
  it('draws one rectangle per horizontal run of dark modules, inside a quiet zone', () => {
    const modules = [
      [true, true, false],
      [false, true, true],
    ];
    expect(qrPathData(modules)).toBe('M4 4h2v1h-2zM5 5h2v1h-2z');
    expect(qrPathData(modules, 0)).toBe('M0 0h2v1h-2zM1 1h2v1h-2z');
  });

  it('covers exactly the dark modules of a symbol', () => {
    const { modules } = encodeQr(API_KEY);
    const covered = modules.map((row) => row.map(() => false));
    for (const [, x, y, width] of qrPathData(modules).matchAll(/M(\d+) (\d+)h(\d+)/g)) {
      for (let i = 0; i < Number(width); i++) covered[Number(y) - 4][Number(x) - 4 + i] = true;
    }
    expect(covered).toEqual(modules.map((row) => [...row]));
  });
});
