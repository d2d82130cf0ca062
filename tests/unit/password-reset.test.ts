import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identityError } from '../../mocks/identity';
import { TEST_CONFIG } from '../../mocks/node';
import { configureIdentity, IdentityError, sendPasswordReset } from '../../src/api/identity';
import { setupTestBackend } from '../mocks/support';

/**
 * sendPasswordReset (issue 8, recovery) through the real Firebase SDK against the mock identity
 * provider. The mock answers success for any address, as Firebase does with e-mail enumeration
 * protection on; a live project without it answers EMAIL_NOT_FOUND for an address with no account
 * (the SDK's auth/user-not-found). Either way the caller must get the same answer, so the page
 * cannot be used to find out which e-mails are registered.
 */
const backend = setupTestBackend();
const SEND_OOB_CODE = 'https://identitytoolkit.googleapis.com/v1/accounts\\:sendOobCode';

/** The provider answers the next reset with this Firebase error, as a live project would. */
function providerRefuses(code: string) {
  const asked: string[] = [];
  backend.current.server.use(
    http.post(
      SEND_OOB_CODE,
      async ({ request }) => {
        asked.push(((await request.json()) as { email: string }).email);
        return identityError(400, code);
      },
      { once: true },
    ),
  );
  return asked;
}

const outcomeOf = (promise: Promise<void>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error instanceof IdentityError ? error.reason : String(error) }),
  );

beforeAll(() => configureIdentity(TEST_CONFIG.firebase));
afterEach(() => backend.current.server.resetHandlers());

describe('sendPasswordReset', () => {
  it('answers an address the provider says has no account (EMAIL_NOT_FOUND) exactly as it answers an account', async () => {
    const forAccount = await outcomeOf(sendPasswordReset('demo@store.test'));
    const asked = providerRefuses('EMAIL_NOT_FOUND');
    const forNobody = await outcomeOf(sendPasswordReset('nobody.here@newbakery.test'));
    expect(asked).toEqual(['nobody.here@newbakery.test']);
    expect(forNobody).toEqual(forAccount);
    expect(forAccount).toEqual({ resolved: undefined });
  });

  it('still refuses what is not an e-mail address, and says when the provider cannot be reached', async () => {
    providerRefuses('INVALID_EMAIL');
    expect(await outcomeOf(sendPasswordReset('someone@'))).toEqual({ rejected: 'credentials' });
    backend.current.faults.fail('POST identitytoolkit/v1/accounts:sendOobCode', 'offline', { times: 1 });
    expect(await outcomeOf(sendPasswordReset('demo@store.test'))).toEqual({ rejected: 'unavailable' });
  });
});
