import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchOrders, normaliseText, type CounterMatchable } from '../../src/lib/counter-match';

/**
 * What the operator types at the counter against the open orders: an order number (exact wins,
 * otherwise the digits anywhere in the number) or the start of words of the customer's name, in
 * any case, with or without accents.
 */
const o = (id: number, name: string): CounterMatchable => ({ id, consumer: { name } });

const ANA_LOPEZ = o(20001, 'Ana López');
const ANA_RUIZ = o(20002, 'Ana  Ruiz');
const JOSE = o(20003, 'José María Pérez');
const LONG_NUMBER = o(200011, 'Zoë Núñez');
const OPEN = [ANA_LOPEZ, ANA_RUIZ, JOSE, LONG_NUMBER];

describe('normaliseText', () => {
  it.each([
    ['  José  ', 'jose'],
    ['Ana   LÓPEZ', 'ana lopez'],
    ['Zoë Núñez', 'zoe nunez'],
    ['\tÇa\nva ', 'ca va'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (text, expected) => {
    expect(normaliseText(text)).toBe(expected);
  });
});

describe('matchOrders', () => {
  it('an order number matches exactly, with or without "#"', () => {
    expect(matchOrders(OPEN, '20001')).toEqual([ANA_LOPEZ]);
    expect(matchOrders(OPEN, '#20001')).toEqual([ANA_LOPEZ]);
    expect(matchOrders(OPEN, ' # 20003 ')).toEqual([JOSE]);
  });

  it('digits that are no order number match every number containing them, in the order given', () => {
    expect(matchOrders(OPEN, '2000')).toEqual(OPEN);
    expect(matchOrders(OPEN, '0011')).toEqual([LONG_NUMBER]);
    expect(matchOrders(OPEN, '#999')).toEqual([]);
  });

  it('words match the start of words of the name, any case, accents optional, in any order', () => {
    expect(matchOrders(OPEN, 'ana')).toEqual([ANA_LOPEZ, ANA_RUIZ]);
    expect(matchOrders(OPEN, 'ANA L')).toEqual([ANA_LOPEZ]);
    expect(matchOrders(OPEN, 'lopez ana')).toEqual([ANA_LOPEZ]);
    expect(matchOrders(OPEN, 'jose perez')).toEqual([JOSE]);
    expect(matchOrders(OPEN, 'Pérez')).toEqual([JOSE]);
    expect(matchOrders(OPEN, 'nunez')).toEqual([LONG_NUMBER]);
    expect(matchOrders(OPEN, 'ruiz')).toEqual([ANA_RUIZ]);
  });

  it('a word inside a name word does not match; every typed word must match', () => {
    expect(matchOrders(OPEN, 'na')).toEqual([]);
    expect(matchOrders(OPEN, 'ana perez')).toEqual([]);
  });

  it('an empty query matches nothing', () => {
    expect(matchOrders(OPEN, '')).toEqual([]);
    expect(matchOrders(OPEN, '   ')).toEqual([]);
    expect(matchOrders([], 'ana')).toEqual([]);
  });
});

// ---- properties -----------------------------------------------------------------------------

/** Letters and their accented and upper-case forms: what a keyboard may produce for one key. */
const VARIANTS: Record<string, string[]> = {
  a: ['a', 'A', 'á', 'Á', 'à', 'ä'],
  e: ['e', 'E', 'é', 'É', 'è'],
  i: ['i', 'I', 'í', 'Í'],
  o: ['o', 'O', 'ó', 'Ó', 'ö'],
  u: ['u', 'U', 'ú', 'Ú', 'ü'],
  n: ['n', 'N', 'ñ', 'Ñ'],
  c: ['c', 'C', 'ç'],
  l: ['l', 'L'],
  r: ['r', 'R'],
  z: ['z', 'Z'],
};
const plainLetter = fc.constantFrom(...Object.keys(VARIANTS));
const plainWord = fc.string({ unit: plainLetter, minLength: 1, maxLength: 5 });
const plainName = fc.array(plainWord, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

/** The same text typed differently: each letter in any of its forms, spaces doubled at random. */
const retyped = (text: string) =>
  fc.tuple(...[...text].map((ch) => (ch === ' ' ? fc.constantFrom(' ', '  ', '\t') : fc.constantFrom(...(VARIANTS[ch] ?? [ch]))))).map((chars) => chars.join(''));

const ordersArbitrary = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 99_999 }), name: plainName }), { maxLength: 6, selector: (r) => r.id }).map((rows) => rows.map((r) => o(r.id, r.name)));

/** A query the orders may answer: a name fragment, some digits, or an order number. */
const queryFor = (orders: CounterMatchable[]) =>
  fc.oneof(
    fc.array(plainWord, { minLength: 1, maxLength: 2 }).map((words) => words.join(' ')),
    fc.integer({ min: 0, max: 999 }).map(String),
    ...(orders.length > 0 ? [fc.constantFrom(...orders).map((order) => String(order.id))] : []),
  );

const ids = (list: CounterMatchable[]) => list.map((order) => order.id);

const matchesName = (order: CounterMatchable, query: string) => {
  const nameWords = normaliseText(order.consumer.name).split(' ');
  return normaliseText(query)
    .split(' ')
    .every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
};

describe('matchOrders properties', () => {
  it('case and accents in the query or in the names do not change the result', () => {
    fc.assert(
      fc.property(
        ordersArbitrary.chain((orders) =>
          fc.record({
            orders: fc.constant(orders),
            query: queryFor(orders).chain((q) => fc.record({ plain: fc.constant(q), typed: retyped(q) })),
            names: fc.tuple(...orders.map((order) => retyped(order.consumer.name))),
          }),
        ),
        ({ orders, query, names }) => {
          const expected = ids(matchOrders(orders, query.plain));
          expect(ids(matchOrders(orders, query.typed))).toEqual(expected);
          const renamed = orders.map((order, i) => o(order.id, names[i]));
          expect(ids(matchOrders(renamed, query.plain))).toEqual(expected);
        },
      ),
    );
  });

  it('an exact order number wins: only that order, with or without "#"', () => {
    fc.assert(
      fc.property(
        ordersArbitrary.filter((orders) => orders.length > 0).chain((orders) => fc.record({ orders: fc.constant(orders), target: fc.constantFrom(...orders) })),
        ({ orders, target }) => {
          expect(matchOrders(orders, String(target.id))).toEqual([target]);
          expect(matchOrders(orders, `#${target.id}`)).toEqual([target]);
        },
      ),
    );
  });

  it('every result matches the query, every match is a result, and the given order is kept', () => {
    fc.assert(
      fc.property(
        ordersArbitrary.chain((orders) => fc.record({ orders: fc.constant(orders), query: queryFor(orders) })),
        ({ orders, query }) => {
          const result = matchOrders(orders, query);
          const digits = /^\d+$/.test(query);
          const matches = (order: CounterMatchable) =>
            digits ? (orders.some((x) => String(x.id) === query) ? String(order.id) === query : String(order.id).includes(query)) : matchesName(order, query);
          expect(result).toEqual(orders.filter(matches));
          for (const order of result) expect(digits ? String(order.id).includes(query) : matchesName(order, query)).toBe(true);
        },
      ),
    );
  });

  it('a query of nothing but spaces matches nothing', () => {
    fc.assert(
      fc.property(ordersArbitrary, fc.string({ unit: fc.constantFrom(' ', '\t', '\n'), maxLength: 4 }), (orders, blank) => {
        expect(matchOrders(orders, blank)).toEqual([]);
      }),
    );
  });
});
