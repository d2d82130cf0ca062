import type { Account } from '../../api/accounts';
import type { SignInFailureReason } from '../../api/identity';
import type { PagedList } from '../../api/codecs';
import type { Offer } from '../../api/offers';
import type { Order, OrdersListFilter } from '../../api/orders';
import type { OrdersSync } from '../../api/crm-sync';
import type { Delivery, DeliveryStatus, PickupLocation, Truck, TruckStatus } from '../../api/logistics';

export type { OrdersListFilter };
import type { Lookups } from '../../api/lookups';
import type { Template } from '../../api/templates';
import type { Language, SessionUser } from '../../api/session';
import type { Billing, Devices } from '../../api/settings';
import type { HomeData, JournalStoreProfile, StoreNotification } from '../../api/stores';
import type { Operator } from '../../api/session';

/**
 * The catalogue of domain events: facts, in the past tense, each carrying what a projection needs
 * to apply it. Machines append them to the journal once an effect has succeeded; nothing else
 * changes shared client state. Events are plain JSON (no tokens, no functions, no Dates) so a
 * journal can be exported, attached to a bug report and replayed.
 */
export type DomainEvent =
  | { type: 'session.signedIn'; at: number; user: SessionUser; via: 'password' | 'provider' | 'restored' }
  /** A new tab of a remembered operator: their console shows while the session resumes (decision 021). */
  | { type: 'session.resuming'; at: number; user: SessionUser }
  /** The session did not come back (the identity provider forgot the operator, or could not be reached). */
  | { type: 'session.notResumed'; at: number }
  | { type: 'session.refreshed'; at: number }
  | { type: 'session.signInFailed'; at: number; email: string; reason: SignInFailureReason }
  | { type: 'session.signedOut'; at: number; reason: 'user' | 'expired' }
  | { type: 'session.roleSwitched'; at: number; role: string }
  | { type: 'store.switched'; at: number; fromStoreId: number; toStoreId: number }
  | { type: 'store.profileLoaded'; at: number; profile: JournalStoreProfile }
  /** A settings tab saved the profile (business info, configuration): the server's answer. */
  | { type: 'store.profileSaved'; at: number; profile: JournalStoreProfile }
  /** An image of the store changed (Settings → Media): the side navigation's avatar follows. */
  | { type: 'store.mediaSaved'; at: number; storeId: number; avatar: string; logo: string; cover: string }
  /** The store accepted its special terms. */
  | { type: 'store.termsAccepted'; at: number; storeId: number; acceptDate: number }
  /** Settings → Devices: the allowance or the registered devices changed (the server's answer). */
  | { type: 'store.devicesChanged'; at: number; storeId: number; devicesAllowed: number; devices: Devices['devices'] }
  /** Settings → Devices: the API key was renewed. The key itself never enters the journal. */
  | { type: 'store.apiKeyRenewed'; at: number; storeId: number }
  /** Settings → Billing: the store's billing details as the server saved them. */
  | { type: 'store.billingSaved'; at: number; billing: Billing }
  /** The operator saved their own profile (name, phone, language). */
  | { type: 'operator.profileSaved'; at: number; operator: Operator }
  | { type: 'store.homeLoaded'; at: number; home: HomeData }
  | { type: 'accounts.loaded'; at: number; accounts: Account[] }
  | { type: 'lookups.loaded'; at: number; lang: Language; lookups: Lookups }
  | { type: 'notifications.read'; at: number; ids: number[] }
  | { type: 'notifications.received'; at: number; notification: StoreNotification }
  | { type: 'preferences.languageChanged'; at: number; language: Language }
  | { type: 'consent.given'; at: number }
  | { type: 'page.viewed'; at: number; path: string; title: string }
  /** A page of the offers list as the server returned it (only appended when it changed). */
  | { type: 'offers.loaded'; at: number; filter: 'all' | 'active'; page: PagedList<Offer> }
  | { type: 'offer.saved'; at: number; offer: Offer }
  /** Appended when the operator confirms: the offer leaves the list at once. */
  | { type: 'offer.deleted'; at: number; id: number }
  /** The server refused the delete: the offer comes back where it was. */
  | { type: 'offer.deleteRefused'; at: number; offer: Offer; index: number }
  | { type: 'offer.statusChanged'; at: number; id: number; status: number }
  /** A page of the templates list (the recurring tab, a name search) as the server returned it. */
  | { type: 'templates.loaded'; at: number; filter: TemplatesFilter; search: string; page: PagedList<Template> }
  | { type: 'template.saved'; at: number; template: Template }
  /** Appended when the operator confirms: the template leaves the list at once. */
  | { type: 'template.deleted'; at: number; id: number }
  /** The server refused the delete: the template comes back where it was. */
  | { type: 'template.deleteRefused'; at: number; template: Template; index: number }
  | { type: 'template.statusChanged'; at: number; id: number; status: number }
  /** A page of the orders list as the server returned it (only appended when it changed). */
  | { type: 'orders.loaded'; at: number; filter: OrdersListFilter; page: PagedList<Order> }
  /**
   * The operator changed an order's pickup status: picked up (0 → 1) or back to pending (1 → 0).
   * Appended when the change is sent (optimistic); `order` is the order as it was before.
   */
  | { type: 'order.statusChanged'; at: number; order: Order; status: number }
  /** The store cancelled an order (code 3), appended when sent; `order` is the order before. */
  | { type: 'order.cancelled'; at: number; order: Order }
  /**
   * The server refused a status change or a cancel: the order is back as it was (`order`), in
   * the list it left (where the orders projection took it from), and the figures undo the
   * `attempted` status.
   */
  | { type: 'order.changeRefused'; at: number; order: Order; attempted: number }
  /** A run of the CRM synchronisation (GET /hubspot/app/orders) and what it sent. */
  | { type: 'orders.synchronized'; at: number; sync: OrdersSync }
  // --- trucks & pickups ---
  /** The trucks of one status tab (and search) as the server listed them: the whole list, paged on screen. */
  | { type: 'trucks.loaded'; at: number; status: TruckStatus; search: string; page: PagedList<Truck> }
  /** A truck created or edited, as the server answered the save. */
  | { type: 'truck.saved'; at: number; truck: Truck }
  /** The server deleted the truck: it leaves the list. */
  | { type: 'truck.deleted'; at: number; id: number }
  /** The store's pickup locations (and a search) as the server listed them: the whole list, paged on screen. */
  | { type: 'pickups.loaded'; at: number; search: string; page: PagedList<PickupLocation> }
  /** A pickup location created or edited, as the server answered the save. */
  | { type: 'pickup.saved'; at: number; pickup: PickupLocation }
  /** The server deleted the pickup location: it leaves the list. */
  | { type: 'pickup.deleted'; at: number; id: number }
  // --- deliveries ---
  /** A page of the delivery orders list as the server returned it (only appended when it changed). */
  | { type: 'deliveries.loaded'; at: number; filter: DeliveriesFilter; page: PagedList<Delivery> }
  /** The delivery map's day (YYYY-MM-DD, local): all its deliveries (only appended when they changed). */
  | { type: 'deliveries.todayLoaded'; at: number; day: string; deliveries: Delivery[] }
  // --- registration ---
  /**
   * The platform sent the validation e-mail to `email` (spec section 3, was_send_email_to_validate);
   * `resend`: sent again from the check-your-inbox screen. Never the password or other details.
   */
  | { type: 'registration.emailSent'; at: number; email: string; resend: boolean }
  /** A validation link was accepted: the store is active (email_was_verified_ok). */
  | { type: 'registration.verified'; at: number; email: string }
  /** A validation link was refused: unknown, expired or used (email_was_verified_error). */
  | { type: 'registration.verificationFailed'; at: number; email: string };


/**
 * The delivery orders list's filters, as its URL carries them: one status, a range of local days
 * (YYYY-MM-DD, both included), a truck's name and a text search ('' for none).
 */
export interface DeliveriesFilter {
  status: DeliveryStatus | null;
  from: string | null;
  to: string | null;
  truck: string | null;
  text: string;
}

/** The templates list's tabs: every template, or those that repeat on some weekday. */
export type TemplatesFilter = 'all' | 'recurring';

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
