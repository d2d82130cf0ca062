import { useEffect } from 'react';
import { CloseIcon } from './icons';

/** The severities the view can draw (the snackbar flow's, structurally: ui imports no machine). */
export type SnackbarViewSeverity = 'success' | 'warning' | 'error' | 'info';

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
  severity: SnackbarViewSeverity;
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
        <CloseIcon size="sm" color="inherit" />
      </button>
    </div>
  );
}
