import { describe, expect, it } from 'vitest';
import { stylesheetsBeforeEntry } from '../../scripts/stylesheets-first-plugin';

/** What Vite writes into the built index.html's head (the entry, its preloads, then the stylesheet). */
const built = `<head>
    <title>Store Console</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>`;

describe('stylesheets first (decision 022)', () => {
  it('moves the stylesheet ahead of the entry script and keeps everything else in place', () => {
    const html = stylesheetsBeforeEntry(built);
    expect(html.indexOf('index-c.css')).toBeLessThan(html.indexOf('index-a.js'));
    expect(html.indexOf('index-a.js')).toBeLessThan(html.indexOf('react-b.js'));
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(html.replace(/\s+/g, '')).toHaveLength(built.replace(/\s+/g, '').length);
  });

  it('leaves a page without a stylesheet or an entry script as it is', () => {
    expect(stylesheetsBeforeEntry('<head><title>x</title></head>')).toBe('<head><title>x</title></head>');
  });
});
