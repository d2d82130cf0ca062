import { afterEach, describe, expect, it } from 'vitest';
import { pushTopic } from '../../src/api/push';
import { notificationFromPush, TopicSubscriptionSchema } from '../../src/api/push-payload';
import { clickTarget } from '../../src/lib/click-action';
import { parseConfig } from '../../src/lib/config';
import { formatDateAndTime } from '../../src/lib/format';
import { storeSavedOperator } from '../../src/machines/session/stored-user';
import { MONDAY_9AM, MONDAY_9AM_SECONDS, sessionUser } from '../../src/machines/path-model/fixtures';

const ORIGIN = 'https://console.example.com';

describe('clickTarget: where a notification leads', () => {
  it.each([
    ['/operations/order/12', { kind: 'app', path: '/operations/order/12' }],
    [' /settings/general ', { kind: 'app', path: '/settings/general' }],
    [`${ORIGIN}/operations/orders/pending?page=2#top`, { kind: 'app', path: '/operations/orders/pending?page=2#top' }],
    ['https://help.example.org/terms', { kind: 'external', url: 'https://help.example.org/terms' }],
    ['http://status.example.org', { kind: 'external', url: 'http://status.example.org/' }],
  ])('%j → %j', (action, target) => {
    expect(clickTarget(action, ORIGIN)).toEqual(target);
  });

  it.each([['javascript:alert(1)'], ['mailto:ops@example.com'], ['//evil.example.com/x'], ['orders'], ['']])('does not follow %j', (action) => {
    expect(clickTarget(action, ORIGIN)).toBeNull();
  });

  // Browsers read a backslash as a slash and drop tabs and newlines, so each of these names
  // another host: none may be followed in place (issue #23, 14).
  it.each([
    ['/\\host/x'],
    ['\\\\host'],
    ['//host'],
    ['/\t/host'],
    ['\\/host'],
    [`${ORIGIN}/\\host`],
    ['javascript:alert(1)'],
    [' JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['http://[bad'],
  ])('%j is not a path of the console: not a link', (action) => {
    expect(clickTarget(action, ORIGIN)).toBeNull();
  });

  it.each([
    ['/operations/order/12', { kind: 'app', path: '/operations/order/12' }],
    // An encoded backslash is an ordinary character of a path on this origin.
    ['/%5Chost', { kind: 'app', path: '/%5Chost' }],
    ['https://evil.example', { kind: 'external', url: 'https://evil.example/' }],
  ])('%j → %j', (action, target) => {
    expect(clickTarget(action, ORIGIN)).toEqual(target);
  });
});

describe('push payloads', () => {
  it('the topic is topic_storeadmin followed by the store id (spec section 6)', () => {
    expect(pushTopic(42)).toBe('topic_storeadmin42');
  });

  it('reads an FCM data payload (strings only) as a store notification, created_at in milliseconds', () => {
    const payload = {
      data: { id: '77', type: 'order', title: 'New order #301', created_at: String(MONDAY_9AM_SECONDS), click_action: '/operations/order/301' },
      notification: { title: 'ignored when data has a title' },
      from: '/topics/topic_storeadmin1',
    };
    expect(notificationFromPush(payload, MONDAY_9AM + 5000)).toEqual({
      id: 77,
      type: 'order',
      title: 'New order #301',
      created_at: MONDAY_9AM,
      click_action: '/operations/order/301',
      read: false,
    });
  });

  it('falls back on the visible notification, the FCM link and the arrival time', () => {
    const payload = { notification: { title: 'Platform maintenance tonight' }, fcmOptions: { link: 'https://status.example.org' }, data: { type: 'unknown-kind' } };
    expect(notificationFromPush(payload, MONDAY_9AM)).toEqual({
      id: MONDAY_9AM,
      type: 'order',
      title: 'Platform maintenance tonight',
      created_at: MONDAY_9AM,
      click_action: 'https://status.example.org',
      read: false,
    });
  });

  it.each([[null], ['text'], [{}], [{ data: { id: '1' } }], [{ data: { title: 'x', id: 'abc' } }]])('carries no notification: %j', (payload) => {
    expect(notificationFromPush(payload, MONDAY_9AM)).toBeNull();
  });
});

describe('push configuration', () => {
  const env = {
    VITE_BACKEND: 'live',
    VITE_API_BASE_URL: 'https://api.example.com',
    VITE_FIREBASE_API_KEY: 'key',
    VITE_FIREBASE_AUTH_DOMAIN: 'app.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'app',
    VITE_FIREBASE_APP_ID: '1:2:web:3',
    VITE_DIRECTIONS_URL: 'https://router.example.com',
    VITE_GEOCODER_URL: 'https://geocoder.example.com',
  };

  it('is optional: absent or blank (as .env.example leaves it), the console runs without push', () => {
    for (const extra of [{}, { VITE_FIREBASE_MESSAGING_SENDER_ID: '', VITE_FIREBASE_VAPID_KEY: '  ' }]) {
      const result = parseConfig({ ...env, ...extra });
      expect(result.ok && result.config.push).toBeUndefined();
    }
  });

  it('takes both values, and names the one missing when only one is given', () => {
    const both = parseConfig({ ...env, VITE_FIREBASE_MESSAGING_SENDER_ID: '123', VITE_FIREBASE_VAPID_KEY: 'BPk' });
    expect(both.ok && both.config.push).toEqual({ messagingSenderId: '123', vapidKey: 'BPk' });
    expect(parseConfig({ ...env, VITE_FIREBASE_MESSAGING_SENDER_ID: '123' })).toEqual({
      ok: false,
      problems: [{ variable: 'VITE_FIREBASE_VAPID_KEY', reason: 'missing' }],
    });
  });

  it('takes an optional API path that subscribes the browser to the topic, and names a bad one', () => {
    const push = { ...env, VITE_FIREBASE_MESSAGING_SENDER_ID: '123', VITE_FIREBASE_VAPID_KEY: 'BPk' };
    const withPath = parseConfig({ ...push, VITE_PUSH_TOPIC_SUBSCRIBE_PATH: '/stores/push/subscribe' });
    expect(withPath.ok && withPath.config.push).toEqual({ messagingSenderId: '123', vapidKey: 'BPk', topicSubscribePath: '/stores/push/subscribe' });
    const blank = parseConfig({ ...push, VITE_PUSH_TOPIC_SUBSCRIBE_PATH: ' ' });
    expect(blank.ok && blank.config.push).toEqual({ messagingSenderId: '123', vapidKey: 'BPk' });
    expect(parseConfig({ ...push, VITE_PUSH_TOPIC_SUBSCRIBE_PATH: 'https://relay.example.com/x' })).toEqual({
      ok: false,
      problems: [{ variable: 'VITE_PUSH_TOPIC_SUBSCRIBE_PATH', reason: 'not-a-path' }],
    });
  });

  it('the subscription body names the store topic and refuses any other', () => {
    expect(TopicSubscriptionSchema.parse({ token: 'fcm-token', topic: pushTopic(101) })).toEqual({ token: 'fcm-token', topic: 'topic_storeadmin101' });
    expect(TopicSubscriptionSchema.safeParse({ token: 'fcm-token', topic: 'news' }).success).toBe(false);
    expect(TopicSubscriptionSchema.safeParse({ token: '', topic: pushTopic(1) }).success).toBe(false);
  });
});

describe('formatDateAndTime', () => {
  it('writes DD MM YYYY hh:mm in local time', () => {
    const at = new Date(2026, 10, 2, 9, 5).getTime();
    expect(formatDateAndTime(at)).toBe('02 11 2026 09:05');
  });
});

describe('the stored user after a saved operator profile', () => {
  afterEach(() => localStorage.clear());

  it('takes the saved name, phone and language and keeps the role the operator acts in', () => {
    const user = sessionUser({ role: 'MANAGER' });
    localStorage.setItem('console.user', JSON.stringify(user));
    storeSavedOperator({ ...user.operator, name_op: 'Ana María', phone: '+34 611 111 111', role: 'OPERATOR', preferences: { language: 'es' } });
    expect(JSON.parse(localStorage.getItem('console.user')!)).toEqual({
      ...user,
      operator: { ...user.operator, name_op: 'Ana María', phone: '+34 611 111 111', role: 'MANAGER', preferences: { language: 'es' } },
    });
  });

  it('leaves storage alone when no user is stored, or another operator is', () => {
    storeSavedOperator(sessionUser().operator);
    expect(localStorage.getItem('console.user')).toBeNull();
    const other = sessionUser();
    localStorage.setItem('console.user', JSON.stringify(other));
    storeSavedOperator({ ...other.operator, id: 99, name_op: 'Someone else' });
    expect(JSON.parse(localStorage.getItem('console.user')!)).toEqual(other);
  });
});
