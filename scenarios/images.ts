/**
 * Images of the demo data as inline SVG data URLs: mock mode must never make a request leave the
 * page, so no avatar, logo, cover or product photo points at a server.
 */
function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Up to two initials: "Forn de la Llotja" → "FL" (short words such as "de", "la" are skipped). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => w.length > 2 || /^[A-ZÀ-Ý]/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/** A round avatar with initials on the brand colour. */
export function avatarImage(name: string, color: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
      `<circle cx="64" cy="64" r="64" fill="${color}"/>` +
      `<text x="64" y="78" text-anchor="middle" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff">${escapeXml(initialsOf(name))}</text>` +
      `</svg>`,
  );
}

/** A wordmark logo. */
export function logoImage(name: string, color: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96" viewBox="0 0 320 96">` +
      `<rect width="320" height="96" rx="16" fill="#fff"/>` +
      `<circle cx="48" cy="48" r="30" fill="${color}"/>` +
      `<text x="92" y="58" font-family="Georgia,serif" font-size="26" fill="#2b2b2b">${escapeXml(name)}</text>` +
      `</svg>`,
  );
}

/** A 16:9 cover (the upload widget's aspect). */
export function coverImage(name: string, tagline: string, color: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#2b2b2b"/></linearGradient></defs>` +
      `<rect width="1280" height="720" fill="url(#g)"/>` +
      `<text x="80" y="560" font-family="Georgia,serif" font-size="88" fill="#fff">${escapeXml(name)}</text>` +
      `<text x="84" y="630" font-family="system-ui,sans-serif" font-size="36" fill="#fff" opacity="0.85">${escapeXml(tagline)}</text>` +
      `</svg>`,
  );
}

/**
 * A product tile: a paper bag with the product's initials on a soft background. Drawn shapes
 * rather than an emoji, because an emoji needs a colour-emoji font (headless browsers and many
 * kiosks have none) and would show as an empty box.
 */
export function productImage(name: string, background: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
      `<rect width="640" height="360" fill="${background}"/>` +
      `<path d="M250 120 h140 l22 190 h-184 z" fill="#c8a27a"/>` +
      `<path d="M250 120 h140 l-8 -18 h-124 z" fill="#b08863"/>` +
      `<path d="M290 120 q30 -50 60 0" fill="none" stroke="#8a6643" stroke-width="8" stroke-linecap="round"/>` +
      `<text x="320" y="240" text-anchor="middle" font-family="Georgia,serif" font-size="64" font-weight="700" fill="#fff">${escapeXml(initialsOf(name))}</text>` +
      `</svg>`,
  );
}
