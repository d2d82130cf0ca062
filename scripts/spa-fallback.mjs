// Makes a static build deployable on any static host with an SPA fallback: every unknown path
// must serve index.html. 404.html covers hosts that serve it for misses (GitHub Pages-style);
// _redirects covers Netlify-style hosts. Usage: node scripts/spa-fallback.mjs <outDir>
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const outDir = process.argv[2] ?? 'dist-demo';
copyFileSync(join(outDir, 'index.html'), join(outDir, '404.html'));
writeFileSync(join(outDir, '_redirects'), '/*  /index.html  200\n');
console.log(`SPA fallback written to ${outDir} (404.html, _redirects)`);
