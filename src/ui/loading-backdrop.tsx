/**
 * Joy's indeterminate CircularProgress (soft variant), drawn as plain UI (src/ui/plain.css): a
 * neutral track and a quarter arc in the accent colour turning once every 0.8 s. `sm` is 24 px,
 * `lg` 64 px, both with Joy's stroke (3 px, 8 px). The signed-in shell shows it, and loads no Joy.
 */
export function PlainProgress({ label, size = 'sm' }: { label: string; size?: 'sm' | 'lg' }) {
  return (
    <span role="progressbar" aria-label={label} className="plain-progress" data-size={size}>
      <svg viewBox="0 0 48 48" aria-hidden focusable="false">
        <circle className="plain-progress-track" cx="24" cy="24" r="21" />
        <circle className="plain-progress-arc" cx="24" cy="24" r="21" transform="rotate(-90 24 24)" />
      </svg>
    </span>
  );
}

/** Covers the app while blocking work runs (signing out, switching store). */
export function LoadingBackdrop({ open, label }: { open: boolean; label: string }) {
  if (!open) return null;
  return (
    <div role="status" aria-live="polite" className="plain-backdrop">
      <PlainProgress size="lg" label={label} />
    </div>
  );
}
