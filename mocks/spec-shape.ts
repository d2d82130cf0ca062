import { getResponse, http, type HttpHandler } from 'msw';

/**
 * What the platform is bound to send, per resource and per call: the fields spec section 3 names
 * (and section 7: paged lists' data, limit, offset, total; users/login's user at data.data).
 *
 * One source for three things:
 *  - the `spec-minimal` answer shape of the mock backend (`npm run mock:server -- --shape
 *    spec-minimal`, `createNodeBackend({ shape })`): every platform answer keeps exactly the named
 *    fields and drops the rest, the optional ones included;
 *  - the table of docs/spec-fields.md (tests/mocks/spec-shape.test.ts checks it is this one);
 *  - the tests that prove the console's response schemas read those minimal answers.
 *
 * The console's response schemas (src/api, which cannot import this module) require the same
 * fields and give each optional one the default written here.
 */

/** How the mock backend answers: `full` (its rich records) or `spec-minimal` (only what the spec names). */
export const RESPONSE_SHAPES = ['full', 'spec-minimal'] as const;
export type ResponseShape = (typeof RESPONSE_SHAPES)[number];

/**
 * Which fields of a value survive: `true` keeps the value whole, an object keeps only the keys it
 * lists (each masked in turn), a one-element array masks every element of a list with its mask.
 */
export type FieldMask = true | { readonly [field: string]: FieldMask } | readonly [FieldMask];

interface ResourceFields {
  /** The entity as spec section 3 (or 7) names it. */
  entity: string;
  /**
   * Fields the spec names as present: the console requires them, spec-minimal keeps them.
   * Dotted paths; `a[].b` is field b of every element of list a, and a path ending in `[]` is a
   * list whose elements carry no named field (spec-minimal sends them empty).
   */
  required: readonly string[];
  /**
   * Required fields holding another resource of SPEC_RESOURCES, by its key (a list of them when
   * the path ends in `[]`). Typed as a string to keep the table's type from referring to itself.
   */
  nested?: Readonly<Record<string, string>>;
  /** Fields the console reads when present, with what it uses when absent. spec-minimal omits them. */
  optional: Readonly<Record<string, string>>;
}

const OFFER_FIELDS = [
  'id',
  'name',
  'store_id',
  'quantity',
  'quantity_left',
  'status',
  'offer_status',
  'repeat_on_days',
  'audit_creation_date',
  'audit_update_date',
  'order_date_from',
  'order_date_to',
  'pickup_date_from',
  'pickup_date_to',
  'lat',
  'lon',
  'unit_price',
  'origin_price',
  'discount',
  'origin',
  'offer_type',
  'dietary_fit',
  'cuisine_type',
  'business_type',
] as const;

const DELIVERY_FIELDS = [
  'id',
  'pickup_code',
  'order_address',
  'order_delivery_to',
  'order_delivery_to_mail',
  'phone',
  'delivery_driver_notes',
  'delivery_notes',
  'delivery_status',
  'delivery_date',
  'delivery_packages',
  'delivery_truck',
] as const;

const DELIVERY_OPTIONAL = {
  store_id: 'none (not read: deliveries are the current store’s)',
  lat: 'none: the delivery gets no marker and no stop on the delivery map',
  lon: 'none: as lat',
} as const;

const NOT_READ = 'none (not read by the console)';

