import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { isApiError, isCallMissing } from '../../src/api/errors';
import { subscribeTokenToTopic } from '../../src/api/push-payload';
import { API, connectHttpToTestBackend, setupTestBackend } from '../mocks/support';

/**
 * The push topic subscription (VITE_PUSH_TOPIC_SUBSCRIBE_PATH) is a call spec section 7 does not
 * name. Through the app's http client, a platform that lacks it (404: no such path, 405: no such
 * method) is told apart from one that fails, which is what lets the push machine say "not
 * supported here" instead of "try again" (tests/machines/push.test.ts, tests/screens/notifications.test.tsx).
 */
const backend = setupTestBackend();
const PATH = '/stores/push/subscribe';

afterEach(() => backend.current.server.resetHandlers());

describe('the push topic subscription call', () => {
  it.each([404, 405])('answered %i: the platform has no such call', async (status) => {
    await connectHttpToTestBackend(backend);
    backend.current.server.use(mswHttp.post(`${API}${PATH}`, () => HttpResponse.json({ message: 'No such call' }, { status })));
    const error: unknown = await subscribeTokenToTopic(PATH, 'fcm-token', 7).catch((e: unknown) => e);
    expect(isApiError(error) && error.toJSON()).toMatchObject({ kind: 'http', status, operation: 'POST push topic subscription' });
    expect(isCallMissing(error)).toBe(true);
  });

  it('answered 500 or unreachable: a failure, not a missing call', async () => {
    await connectHttpToTestBackend(backend);
    backend.current.server.use(mswHttp.post(`${API}${PATH}`, () => HttpResponse.json({ message: 'Internal error' }, { status: 500 })));
    expect(isCallMissing(await subscribeTokenToTopic(PATH, 'fcm-token', 7).catch((e: unknown) => e))).toBe(false);
    backend.current.server.use(mswHttp.post(`${API}${PATH}`, () => HttpResponse.error()));
    expect(isCallMissing(await subscribeTokenToTopic(PATH, 'fcm-token', 7).catch((e: unknown) => e))).toBe(false);
  });
});
