/** Business constants from spec section 9. One place, so a rule and its test read the same number. */
export const API_TIMEOUT_MS = 10_000;
/** A session is stale once strictly more than this has passed since it started. */
export const SESSION_STALE_AFTER_MS = 3 * 60 * 1000;
export const SNACKBAR_AUTO_HIDE_MS = 6000;
/** How long a message still shows once a newer one waits behind it. */
export const SNACKBAR_SUPERSEDED_MS = 1500;
export const SIGN_IN_ERROR_AUTO_HIDE_MS = 7000;
export const TRANSIENT_MESSAGE_MS = 3000;
export const OFFER_MIN_PRICE_RATIO = 0.45;
export const OVERVIEW_REVIEW_COUNT = 3;
export const FINANCE_DEFAULT_DAYS = 7;
export const OFFERS_POLL_MS = 20_000;
export const PAST_ORDERS_POLL_MS = 10_000;
/**
 * Without push (not configured, not allowed, or the platform has no subscription call) the bell
 * asks the store profile for new notifications this often while the console is visible
 * (docs/decisions/031-notifications-without-push.md). Not in the spec: a minute keeps the bell
 * close to current at one profile read a minute per open console.
 */
export const NOTIFICATIONS_REFRESH_MS = 60_000;
/** Read marks kept per operator and store (localStorage): the newest this many ids. */
export const NOTIFICATION_READ_MARKS_MAX = 500;
export const PAGINATION_PAGES = 5;
export const PAGINATION_MARGIN_PAGES = 2;
export const AVATAR_GROUP_LIMIT = 3;
export const SIDE_NAV_WIDTH_PX = 256;
export const JOURNAL_MAX_EVENTS = 1000;
export const GUEST_ROLE = 'GUEST';
/** The sign-up form checks the city once the operator pauses typing for this long. */
export const CITY_CHECK_DEBOUNCE_MS = 400;
/** What POST /stores/signup accepts (src/api/registration.ts). */
export const PASSWORD_MIN_LENGTH = 8;
