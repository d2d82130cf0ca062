import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignmentPatternPositions,
  balancePenalty,
  blockLayout,
  blockPenalty,
  byteCapacity,
  dataCodewordCount,
  dataCodewords,
  encodeQr,
  finderLikePenalty,
  formatBits,
  gfMultiply,
  interleavedCodewords,
  maskApplies,
  penaltyScore,
  qrPathData,
  QR_MASKS,
  reedSolomonGenerator,
  reedSolomonRemainder,
  runPenalty,
  symbolSize,
  totalCodewords,
  versionBits,
  versionFor,
  type QrCode,
  type QrErrorCorrection,
  type QrMask,
} from '../../src/lib/qr-code';

/**
 * The QR encoder against published values (ISO/IEC 18004 tables and its worked example) and
 * against matrices made by two independent encoders, plus properties every symbol must have,
 * checked by reading each generated symbol back with a small decoder written here.
 *
 * Reference matrices: `qrencode -l M -8 -m 0` (libqrencode 4.1.1, which also chose the same mask
 * as we do for these texts) and Kazuhiko Arase's "QRCode for JavaScript" (the encoder npm's
 * qrcode-terminal vendors) with the mask forced. Rows are hex of the modules, dark = 1, leftmost
 * module the most significant bit. While writing the encoder it also matched libqrencode, mask
 * forced, on one symbol of every version 1–40 at every level, and zbarimg read its output.
 */

// ---- an independent GF(256): exp/log tables by shifting, not gfMultiply -------------------------

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

describe('GF(256)', () => {
  it('multiplies modulo x^8 + x^4 + x^3 + x^2 + 1', () => {
    expect(gfMultiply(0x02, 0x80)).toBe(0x1d);
    expect(gfMultiply(0x53, 0xca)).toBe(times(0x53, 0xca));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (a, b, c) => {
        expect(gfMultiply(a, b)).toBe(times(a, b));
        expect(gfMultiply(a, b)).toBe(gfMultiply(b, a));
        expect(gfMultiply(a, b ^ c)).toBe(gfMultiply(a, b) ^ gfMultiply(a, c));
        expect(gfMultiply(a, 1)).toBe(a);
      }),
    );
  });

  it('has 2 as a generator: its powers run through all 255 non-zero elements', () => {
    expect(new Set(EXP).size).toBe(255);
    let power = 1;
    for (let i = 0; i < 255; i++) power = gfMultiply(power, 2);
    expect(power).toBe(1);
  });
});

/** The generator's coefficients as powers of α. */
const exponents = (degree: number) => reedSolomonGenerator(degree).map((c) => LOG[c]);

describe('Reed–Solomon', () => {
  it('builds the generator polynomials of ISO/IEC 18004 annex A (as powers of α)', () => {
    expect(exponents(7)).toEqual([87, 229, 146, 149, 238, 102, 21]);
    expect(exponents(10)).toEqual([251, 67, 46, 61, 118, 70, 64, 94, 32, 45]);
    expect(exponents(13)).toEqual([74, 152, 176, 100, 86, 100, 106, 104, 130, 218, 206, 140, 78]);
  });

  it('computes the error correction of the standard’s example "01234567", version 1-M (annex I)', () => {
    const data = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17];
    expect(reedSolomonRemainder(data, reedSolomonGenerator(10))).toEqual([165, 36, 212, 193, 237, 54, 199, 135, 44, 85]);
  });

  it('computes the error correction of the well-known "HELLO WORLD" 1-M codewords', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomonRemainder(data, reedSolomonGenerator(10))).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('makes codewords whose polynomial vanishes at α^0 … α^(n−1) (every syndrome is zero)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 30 }), (data, degree) => {
        const codeword = [...data, ...reedSolomonRemainder(data, reedSolomonGenerator(degree))];
        for (let i = 0; i < degree; i++) expect(evaluate(codeword, alpha(i))).toBe(0);
      }),
    );
  });
});

