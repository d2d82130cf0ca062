/**
 * Matching what an operator types at the counter against the open orders: an order number
 * (digits, "#" allowed) or part of the customer's name, without regard to case or accents.
 */
export interface CounterMatchable {
  id: number;
  consumer: { name: string };
}

/** Lower case, without accents and extra spaces: "  José  " → "jose". */
export function normaliseText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const ORDER_NUMBER = /^#?\s*(\d+)$/;

/**
 * The orders a query names, in the order given. An order number matches exactly when one order
 * has it (a customer reads out their number); otherwise every order whose number contains the
 * digits. Words match when every typed word starts a word of the customer's name.
 */
export function matchOrders<T extends CounterMatchable>(orders: readonly T[], query: string): T[] {
  const typed = normaliseText(query);
  if (typed === '') return [];
  const number = ORDER_NUMBER.exec(typed);
  if (number) {
    const digits = number[1];
    const exact = orders.filter((order) => String(order.id) === digits);
    return exact.length > 0 ? exact : orders.filter((order) => String(order.id).includes(digits));
  }
  const words = typed.split(' ');
  return orders.filter((order) => {
    const nameWords = normaliseText(order.consumer.name).split(' ');
    return words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
  });
}
