/**
 * The console's mark, on the brand band of the top bar and the public area. Its colours are the
 * theme's (`.plain-logo-*` in src/ui/plain.css): a white plate, the brand orange, the brand green.
 */
export function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden focusable="false">
      <circle className="plain-logo-plate" cx="16" cy="16" r="15" />
      <path className="plain-logo-dish" d="M9 18c0-4.4 3.1-8 7-8s7 3.6 7 8H9z" />
      <path className="plain-logo-leaf" d="M8 19h16l-2 5H10z" />
    </svg>
  );
}
