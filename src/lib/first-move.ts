/**
 * The operator's first move on the page: a click, a tap, a key, or a field's value changing (a
 * paste, or a password manager filling the sign-in form without a key). Work that only pays off once
 * someone acts (fetching what a sign-in leads to, starting the demo backend) waits for it, so a
 * page that is only being looked at (or measured) does not spend a phone's network and CPU on it.
 * Focus is not a move: a field focused on load (autoFocus) has not been touched by anyone.
 */
const MOVES = ['pointerdown', 'keydown', 'touchstart', 'input'] as const;

let moved = false;
const waiting = new Set<() => void>();

function onMove() {
  if (moved) return;
  moved = true;
  for (const type of MOVES) window.removeEventListener(type, onMove, { capture: true });
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

/**
 * Runs `callback` at the operator's first move, or at once when they have already moved. Returns
 * what cancels it while it is still waiting (a screen that unmounts first).
 */
export function afterFirstMove(callback: () => void): () => void {
  if (moved) {
    callback();
    return () => {};
  }
  if (waiting.size === 0) for (const type of MOVES) window.addEventListener(type, onMove, { capture: true, passive: true });
  waiting.add(callback);
  return () => waiting.delete(callback);
}