describe('tables', () => {
  it('sizes: 21 modules for version 1, four more per version, 177 for version 40', () => {
    expect([1, 2, 7, 10, 40].map(symbolSize)).toEqual([21, 25, 45, 57, 177]);
  });

  it('codewords per version and the data codewords at level M (ISO/IEC 18004 tables 1 and 7)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(totalCodewords)).toEqual([26, 44, 70, 100, 134, 172, 196, 242, 292, 346]);
    expect(totalCodewords(40)).toBe(3706);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => dataCodewordCount(v, 'M'))).toEqual([16, 28, 44, 64, 86, 108, 124, 154, 182, 216]);
    expect(['L', 'M', 'Q', 'H'].map((level) => dataCodewordCount(40, level as QrErrorCorrection))).toEqual([2956, 2334, 1666, 1276]);
  });

  it('byte-mode capacities (ISO/IEC 18004 table 7)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => byteCapacity(v, 'M'))).toEqual([14, 26, 42, 62, 84, 106, 122, 152, 180, 213]);
    const levels: QrErrorCorrection[] = ['L', 'M', 'Q', 'H'];
    expect(levels.map((level) => byteCapacity(1, level))).toEqual([17, 14, 11, 7]);
    expect(levels.map((level) => byteCapacity(10, level))).toEqual([271, 213, 151, 119]);
    expect(levels.map((level) => byteCapacity(40, level))).toEqual([2953, 2331, 1663, 1273]);
  });

  it('block structure (ISO/IEC 18004 table 9)', () => {
    expect(blockLayout(1, 'M')).toEqual({ dataLengths: [16], errorCorrectionLength: 10 });
    expect(blockLayout(5, 'Q')).toEqual({ dataLengths: [15, 15, 16, 16], errorCorrectionLength: 18 });
    expect(blockLayout(7, 'H')).toEqual({ dataLengths: [13, 13, 13, 13, 14], errorCorrectionLength: 26 });
    expect(blockLayout(10, 'M')).toEqual({ dataLengths: [43, 43, 43, 43, 44], errorCorrectionLength: 26 });
  });

  it('alignment pattern centres (ISO/IEC 18004 annex E)', () => {
    expect(alignmentPatternPositions(1)).toEqual([]);
    expect(alignmentPatternPositions(2)).toEqual([6, 18]);
    expect(alignmentPatternPositions(6)).toEqual([6, 34]);
    expect(alignmentPatternPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPatternPositions(10)).toEqual([6, 28, 50]);
    expect(alignmentPatternPositions(14)).toEqual([6, 26, 46, 66]);
    expect(alignmentPatternPositions(15)).toEqual([6, 26, 48, 70]);
    expect(alignmentPatternPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentPatternPositions(36)).toEqual([6, 24, 50, 76, 102, 128, 154]);
    expect(alignmentPatternPositions(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
  });

  it('format information for every level and mask (ISO/IEC 18004 annex C, table C.1)', () => {
    const table: Record<QrErrorCorrection, string[]> = {
      L: ['111011111000100', '111001011110011', '111110110101010', '111100010011101', '110011000101111', '110001100011000', '110110001000001', '110100101110110'],
      M: ['101010000010010', '101000100100101', '101111001111100', '101101101001011', '100010111111001', '100000011001110', '100111110010111', '100101010100000'],
      Q: ['011010101011111', '011000001101000', '011111100110001', '011101000000110', '010010010110100', '010000110000011', '010111011011010', '010101111101101'],
      H: ['001011010001001', '001001110111110', '001110011100111', '001100111010000', '000011101100010', '000001001010101', '000110100001100', '000100000111011'],
    };
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      expect(QR_MASKS.map((mask) => formatBits(level, mask).toString(2).padStart(15, '0'))).toEqual(table[level]);
    }
  });

  it('version information (ISO/IEC 18004 annex D, table D.1)', () => {
    expect(versionBits(7)).toBe(0x07c94);
    expect(versionBits(8)).toBe(0x085bc);
    expect(versionBits(9)).toBe(0x09a99);
    expect(versionBits(10)).toBe(0x0a4d3);
    expect(versionBits(40)).toBe(0x28c69);
    // Every version: the six version bits, then a BCH remainder that leaves the whole divisible by 0x1F25.
    for (let version = 7; version <= 40; version++) {
      const bits = versionBits(version);
      expect(bits >>> 12).toBe(version);
      let remainder = bits;
      for (let shift = 17; shift >= 12; shift--) if (remainder & (1 << shift)) remainder ^= 0x1f25 << (shift - 12);
      expect(remainder).toBe(0);
    }
  });
});

