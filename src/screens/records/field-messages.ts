import {
  DATE_RANGE_MESSAGE,
  PHONE_MESSAGE,
  PRICE_MAX,
  PRICE_MAX_MESSAGE,
  PRICE_MIN_MESSAGE,
  QUANTITY_MAX,
  QUANTITY_MAX_MESSAGE,
  QUANTITY_MIN_MESSAGE,
  REQUIRED_MESSAGE,
  WHOLE_NUMBER_MESSAGE,
  tooLongMessage,
} from '../../api/field-rules';
import { PICKUP_MESSAGES, TRUCK_MESSAGES } from '../../api/logistics';
import type { MessageKey, Translate, TranslateParams } from '../../i18n';

/**
 * The shared field rules' messages (src/api/field-rules.ts, the logistics forms' in
 * src/api/logistics.ts) in the operator's language. The forms' schemas and the mock server's
 * 400s carry the English wording; each is one catalogue entry whose English text is that wording
 * (tests/unit/field-rules.test.ts holds them together).
 */
const MESSAGES: Record<string, [MessageKey, TranslateParams?]> = {
  [REQUIRED_MESSAGE]: ['offerForm.required'],
  [WHOLE_NUMBER_MESSAGE]: ['offerForm.wholeNumber'],
  [QUANTITY_MIN_MESSAGE]: ['offerForm.quantityMin'],
  [QUANTITY_MAX_MESSAGE]: ['offerForm.quantityMax', { max: QUANTITY_MAX }],
  [PRICE_MIN_MESSAGE]: ['offerForm.priceMin'],
  [PRICE_MAX_MESSAGE]: ['offerForm.priceMax', { max: PRICE_MAX }],
  [DATE_RANGE_MESSAGE]: ['offerForm.dateRange'],
  [PHONE_MESSAGE]: ['records.phoneInvalid'],
  [TRUCK_MESSAGES.nameRequired]: ['truckForm.nameRequired'],
  [TRUCK_MESSAGES.plateRequired]: ['truckForm.plateRequired'],
  [TRUCK_MESSAGES.plateInvalid]: ['truckForm.plateInvalid'],
  [TRUCK_MESSAGES.capacityRequired]: ['truckForm.capacityRequired'],
  [TRUCK_MESSAGES.capacityWhole]: ['truckForm.capacityWhole'],
  [TRUCK_MESSAGES.capacityRange]: ['truckForm.capacityRange'],
  [PICKUP_MESSAGES.nameRequired]: ['pickupForm.nameRequired'],
  [PICKUP_MESSAGES.addressRequired]: ['pickupForm.addressRequired'],
  [PICKUP_MESSAGES.positionRequired]: ['pickupForm.positionRequired'],
  [PICKUP_MESSAGES.latRange]: ['pickupForm.latRange'],
  [PICKUP_MESSAGES.lonRange]: ['pickupForm.lonRange'],
};

/** "Use at most {max} characters", for any max: the pattern is built from the message itself. */
const TOO_LONG = new RegExp(`^${tooLongMessage(0).replace('0', '(\\d+)')}$`);

function translated(t: Translate, message: string): string | null {
  const known = MESSAGES[message];
  if (known) return t(known[0], known[1]);
  const tooLong = TOO_LONG.exec(message);
  return tooLong ? t('records.tooLong', { max: tooLong[1] }) : null;
}

/**
 * A shared rule's message in the operator's language, or null when it is none of them. A server
 * 400 names the field first ("name: Use at most 120 characters"): the field stays, the message is
 * translated.
 */
export function sharedMessageText(t: Translate, message: string): string | null {
  const own = translated(t, message);
  if (own !== null) return own;
  const named = /^([\w.]+): (.+)$/.exec(message);
  const rest = named ? translated(t, named[2]) : null;
  return named && rest !== null ? `${named[1]}: ${rest}` : null;
}
