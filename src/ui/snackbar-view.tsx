import { useEffect } from 'react';
import type { SnackbarSeverity } from '../machines/snackbar/machine';

/**
 * The notification bar: bottom centre, closes on its button or Escape, ignores clicks elsewhere.
 * Auto-hide is the snackbar machine's job (its timer), not the component's, so tests and paths
 * see it. Plain UI (src/ui/plain.css), not Joy: the sign-in page shows its refusals here and
 * loads no Joy (docs/decisions/019-sign-in-without-joy.md).
 */
export function SnackbarView({
  message,
  severity,
  closeLabel,
  onClose,
}: {
  message: string | undefined;
  severity: SnackbarSeverity;
  closeLabel: string;
  onClose: () => void;
}) {
  const open = message !== undefined;
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="plain-snackbar" role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'} data-severity={severity}>
      <span className="plain-snackbar-text">{message}</span>
      <button type="button" className="plain-icon-button" aria-label={closeLabel} onClick={onClose}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden focusable="false" fill="currentColor">
          <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
        </svg>
      </button>
    </div>
  );
}