describe('data codewords', () => {
  it('byte mode: indicator, 8-bit count, the bytes, terminator, then 0xEC 0x11 padding', () => {
    const bytes = new TextEncoder().encode('Hello, World');
    expect(dataCodewords(bytes, 1, 'M')).toEqual([0x40, 0xc4, 0x86, 0x56, 0xc6, 0xc6, 0xf2, 0xc2, 0x05, 0x76, 0xf7, 0x26, 0xc6, 0x40, 0xec, 0x11]);
  });

  it('a 16-bit count from version 10, and a symbol filled to the last bit has no terminator', () => {
    const codewords = dataCodewords(new Uint8Array(213).fill(0x41), 10, 'M');
    expect(codewords).toHaveLength(216);
    expect(codewords.slice(0, 3)).toEqual([0x40, 0x0d, 0x54]);
    expect(codewords.at(-1)).toBe(0x10);
  });

  it('refuses bytes that do not fit', () => {
    expect(() => dataCodewords(new Uint8Array(15), 1, 'M')).toThrow(RangeError);
    expect(() => encodeQr('x'.repeat(2332))).toThrow(RangeError);
    expect(() => encodeQr('x'.repeat(214), { maxVersion: 10 })).toThrow(RangeError);
  });

  it('interleaves the blocks: data column by column, the longer blocks’ last codeword after, then the error correction', () => {
    const data = Array.from({ length: dataCodewordCount(5, 'Q') }, (_, i) => i);
    const sequence = interleavedCodewords(data, 5, 'Q');
    expect(sequence).toHaveLength(totalCodewords(5));
    // Blocks 15, 15, 16, 16: starts 0, 15, 30, 46.
    expect(sequence.slice(0, 8)).toEqual([0, 15, 30, 46, 1, 16, 31, 47]);
    expect(sequence.slice(56, 62)).toEqual([14, 29, 44, 60, 45, 61]);
    const firstBlock = data.slice(0, 15);
    const errorCorrection = reedSolomonRemainder(firstBlock, reedSolomonGenerator(18));
    expect(sequence.filter((_, i) => i >= 62 && (i - 62) % 4 === 0)).toEqual(errorCorrection);
  });
});

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