/** Every resource the console reads, as the spec names it. Keys are used in the operations below. */
export const SPEC_RESOURCES = {
  operator: {
    entity: 'Session user: operator',
    required: ['email', 'name_op', 'phone', 'rolesList.roles', 'currentAccount', 'preferences.language'],
    optional: {
      id: 'none: the profile route is /profile/me',
      first_name: 'none (named as optional by the spec; the console shows name_op)',
      role: 'the first of rolesList.roles (named as optional by the spec)',
    },
  },
  sessionStore: {
    entity: 'Session user: store',
    required: ['name', 'lat', 'lon'],
    optional: {
      id: 'operator.currentAccount (an answer with neither names no store: unreadable)',
      avatar: 'none: the side navigation shows the store’s initial',
    },
  },
  offer: {
    entity: 'Offer',
    required: OFFER_FIELDS,
    nested: { 'media[]': 'media' },
    optional: { template_id: 'null (not made from a template)' },
  },
  media: {
    entity: 'Offer and template media (the spec names the list, not its fields)',
    required: [],
    optional: {
      url: 'none: the image is not shown (the row shows its placeholder)',
      kind: 'none: not the cover (the first image stands in)',
    },
  },
  template: {
    entity: 'Template',
    required: ['id', 'name', 'store_id', 'repeat_on_days', 'template_quantity', 'status', 'audit_creation_date', 'audit_update_date'],
    nested: { 'media[]': 'media', offer: 'templateOffer' },
    optional: {},
  },
  templateOffer: {
    entity: 'Template: its embedded offer (an Offer without id)',
    required: OFFER_FIELDS.filter((field) => field !== 'id'),
    nested: { 'media[]': 'media' },
    optional: { template_id: 'null' },
  },
  order: {
    entity: 'Order',
    required: [
      'id',
      'status',
      'date',
      'pickup_date',
      'total_price',
      'total_price_bt',
      'total_quantity',
      'rating',
      'review',
      'review_date',
      'audit_creation_date',
      'audit_update_date',
      'store.name',
      'store.address.address_print',
      'consumer.name',
      'consumer.email',
      'consumer.phone',
      'offersOrdered[].id',
      'offersOrdered[].quantityOrdered',
      'offersOrdered[].offer.name',
      'offersOrdered[].offer.unit_price',
    ],
    optional: {
      store_id: 'none (not read: orders are the current store’s)',
      pickup_until: 'none: a waiting order shows pickup_date as the time it is due by (the pickup status always comes from pickup_date)',
      'consumer.id': NOT_READ,
      'offersOrdered[].offer.id': NOT_READ,
    },
  },
  review: {
    entity: 'Review',
    required: ['order_id', 'rating', 'date', 'description', 'review', 'total_price_bt', 'total_quantity', 'category'],
    optional: {},
  },
  homeData: {
    entity: 'Store: home data',
    required: [
      'offers_qty',
      'today_sales',
      'received_orders',
      'pickedup_orders',
      'current_Offers',
      'rating',
      'rating_qty',
      'annual_income',
      'new_customers',
      'sales_ratio',
      'value',
      'items_rescued',
    ],
    nested: { 'reviews[]': 'review' },
    optional: {},
  },
  storeProfile: {
    entity: 'Store',
    required: ['avatar', 'logo', 'cover', 'devicesAllowed', 'apiKey', 'sms_send', 'sms_text', 'color', 'special_terms.accept_date', 'lat', 'lon'],
    nested: { 'devices[]': 'device', 'notifications[]': 'notification' },
    optional: {
      id: 'the store the call was about (the current store)',
      name: "''",
      description: "''",
      email: "''",
      phone: "''",
      'address.address_print': "''",
      'address.city': "''",
      'address.country': "'' (the form asks for it)",
      'address.postal_code': "''",
      address_lat: 'none: lat stands (named by the spec: lat comes from it when present)',
      address_lon: 'none: lon stands (as address_lat)',
      'special_terms.text': "''",
    },
  },
  device: {
    entity: 'Store: devices (the spec names the list, not its fields)',
    required: [],
    optional: {
      id: 'none: the device cannot be unregistered from the console (no button)',
      name: "'' (shown as —)",
      model: "'' (shown as —)",
      registered_at: 'none (shown as —)',
    },
  },
  notification: {
    entity: 'Notification',
    required: ['id', 'type', 'title', 'created_at', 'click_action'],
    optional: { read: 'false (unread)' },
  },
  devices: {
    entity: 'Store: devices and the allowance',
    required: ['devicesAllowed'],
    nested: { 'devices[]': 'device' },
    optional: {},
  },
  storeMedia: { entity: 'Store: images', required: ['avatar', 'logo', 'cover'], optional: {} },
  apiKey: { entity: 'Store: API key', required: ['apiKey'], optional: {} },
  termsAcceptance: { entity: 'Store: special_terms.accept_date', required: ['accept_date'], optional: {} },
  billing: {
    entity: 'Store: billing config (the spec names it, not its fields)',
    required: [],
    optional: {
      store_id: 'the store the call was about',
      legal_name: "'' (the form asks for it)",
      tax_id: "''",
      billing_email: "''",
      address_print: "''",
      city: "''",
      postal_code: "''",
      country: "''",
      iban: "''",
      invoice_frequency: "'monthly'",
    },
  },
  managementInfo: {
    entity: 'Management info (the home data figures of the same names)',
    required: ['annual_income', 'new_customers', 'sales_ratio', 'items_rescued'],
    optional: {},
  },
  monthlySales: {
    entity: 'Management sales (the spec names them, not their fields)',
    required: [],
    optional: { month: 'none: the month is left out of the chart', value: 'none: as month' },
  },
  earning: { entity: 'Management customers: earnings', required: ['id', 'label', 'value', 'color'], optional: {} },
  payment: {
    entity: 'Payment (a list with audit dates)',
    required: ['audit_creation_date', 'audit_update_date'],
    optional: {
      id: 'none (rows keyed by position)',
      store_id: NOT_READ,
      order_id: 'none: — (no link to the order)',
      amount: 'none: —',
      method: 'none: —',
      status: 'none: — (no status chip)',
    },
  },
  orderSummary: {
    entity: 'Order summary (a list with audit dates)',
    required: ['audit_creation_date', 'audit_update_date'],
    optional: {
      id: NOT_READ,
      store_id: NOT_READ,
      day: 'none: —',
      orders: 'none: — (0 in the totals)',
      items: 'none: — (0 in the totals)',
      gross: 'none: — (0 in the totals)',
      fees: 'none: — (0 in the totals)',
      net: 'none: — (0 in the totals)',
    },
  },
  truck: {
    entity: 'Truck (fields not shown; its calls address it by {id})',
    required: ['id'],
    optional: {
      store_id: NOT_READ,
      name: "'' (not set)",
      plate: "''",
      capacity: 'none: not set (the edit form asks for it)',
      driver_name: "'' (not set)",
      driver_phone: "'' (not set)",
      status: 'the tab asked for (list), the one sent (create, edit), active (GET by id)',
    },
  },
  pickupLocation: {
    entity: 'Pickup location (fields not shown; its calls address it by {id})',
    required: ['id'],
    optional: {
      store_id: NOT_READ,
      name: "''",
      address: "''",
      country: "''",
      lat: 'none: the edit form asks for the position',
      lon: 'none: as lat',
      opening_hours: "'' (not set)",
      contact_name: "'' (not set)",
      contact_phone: "'' (not set)",
    },
  },
  account: {
    entity: 'Account',
    required: ['store_id', 'store_name'],
    optional: {
      id: 'none (rows keyed by position)',
      kind: 'the kind the list was filtered by, else none (not set)',
      holder: "'' (not set)",
    },
  },
  delivery: { entity: 'Delivery', required: DELIVERY_FIELDS, optional: DELIVERY_OPTIONAL },
  deliveryDetail: {
    entity: 'Delivery, with the places of its route',
    required: DELIVERY_FIELDS,
    optional: {
      ...DELIVERY_OPTIONAL,
      places: '[]: no route drawn (a place without kind, lat and lon is left out; name and address read \'\')',
    },
  },
  lookups: {
    entity: 'Option groups (section 9)',
    required: [],
    nested: { 'offer_type[]': 'lookupOption', 'dietary_fit[]': 'lookupOption', 'cuisine_type[]': 'lookupOption', 'business_type[]': 'lookupOption' },
    optional: {},
  },
  lookupOption: {
    entity: 'Option of a group (the spec names the groups, not their options’ fields)',
    required: [],
    optional: { id: 'none: the option is left out (it cannot be chosen)', name: '#{id}' },
  },
  signup: { entity: 'Registration flag', required: ['was_send_email_to_validate'], optional: {} },
  signupValidation: { entity: 'Registration flag', required: ['email_was_verified_ok'], optional: {} },
  cityCheck: {
    entity: 'City check (answer not shown)',
    required: [],
    optional: { valid: 'true (POST /stores/signup checks again)', city: 'null (the name as typed)' },
  },
  cityAvailability: {
    entity: 'City availability (answer not shown)',
    required: [],
    optional: { served: 'true (POST /stores/signup checks again)', available: 'true (as served)' },
  },
  crmSync: {
    entity: 'CRM synchronisation (answer not shown)',
    required: [],
    optional: {
      synced_at: 'when the answer arrived',
      since: 'the t asked for',
      previous_synced_at: 'null (the first run)',
      sent: 'the number of orders listed',
      created: 'the listed orders whose action is created',
      updated: 'the listed orders whose action is updated',
      orders: '[]',
      'orders[].order_id': 'none: — (no link)',
      'orders[].consumer_email': "'' (—)",
      'orders[].total_price': 'none: —',
      'orders[].status': 'none: — (no status)',
      'orders[].action': 'none: —',
    },
  },
  acknowledgement: {
    entity: 'Acknowledgement of a delete or the logout (answer not shown)',
    required: [],
    optional: { ok: 'not read: any successful answer will do' },
  },
} as const satisfies Record<string, ResourceFields>;

