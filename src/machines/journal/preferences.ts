import { now } from '../../lib/clock';
import { readJson, storageKeys, writeJson } from '../../lib/storage';
import type { Journal } from './journal';

/**
 * Cookie consent is one fact with no flow around it, so it is two functions rather than a
 * machine: the banner's "I agree" records it, and boot re-reads it from storage.
 */
export function giveCookieConsent(journal: Journal): void {
  writeJson('local', storageKeys.cookieConsent, { agreedAt: now() });
  journal.append({ type: 'consent.given', at: now() });
}

export function restoreCookieConsent(journal: Journal): void {
  if (readJson('local', storageKeys.cookieConsent) !== undefined) journal.append({ type: 'consent.given', at: now() });
}
