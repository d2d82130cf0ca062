import Button from '@mui/joy/Button';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useLayoutEffect, useRef } from 'react';

/**
 * The consent bar, fixed to the bottom of the window. While it shows, the page gets as much room
 * at its end as the bar is tall, so the last controls (a long form's submit button) can always be
 * scrolled above it.
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
    <Sheet
      ref={bar}
      role="region"
      aria-label={label}
      variant="soft"
      color="neutral"
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 1250,
        px: 3,
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'center',
        boxShadow: 'md',
      }}
    >
      <Typography level="body-sm">{text}</Typography>
      <Button size="sm" onClick={onAgree}>
        {agreeLabel}
      </Button>
    </Sheet>
  );
}