export type ResourceName = keyof typeof SPEC_RESOURCES;

/**
 * How a call answers: a resource by name, `true` for a value of the answer's frame kept whole (a
 * paged list's limit, a token), an object for a frame of named keys, `[x]` for a list.
 */
export type AnswerFrame = ResourceName | true | { readonly [key: string]: AnswerFrame } | readonly [AnswerFrame];

const paged = (item: ResourceName) => ({ data: [item], limit: true, offset: true, total: true }) as const;
const SESSION_USER = { operator: 'operator', store: 'sessionStore' } as const;
const ACK = 'acknowledgement';

/**
 * Every platform call with a JSON answer, written as in spec section 7 (the logout path and the
 * billing save are ours, decision records 002 and 010), and the frame of its answer. The summary
 * download (GET /stores/orders/summary_pdf/{id}) answers a CSV and is left as is.
 */
export const SPEC_OPERATIONS = {
  'POST users/login': { data: { data: SESSION_USER, token: true } },
  'POST /stores/signin': { token: true, user: SESSION_USER },
  'POST /stores/logout': ACK,
  'POST /stores/signup': 'signup',
  'PUT /stores/signup/validate/{a}/{b}': 'signupValidation',
  'POST /stores/lookups/validatecity/{country}/{address}': 'cityCheck',
  'POST /stores/lookups/requiredcity/{country}/{address}/{email}': 'cityAvailability',
  'GET /stores/lookups/getall/{id}': 'lookups',

  'PUT /stores/offers': 'offer',
  'POST /stores/offers': 'offer',
  'DELETE /stores/offers/{id}': ACK,
  'POST /stores/offers/{id}/status/{status}': 'offer',
  'GET /stores/offers/CurrentOffersByStore/pagination/{storeId}': paged('offer'),
  'GET /stores/offers/{id}': 'offer',
  'POST /stores/offers/media': { 'media': ['media'] },

  'PUT /stores/templates': 'template',
  'POST /stores/templates': 'template',
  'DELETE /stores/templates/{id}': ACK,
  'POST /stores/templates/{id}/status/{status}': 'template',
  'GET /stores/templates/activeTemplates/{id}': { data: ['template'] },
  'POST /stores/templates/activeTemplates/pagination/filters': paged('template'),
  'GET /stores/templates/{id}': 'template',
  'POST /stores/template/{id}/media': { 'media': ['media'] },

  'POST /stores/orders/{id}/status/{status}': 'order',
  'POST /stores/orders/{id}/cancel': 'order',
  'GET /stores/{id}/orders': { data: ['order'] },
  'GET /stores/orders/payments': paged('payment'),
  'GET /stores/orders/summary': { data: ['orderSummary'] },
  'POST /stores/orders/pagination/filters': paged('order'),
  'GET /stores/orders/{id}': 'order',
  'GET /hubspot/app/orders': 'crmSync',

  'POST /stores/profile/basic': 'storeProfile',
  'GET /stores/profile/{id}': 'storeProfile',
  'GET /stores/home': 'homeData',
  'GET /stores/profile/billing/{id}': 'billing',
  'POST /stores/profile/billing/{id}': 'billing',
  'POST /stores/profile/config': 'storeProfile',
  'POST /stores/profile/media': 'storeMedia',
  'POST /stores/profile/mediacover': 'storeMedia',
  'POST /stores/operator/profile': 'operator',
  'POST /stores/profile/devices': 'devices',
  'POST /stores/profile/devices/apikey': 'apiKey',
  'POST /stores/profile/accept_conditions/{id}': 'termsAcceptance',
  'POST /stores/operator/chacc': { user: SESSION_USER },

  'GET /stores/management_info': 'managementInfo',
  'GET /stores/management_info_sales': { data: ['monthlySales'] },
  'GET /stores/management_info_customers': { data: ['earning'] },
  'GET /stores/ratings/pagination': paged('review'),

  'GET /stores/trucks/{status}': ['truck'],
  'GET /stores/trucks/{id}': 'truck',
  'DELETE /stores/trucks/{id}': ACK,
  'PUT /stores/trucks': 'truck',
  'POST /stores/trucks': 'truck',
  'GET /stores/pickuplocation': ['pickupLocation'],
  'GET /stores/pickuplocation/{id}': 'pickupLocation',
  'DELETE /stores/pickuplocation/{id}': ACK,
  'PUT /stores/pickuplocation': 'pickupLocation',
  'POST /stores/pickuplocation': 'pickupLocation',
  'GET /stores/accounts': paged('account'),
  'POST /stores/delivery/search': paged('delivery'),
  'GET /stores/delivery/{id}': 'deliveryDetail',
} as const satisfies Record<string, AnswerFrame>;