/** Arase's encoder, "Store Console" at version 1-M with each mask forced. */
// prettier-ignore
const STORE_CONSOLE_BY_MASK: Record<QrMask, string[]> = {
  0: ['1fc77f', '105741', '174f5d', '17465d', '17555d', '104541', '1fd57f', '000300', '154612', '0e3a71', '154db7', '02ac11', '05fb11', '001764', '1fcf3b', '104e20', '17529a', '1747ba', '175391', '104102', '1fde33'],
  1: ['1fdd7f', '104d41', '17555d', '174c5d', '174f5d', '105f41', '1fd57f', '000900', '146c25', '0490db', '1fe71d', '0806bb', '0f51bb', '001dce', '1fd591', '10448a', '174830', '174d10', '17593b', '104ba8', '1fd499'],
  2: ['1fcb7f', '104441', '17535d', '17555d', '17595d', '105641', '1fd57f', '001000', '17ca7c', '1699ff', '1251c6', '1a0f9f', '02e760', '0014ea', '1fc34a', '105dae', '175eeb', '175434', '175fe0', '10428c', '1fd242'],
  3: ['1fdb7f', '105f41', '174e5d', '17555d', '17425d', '104b41', '1fd57f', '001b00', '16e74b', '1699ff', '04caab', '012229', '02e760', '001f87', '1fdefc', '105dae', '174586', '175982', '175fe0', '1049e1', '1fdff4'],
  4: ['1fd37f', '104c41', '17445d', '17525d', '17515d', '105e41', '1fd57f', '001700', '1172f9', '18a11c', '03d6da', '0b8883', '0cdf83', '001c09', '1fd456', '104ab2', '175608', '174cd7', '1748fc', '104590', '1fdaa1'],
  5: ['1fcd7f', '105c41', '17535d', '17595d', '17495d', '104e41', '1fd57f', '001800', '105ace', '11858e', '1251c6', '1807bf', '0f51bb', '001cca', '1fc34a', '1041df', '174eeb', '174c14', '17493b', '104aac', '1fd242'],
  6: ['1fdd7f', '105c41', '17575d', '17495d', '175b5d', '104841', '1fd57f', '000800', '13fe97', '11858e', '16c38f', '1981a7', '0f51bb', '001c09', '1fd7d8', '1051df', '175ca2', '175a0c', '17493b', '104a6f', '1fd6d0'],
  7: ['1fc77f', '104341', '174d5d', '17465d', '17415d', '105741', '1fd57f', '000700', '12d4a0', '0e3a71', '1c6925', '063e58', '05fb11', '0013f6', '1fcd72', '105e20', '174608', '1755f3', '174391', '104590', '1fdc7a'],
};

describe('whole symbols against other encoders', () => {
  it('"Hello, World": version 1-M, mask 3, module for module as libqrencode makes it', () => {
    const qr = encodeQr('Hello, World');
    expect({ version: qr.version, size: qr.size, mask: qr.mask, errorCorrection: qr.errorCorrection }).toEqual({ version: 1, size: 21, mask: 3, errorCorrection: 'M' });
    expect(pictureRows(qr.modules)).toEqual(HELLO_WORLD);
  });

  it('an API key: version 3-M, mask 2, as libqrencode makes it', () => {
    const qr = encodeQr(API_KEY);
    expect([qr.version, qr.mask]).toEqual([3, 2]);
    expect(hexRows(qr.modules)).toEqual(API_KEY_ROWS);
  });

  it('version 7 with its version information: mask 4, as libqrencode makes it', () => {
    const qr = encodeQr(FOX);
    expect([qr.version, qr.size, qr.mask]).toEqual([7, 45, 4]);
    expect(hexRows(qr.modules)).toEqual(FOX_ROWS);
  });

  it('each of the eight masks, forced, gives Arase’s symbol', () => {
    for (const mask of QR_MASKS) expect({ mask, rows: hexRows(encodeQr('Store Console', { mask }).modules) }).toEqual({ mask, rows: STORE_CONSOLE_BY_MASK[mask] });
  });
});

/** A line of modules from '#' (dark) and '.' (light). */
const line = (text: string) => [...text].map((c) => c === '#');

/** A size × size matrix whose first `darkCount` modules (row by row) are dark. */
const square = (darkCount: number, size = 10) =>
  Array.from({ length: size }, (_row, row) => Array.from({ length: size }, (_col, col) => row * size + col < darkCount));

