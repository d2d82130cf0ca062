import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { selectCurrentMessage, snackbarMachine } from '../../src/machines/snackbar/machine';

describe('snackbar machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows an error by default and hides it after 6000 ms', () => {
    const actor = createActor(snackbarMachine).start();
    actor.send({ type: 'snackbar.show', message: { key: 'auth.signIn.invalid' } });
    expect(selectCurrentMessage(actor.getSnapshot())).toMatchObject({ key: 'auth.signIn.invalid', severity: 'error', autoHideMs: 6000 });
    vi.advanceTimersByTime(5999);
    expect(selectCurrentMessage(actor.getSnapshot())).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(selectCurrentMessage(actor.getSnapshot())).toBeUndefined();
  });

  it('honours a message-specific auto-hide (the sign-in error stays 7000 ms)', () => {
    const actor = createActor(snackbarMachine).start();
    actor.send({ type: 'snackbar.show', message: { key: 'auth.signIn.invalid', autoHideMs: 7000 } });
    vi.advanceTimersByTime(6999);
    expect(selectCurrentMessage(actor.getSnapshot())).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(selectCurrentMessage(actor.getSnapshot())).toBeUndefined();
  });

  it('queues messages and shows the next when the first is closed', () => {
    const actor = createActor(snackbarMachine).start();
    actor.send({ type: 'snackbar.show', message: { key: 'session.expired', severity: 'warning' } });
    actor.send({ type: 'snackbar.show', message: { key: 'common.successfullySaved', severity: 'success' } });
    expect(selectCurrentMessage(actor.getSnapshot())?.key).toBe('session.expired');
    actor.send({ type: 'snackbar.close' });
    expect(selectCurrentMessage(actor.getSnapshot())).toMatchObject({ key: 'common.successfullySaved', severity: 'success' });
    actor.send({ type: 'snackbar.close' });
    expect(selectCurrentMessage(actor.getSnapshot())).toBeUndefined();
  });
  it('a message with news behind it gives way after 1500 ms, and every message of a burst is shown', () => {
    const actor = createActor(snackbarMachine).start();
    actor.send({ type: 'snackbar.show', message: { key: 'settings.general.saveFailed' } });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'snackbar.show', message: { key: 'common.successfullySaved', severity: 'success' } });
    actor.send({ type: 'snackbar.show', message: { key: 'session.expired', severity: 'warning' } });
    expect(selectCurrentMessage(actor.getSnapshot())?.key).toBe('settings.general.saveFailed');
    vi.advanceTimersByTime(1500);
    // The next one has a queue behind it too: it shows 1500 ms, then the last shows its full time.
    expect(selectCurrentMessage(actor.getSnapshot())?.key).toBe('common.successfullySaved');
    vi.advanceTimersByTime(1500);
    expect(selectCurrentMessage(actor.getSnapshot())?.key).toBe('session.expired');
    vi.advanceTimersByTime(5999);
    expect(selectCurrentMessage(actor.getSnapshot())?.key).toBe('session.expired');
    vi.advanceTimersByTime(1);
    expect(selectCurrentMessage(actor.getSnapshot())).toBeUndefined();
  });
});
