import { useLayoutEffect, useRef } from 'react';

/**
 * The consent bar, fixed to the bottom of the window. While it shows, the page gets as much room
 * at its end as the bar is tall, so the last controls (a long form's submit button) can always be
 * scrolled above it. Plain UI (src/ui/plain.css): it shows on the sign-in page, which loads no Joy.
 */
export function CookieConsentBanner({ label, text, agreeLabel, onAgree }: { label: string; text: string; agreeLabel: string; onAgree: () => void }) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const reserve = () => {
      body.style.paddingBottom = `${element.offsetHeight}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = before;
    };
  }, []);
  return (
    <div ref={bar} role="region" aria-label={label} className="plain-consent">
      <p className="plain-small">{text}</p>
      <button type="button" className="plain-button" data-size="sm" onClick={onAgree}>
        {agreeLabel}
      </button>
    </div>
  );
}