describe('penalty rules (ISO/IEC 18004 7.8.3)', () => {
  it('rule 1: 3 for a run of five, one more for each module beyond, in rows and columns alike', () => {
    expect(runPenalty(line('####.'))).toBe(0);
    expect(runPenalty(line('#####'))).toBe(3);
    expect(runPenalty(line('.......#'))).toBe(5);
    expect(runPenalty(line('#####.....##'))).toBe(6);
    expect(runPenalty(line('#.#.#.#.#.#'))).toBe(0);
  });

  it('rule 2: 3 for every 2×2 block of one colour, overlapping blocks each counting', () => {
    expect(blockPenalty([line('##'), line('##')])).toBe(3);
    expect(blockPenalty([line('###'), line('###'), line('###')])).toBe(12);
    expect(blockPenalty([line('#.#'), line('.#.'), line('#.#')])).toBe(0);
    expect(blockPenalty([line('..#'), line('..#'), line('##.')])).toBe(3);
  });

  it('rule 3: 40 for a 1:1:3:1:1 pattern with four light modules before it, 40 more with four after; the quiet zone is light', () => {
    expect(finderLikePenalty(line('....#.###.#'))).toBe(80); // after it: the quiet zone
    expect(finderLikePenalty(line('#.###.#....'))).toBe(80);
    expect(finderLikePenalty(line('##....#.###.#.##'))).toBe(40); // light before only
    expect(finderLikePenalty(line('#.###.#....#'))).toBe(80);
    expect(finderLikePenalty(line('#.#.###.#...#'))).toBe(0); // three light modules after, one before
    expect(finderLikePenalty(line('#...#.###.#..#'))).toBe(0);
    expect(finderLikePenalty(line('....#.###.##...'))).toBe(0); // 1:1:3:1:2 is not the ratio
    expect(finderLikePenalty(line('........##..######..##........'))).toBe(80); // 2:2:6:2:2
  });

  it('rule 4: 10 for every full 5 % the dark share lies outside 45–55 %', () => {
    expect(balancePenalty(square(50))).toBe(0);
    expect(balancePenalty(square(45))).toBe(0);
    expect(balancePenalty(square(55))).toBe(0);
    expect(balancePenalty(square(44))).toBe(10);
    expect(balancePenalty(square(40))).toBe(10);
    expect(balancePenalty(square(39))).toBe(20);
    expect(balancePenalty(square(0))).toBe(90);
    expect(balancePenalty(square(100))).toBe(90);
  });

  it('adds the four rules over rows and columns', () => {
    const light = Array.from({ length: 21 }, () => Array.from({ length: 21 }, () => false));
    // 42 lines each one run of 21 (3 + 16), 400 blocks, no finder pattern, 0 % dark.
    expect(penaltyScore(light)).toBe(42 * 19 + 400 * 3 + 0 + 90);
    const checkerboard = Array.from({ length: 21 }, (_row, row) => Array.from({ length: 21 }, (_col, col) => (row + col) % 2 === 0));
    expect(penaltyScore(checkerboard)).toBe(0);
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
        bits.push(bit(row, col) ^ (maskApplies(mask, row, col) ? 1 : 0));
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
        expect(versionFor(length, 'M')).toBe(qr.version);
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

  it('reads back as the text, at level M, with zero syndromes in every block, under the mask it names', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const qr = encodeQr(text);
        expect(readSymbol(qr)).toEqual({ level: 'M', mask: qr.mask, text });
      }),
      { numRuns: 60 },
    );
  });

  it('reads back at every level and with every mask forced', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom<QrErrorCorrection>('L', 'M', 'Q', 'H'), fc.constantFrom(...QR_MASKS), (text, level, mask) => {
        fc.pre(new TextEncoder().encode(text).length <= byteCapacity(10, level));
        const qr = encodeQr(text, { errorCorrection: level, mask, maxVersion: 10 });
        expect(readSymbol(qr)).toEqual({ level, mask, text });
      }),
      { numRuns: 60 },
    );
  });

  it('uses the mask of the lowest penalty, the first of equals', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const qr = encodeQr(text);
        const penalties = QR_MASKS.map((mask) => penaltyScore(encodeQr(text, { mask }).modules));
        expect(penalties[qr.mask]).toBe(Math.min(...penalties));
        expect(penalties.indexOf(Math.min(...penalties))).toBe(qr.mask);
      }),
      { numRuns: 25 },
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