export type SpecOperation = keyof typeof SPEC_OPERATIONS;

// ---------------------------------------------------------------------------------------------
// Masks
// ---------------------------------------------------------------------------------------------

type MutableMask = true | { [field: string]: MutableMask } | [MutableMask];

/** Adds one dotted path (`a.b`, `a[].b`, `a[]`) to a mask, ending in `leaf`. */
function addPath(mask: { [field: string]: MutableMask }, path: string, leaf: MutableMask): void {
  const [head, ...rest] = path.split('.');
  const list = head.endsWith('[]');
  const key = list ? head.slice(0, -2) : head;
  if (rest.length === 0) {
    mask[key] = list ? [leaf === true ? {} : leaf] : leaf;
    return;
  }
  const existing = mask[key];
  let inner: { [field: string]: MutableMask };
  if (list) {
    const element = Array.isArray(existing) ? existing[0] : undefined;
    inner = element !== undefined && element !== true && !Array.isArray(element) ? element : {};
    mask[key] = [inner];
  } else {
    inner = existing !== undefined && existing !== true && !Array.isArray(existing) ? existing : {};
    mask[key] = inner;
  }
  addPath(inner, rest.join('.'), leaf);
}

/** The mask of a resource: its required fields and, in turn, its nested resources'. */
export function resourceMask(name: ResourceName): FieldMask {
  const resource: ResourceFields = SPEC_RESOURCES[name];
  const mask: { [field: string]: MutableMask } = {};
  for (const path of resource.required) addPath(mask, path, true);
  for (const [path, nested] of Object.entries(resource.nested ?? {})) addPath(mask, path, resourceMask(nested as ResourceName) as MutableMask);
  return mask;
}

