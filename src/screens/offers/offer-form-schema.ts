import * as z from 'zod';
import { REQUIRED_MESSAGE, millisField, nameField, priceField, quantityField } from '../../api/field-rules';
import { datetimeRule } from '../../lib/rules';
import {
  MIN_PRICE_MESSAGE,
  ORDER_WINDOW_MESSAGE,
  PICKUP_BEFORE_ORDER_MESSAGE,
  PICKUP_WINDOW_MESSAGE,
  QUANTITY_REQUIRED_MESSAGE,
  RECURRING_WEEKDAY_MESSAGE,
  TEMPLATE_LATER_THAN_NOW_MESSAGE,
  offerRefinement,
} from '../../api/offer-rules';
import type { MessageKey, Translate } from '../../i18n';
import type { OfferFormValues } from '../../machines/offers';
import { sharedMessageText } from '../records/field-messages';

/**
 * The offer form's schema: the shared field rules (src/api/field-rules.ts, which the mock server
 * checks request bodies with), then every rule of spec section 5 through offerRefinement (the same
 * rules the mock server re-checks). Messages are English, as the server answers them, and
 * translated for display by `formMessageText`.
 */
const ids = z.array(z.number().int());
/** Spec section 5's datetime rule: a valid date or number, otherwise "is required"; and a plausible one. */
export const formTime = millisField.refine((value) => datetimeRule(value) === null, REQUIRED_MESSAGE);

export function offerFormSchema(now: () => number) {
  return z
    .object({
      name: nameField(),
      quantity: quantityField,
      unit_price: priceField,
      origin_price: priceField,
      origin: z.enum(['offer', 'recurring', 'template']),
      template_id: z.number().int().nullable(),
      repeat_on_days: z.array(z.number().int().min(1).max(7)),
      order_date_from: formTime,
      order_date_to: formTime,
      pickup_date_from: formTime,
      pickup_date_to: formTime,
      offer_type: ids,
      dietary_fit: ids,
      cuisine_type: ids,
      business_type: ids,
      saveAsTemplate: z.boolean(),
    })
    .superRefine(offerRefinement(now)) satisfies z.ZodType<OfferFormValues, OfferFormValues>;
}

/** The spec's rule messages (also what the server answers in a 400) and their catalogue keys. */
const RULE_KEYS: Record<string, MessageKey> = {
  [MIN_PRICE_MESSAGE]: 'offerForm.rule.minPrice',
  [RECURRING_WEEKDAY_MESSAGE]: 'offerForm.rule.recurringWeekday',
  [TEMPLATE_LATER_THAN_NOW_MESSAGE]: 'offerForm.rule.laterThanNow',
  [QUANTITY_REQUIRED_MESSAGE]: 'offerForm.rule.quantityRequired',
  [ORDER_WINDOW_MESSAGE]: 'offerForm.rule.orderWindow',
  [PICKUP_WINDOW_MESSAGE]: 'offerForm.rule.pickupWindow',
  [PICKUP_BEFORE_ORDER_MESSAGE]: 'offerForm.rule.pickupBeforeOrder',
};

/**
 * The catalogue key of a message: a rule's wording, or a shape message (already a key). Null for
 * anything else (a server message we do not know), which is then shown as the server wrote it.
 */
export function messageKeyOf(message: string): MessageKey | null {
  if (message in RULE_KEYS) return RULE_KEYS[message];
  return message.startsWith('offerForm.') ? (message as MessageKey) : null;
}

/**
 * What the offer and template forms show for a message: a rule's wording, a catalogue key or a
 * shared field rule's message (also inside a server 400, "quantity: Enter at most 10000") in the
 * operator's language; anything else as the server wrote it.
 */
export function formMessageText(t: Translate, message: string): string {
  const key = messageKeyOf(message);
  return key ? t(key) : (sharedMessageText(t, message) ?? message);
}

/**
 * The field a rule's message belongs to, so a server 400 (it answers the rule's wording) lands
 * beside the field the operator has to fix. Null for a message that names no known rule.
 */
const RULE_FIELDS: Record<string, 'unit_price' | 'repeat_on_days' | 'order_date_from' | 'quantity' | 'order_date_to' | 'pickup_date_to'> = {
  [MIN_PRICE_MESSAGE]: 'unit_price',
  [RECURRING_WEEKDAY_MESSAGE]: 'repeat_on_days',
  [TEMPLATE_LATER_THAN_NOW_MESSAGE]: 'order_date_from',
  [QUANTITY_REQUIRED_MESSAGE]: 'quantity',
  [ORDER_WINDOW_MESSAGE]: 'order_date_to',
  [PICKUP_WINDOW_MESSAGE]: 'pickup_date_to',
  [PICKUP_BEFORE_ORDER_MESSAGE]: 'pickup_date_to',
};

export function ruleFieldOf(message: string) {
  return RULE_FIELDS[message] ?? null;
}
