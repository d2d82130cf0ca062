import { useMemo } from 'react';
import { encodeQr, qrPathData } from '../lib/qr-code';

/** The quiet zone the standard asks for around a symbol, in modules. */
const QUIET_ZONE = 4;

/**
 * A QR code of `value` (level M, src/lib/qr-code.ts) as an SVG: dark modules in one path on a
 * white square with its quiet zone, crisp at any size. It is one picture to assistive tech,
 * named by `label` — never by the value itself, which may be a secret.
 */
export function QrCodeImage({ value, label, size = 208, testId }: { value: string; label: string; size?: number; testId?: string }) {
  const { path, modules } = useMemo(() => {
    const qr = encodeQr(value);
    return { path: qrPathData(qr.modules, QUIET_ZONE), modules: qr.size + 2 * QUIET_ZONE };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-testid={testId}
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      {/* A scanner needs dark on light whatever the colour scheme: the theme's black on its white, in both. */}
      <rect width={modules} height={modules} style={{ fill: 'var(--joy-palette-common-white)' }} />
      <path d={path} style={{ fill: 'var(--joy-palette-common-black)' }} />
    </svg>
  );
}
