import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { HomeData } from '../../src/api/stores';
import { loadFailureOf, selectLoadFailure } from '../../src/machines/shared/load-failure';
import { overviewMachine } from '../../src/machines/store/overview.machine';
import { signupFailureOf } from '../../src/machines/registration/machine';
import { PATH_HOME } from '../../src/machines/store/overview.paths';

const unreadable = new ApiError({ kind: 'unexpected-response', operation: 'GET /stores/home', message: 'Unexpected response from GET /stores/home: offers_qty Required' });

describe('loadFailureOf', () => {
  it('reads an answer that failed its schema as unreadable', () => {
    expect(loadFailureOf(unreadable)).toBe('unreadable');
  });

  it('reads every other failure as a plain failure: no connection, a timeout, an error status, anything else', () => {
    const operation = 'GET /stores/home';
    expect(loadFailureOf(new ApiError({ kind: 'network', operation, message: `${operation} could not reach the server` }))).toBe('failed');
    expect(loadFailureOf(new ApiError({ kind: 'timeout', operation, message: `${operation} timed out` }))).toBe('failed');
    expect(loadFailureOf(new ApiError({ kind: 'http', status: 500, operation, message: 'boom' }))).toBe('failed');
    expect(loadFailureOf(new Error('Unexpected response'))).toBe('failed');
    expect(loadFailureOf(undefined)).toBe('failed');
  });
});

describe('a sign-up answered with something the console cannot read', () => {
  it('is its own failure, not "could not reach the server"', () => {
    const operation = 'POST /stores/signup';
    expect(signupFailureOf(new ApiError({ kind: 'unexpected-response', operation, message: `Unexpected response from ${operation}: body Required` }))).toEqual({ kind: 'unreadable' });
    expect(signupFailureOf(new ApiError({ kind: 'http', status: 503, operation, message: `${operation} answered 503` }))).toEqual({ kind: 'unreachable' });
    // No answer at all may mean the sign-up arrived and only its answer was lost (issue 23).
    expect(signupFailureOf(new ApiError({ kind: 'network', operation, message: `${operation} could not reach the server` }))).toEqual({ kind: 'unconfirmed' });
  });
});

describe('a flow remembers why its load failed', () => {
  it('keeps the reason in the failed state and forgets it when the load starts again and succeeds', async () => {
    const answers: Array<() => Promise<HomeData>> = [() => Promise.reject(unreadable), () => Promise.resolve(PATH_HOME)];
    const logged: unknown[] = [];
    const actor = createActor(
      overviewMachine.provide({
        actors: { loadHome: fromPromise(() => answers.shift()!()) },
        actions: { logLoadFailure: (_, { error }) => logged.push(error) },
      }),
    ).start();
    expect(selectLoadFailure(actor.getSnapshot())).toBeNull();

    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectLoadFailure(actor.getSnapshot())).toBe('unreadable');
    // The log receives the error itself: its operation and the field the schema refused.
    expect(logged).toEqual([unreadable]);

    actor.send({ type: 'overview.reload' });
    expect(selectLoadFailure(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectLoadFailure(actor.getSnapshot())).toBeNull();
    actor.stop();
  });
});
