import type { Account } from '../api/accounts';
import type { Lookups } from '../api/lookups';
import type { Language, SessionUser } from '../api/session';
import type { HomeData, StoreNotification, StoreProfile } from '../api/stores';

/**
 * The catalogue of domain events: facts, in the past tense, each carrying what a projection needs
 * to apply it. Machines append them to the journal once an effect has succeeded; nothing else
 * changes shared client state. Events are plain JSON (no tokens, no functions, no Dates) so a
 * journal can be exported, attached to a bug report and replayed.
 */
export type DomainEvent =
  | { type: 'session.signedIn'; at: number; user: SessionUser; via: 'password' | 'provider' | 'restored' }
  | { type: 'session.refreshed'; at: number }
  | { type: 'session.signInFailed'; at: number; email: string; reason: 'credentials' | 'unavailable' }
  | { type: 'session.signedOut'; at: number; reason: 'user' | 'expired' }
  | { type: 'session.roleSwitched'; at: number; role: string }
  | { type: 'store.switched'; at: number; fromStoreId: number; toStoreId: number }
  | { type: 'store.profileLoaded'; at: number; profile: StoreProfile }
  | { type: 'store.homeLoaded'; at: number; home: HomeData }
  | { type: 'accounts.loaded'; at: number; accounts: Account[] }
  | { type: 'lookups.loaded'; at: number; lang: Language; lookups: Lookups }
  | { type: 'notifications.read'; at: number; ids: number[] }
  | { type: 'notifications.received'; at: number; notification: StoreNotification }
  | { type: 'preferences.languageChanged'; at: number; language: Language }
  | { type: 'consent.given'; at: number }
  | { type: 'page.viewed'; at: number; path: string; title: string };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
