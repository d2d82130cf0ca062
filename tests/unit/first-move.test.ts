import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module per test: "has the operator moved" is page-wide state. */
const freshModule = async () => {
  vi.resetModules();
  return import('../../src/lib/first-move');
};

describe('afterFirstMove', () => {
  beforeEach(() => vi.resetModules());

  it('waits for a click, a tap or a key; a focus (autoFocus on load) is not a move', async () => {
    const { afterFirstMove } = await freshModule();
    const prefetch = vi.fn<() => void>();
    afterFirstMove(prefetch);
    window.dispatchEvent(new FocusEvent('focusin'));
    expect(prefetch).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(prefetch).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'touchstart', 'input'])('counts a %s as the first move (an input: a paste, a password manager) and runs every waiting callback once', async (type) => {
    const { afterFirstMove } = await freshModule();
    const first = vi.fn<() => void>();
    const second = vi.fn<() => void>();
    afterFirstMove(first);
    afterFirstMove(second);
    window.dispatchEvent(new Event(type));
    window.dispatchEvent(new Event(type));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled while it waits (a screen that unmounts first)', async () => {
    const { afterFirstMove } = await freshModule();
    const prefetch = vi.fn<() => void>();
    const cancel = afterFirstMove(prefetch);
    cancel();
    window.dispatchEvent(new Event('pointerdown'));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('runs a callback at once when the operator has already moved', async () => {
    const { afterFirstMove } = await freshModule();
    afterFirstMove(() => {});
    window.dispatchEvent(new Event('pointerdown'));
    const late = vi.fn<() => void>();
    afterFirstMove(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
