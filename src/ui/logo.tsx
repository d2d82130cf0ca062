/** The console's mark, on the brand band of the top bar and the public area. */
export function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden focusable="false">
      <circle cx="16" cy="16" r="15" fill="#fff" />
      <path d="M9 18c0-4.4 3.1-8 7-8s7 3.6 7 8H9z" fill="#C2410C" />
      <path d="M8 19h16l-2 5H10z" fill="#15803D" />
    </svg>
  );
}