/** The mask of an answer frame. */
export function frameMask(frame: AnswerFrame): FieldMask {
  if (frame === true) return true;
  if (typeof frame === 'string') return resourceMask(frame);
  if (Array.isArray(frame)) return [frameMask((frame as unknown as readonly [AnswerFrame])[0])];
  return Object.fromEntries(Object.entries(frame as Record<string, AnswerFrame>).map(([key, inner]) => [key, frameMask(inner)]));
}

/** The resources an answer frame carries directly (not those nested in them). */
export function frameResources(frame: AnswerFrame): ResourceName[] {
  if (frame === true) return [];
  if (typeof frame === 'string') return [frame];
  if (Array.isArray(frame)) return frameResources((frame as unknown as readonly [AnswerFrame])[0]);
  return Object.values(frame as Record<string, AnswerFrame>).flatMap(frameResources);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with only the fields `mask` keeps (absent ones stay absent; null stays null). */
export function applyMask(value: unknown, mask: FieldMask): unknown {
  if (mask === true) return value;
  if (Array.isArray(mask)) return Array.isArray(value) ? value.map((element) => applyMask(element, (mask as readonly [FieldMask])[0])) : value;
  if (!isPlainObject(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(mask as Record<string, FieldMask>)) {
    if (field in value) kept[field] = applyMask(value[field], inner);
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Which operation a request is
// ---------------------------------------------------------------------------------------------

/** Placeholders that stand for a platform id: they match digits only. */
const ID_PLACEHOLDERS = new Set(['{id}', '{storeId}']);

interface ParsedOperation {
  operation: SpecOperation;
  method: string;
  segments: string[];
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment.length > 0);

const PARSED: ParsedOperation[] = (Object.keys(SPEC_OPERATIONS) as SpecOperation[]).map((operation) => {
  const [method, path] = operation.split(' ');
  return { operation, method, segments: segmentsOf(path) };
});

/**
 * The operation of section 7 a request is, from its method and its path under the API base
 * ('/stores/orders/20001' → 'GET /stores/orders/{id}'). Literal segments beat placeholders, and an
 * id placeholder takes digits only, so 'GET /stores/trucks/active' is {status} and '/stores/trucks/7'
 * is {id}. undefined for a path the table does not know.
 */
export function operationOf(method: string, path: string): SpecOperation | undefined {
  const segments = segmentsOf(path.split('?')[0]).map((segment) => decodeURIComponent(segment));
  let best: { operation: SpecOperation; score: number } | undefined;
  for (const parsed of PARSED) {
    if (parsed.method !== method.toUpperCase() || parsed.segments.length !== segments.length) continue;
    let score = 0;
    const matches = parsed.segments.every((template, index) => {
      const actual = segments[index];
      if (!template.startsWith('{')) {
        score += 3;
        return template === actual;
      }
      if (ID_PLACEHOLDERS.has(template)) {
        score += 2;
        return /^\d+$/.test(actual);
      }
      score += 1;
      return true;
    });
    if (matches && (!best || score > best.score)) best = { operation: parsed.operation, score };
  }
  return best?.operation;
}

/** The mask of an operation's answer. */
export const operationMask = (operation: SpecOperation): FieldMask => frameMask(SPEC_OPERATIONS[operation]);

// ---------------------------------------------------------------------------------------------
// The spec-minimal backend
// ---------------------------------------------------------------------------------------------

/**
 * Wraps the mock backend's handlers so every successful JSON answer of the platform API (under
 * `apiBaseUrl`) keeps only the fields the spec names for its operation. Failures (their
 * `{ message }` is not a resource), non-JSON answers (the CSV download), calls the table does not
 * know, and every other service (identity provider, directions, geocoder) pass through untouched.
 */
export function specMinimalHandlers(handlers: HttpHandler[], apiBaseUrl: string): HttpHandler[] {
  const base = apiBaseUrl.replace(/\/+$/, '');
  const front = http.all('*', async ({ request }) => {
    const response = await getResponse(handlers, request);
    if (!response || response.type === 'error' || !response.ok) return response;
    const url = new URL(request.url);
    const address = `${url.origin}${url.pathname}`;
    if (address !== base && !address.startsWith(`${base}/`)) return response;
    if (!(response.headers.get('Content-Type') ?? '').includes('json')) return response;
    const operation = operationOf(request.method, address.slice(base.length));
    if (!operation) return response;
    const body: unknown = await response.json();
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    return new Response(JSON.stringify(applyMask(body, operationMask(operation))), { status: response.status, statusText: response.statusText, headers });
  });
  return [front];
}

/** The handlers in the given shape: as they are (`full`), or through specMinimalHandlers. */
export function shapedHandlers(handlers: HttpHandler[], apiBaseUrl: string, shape: ResponseShape = 'full'): HttpHandler[] {
  return shape === 'spec-minimal' ? specMinimalHandlers(handlers, apiBaseUrl) : handlers;
}

// ---------------------------------------------------------------------------------------------
// The docs table (docs/spec-fields.md)
// ---------------------------------------------------------------------------------------------

/** An answer frame as the docs write it: `{ data: [order], limit, offset, total }`. */
export function frameText(frame: AnswerFrame): string {
  if (frame === true) return '';
  if (typeof frame === 'string') return frame;
  if (Array.isArray(frame)) return `[${frameText((frame as unknown as readonly [AnswerFrame])[0])}]`;
  const entries = Object.entries(frame as Record<string, AnswerFrame>).map(([key, inner]) => (inner === true ? key : `${key}: ${frameText(inner)}`));
  return `{ ${entries.join(', ')} }`;
}

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The markdown table of docs/spec-fields.md: one row per resource. */
export function renderSpecFieldsTable(): string {
  const rows = (Object.keys(SPEC_RESOURCES) as ResourceName[]).map((name) => {
    const resource: ResourceFields = SPEC_RESOURCES[name];
    const operations = (Object.keys(SPEC_OPERATIONS) as SpecOperation[]).filter((operation) => frameResources(SPEC_OPERATIONS[operation]).includes(name));
    const required = [
      ...resource.required.map(code),
      ...Object.entries(resource.nested ?? {}).map(([path, nested]) => `${code(path)} (${nested})`),
    ];
    const optional = Object.entries(resource.optional).map(([path, fallback]) => `${code(path)}: ${fallback}`);
    const parents = (Object.keys(SPEC_RESOURCES) as ResourceName[]).filter((parent) => Object.values((SPEC_RESOURCES[parent] as ResourceFields).nested ?? {}).includes(name));
    const answeredBy = [...operations.map(code), ...(parents.length > 0 ? [`inside ${parents.join(', ')}`] : [])];
    return `| ${name} | ${cell(resource.entity)} | ${answeredBy.join('<br>')} | ${cell(required.join(', ')) || '—'} | ${cell(optional.join('<br>')) || '—'} |`;
  });
  return [
    '| resource | spec entity | operations | required (the spec names them) | optional: what the console uses when absent |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The markdown table of the operations and the frame of each answer. */
export function renderOperationsTable(): string {
  const rows = (Object.keys(SPEC_OPERATIONS) as SpecOperation[]).map((operation) => `| ${code(operation)} | ${code(frameText(SPEC_OPERATIONS[operation]))} |`);
  return ['| operation | answer |', '|---|---|', ...rows].join('\n');
}
