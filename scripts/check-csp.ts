import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Checks the Content-Security-Policy of the built pages (issue 9, Security; scripts/csp-plugin.ts
 * writes it): prints each build's policy and exits 1 when a page has no CSP meta, carries an
 * inline <script> (one without src), allows 'unsafe-inline' or 'unsafe-eval' for scripts, or does
 * not set object-src and base-uri to 'none'.
 *
 * Usage: npx tsx scripts/check-csp.ts [outDir ...]   (default: dist dist-demo; run both builds first)
 */

export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins (CSP ignores repeats).
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
const valueOf = (match: RegExpExecArray | null) => (match ? (match[2] ?? match[3] ?? match[4] ?? '') : undefined);
const unescapeHtml = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The problems of one built page; `policy` is what its meta carries (undefined: none). */
export function checkPage(html: string): { policy: string | undefined; problems: string[] } {
  const problems: string[] = [];
  const metas = [...html.matchAll(/<meta\b[^>]*>/gi)].map((m) => m[0]).filter((tag) => valueOf(attribute(tag, 'http-equiv'))?.toLowerCase() === 'content-security-policy');
  if (metas.length === 0) problems.push('no <meta http-equiv="Content-Security-Policy">');
  if (metas.length > 1) problems.push(`${metas.length} CSP metas (expected one)`);
  const content = metas[0] === undefined ? undefined : valueOf(attribute(metas[0], 'content'));
  const policy = content === undefined ? undefined : unescapeHtml(content);

  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (attribute(tag, 'src') === null) problems.push(`inline script: ${tag}`);
  }
  const handler = /<[a-z][^>]*\son[a-z]+\s*=/i.exec(html);
  if (handler) problems.push(`inline event handler: ${handler[0]}`);

  if (policy !== undefined) {
    const directives = parsePolicy(policy);
    const scripts = directives.get('script-src') ?? directives.get('default-src');
    if (!scripts) problems.push('neither script-src nor default-src: scripts are unrestricted');
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'"]) {
      if (scripts?.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
    }
    for (const name of ['object-src', 'base-uri']) {
      const sources = directives.get(name);
      if (sources?.join(' ') !== "'none'") problems.push(`${name} is ${sources ? sources.join(' ') : 'not set'}, not 'none'`);
    }
  }
  return { policy, problems };
}

function main(outDirs: string[]): number {
  let failed = false;
  for (const outDir of outDirs) {
    const file = join(outDir, 'index.html');
    if (!existsSync(file)) {
      console.error(`✗ ${file} is missing: build it first (npm run build / npm run build:demo)`);
      failed = true;
      continue;
    }
    const { policy, problems } = checkPage(readFileSync(file, 'utf8'));
    console.log(`${file}\n  ${policy === undefined ? '(no policy)' : [...parsePolicy(policy)].map(([name, sources]) => `${name} ${sources.join(' ')}`).join('\n  ')}`);
    for (const problem of problems) console.error(`✗ ${file}: ${problem}`);
    if (problems.length > 0) failed = true;
    else console.log(`✓ ${file}: CSP present, no inline script, object-src and base-uri 'none'`);
  }
  return failed ? 1 : 0;
}

if (process.argv[1]?.endsWith('check-csp.ts')) {
  const args = process.argv.slice(2);
  process.exitCode = main(args.length > 0 ? args : ['dist', 'dist-demo']);
}
