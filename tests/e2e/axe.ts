import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The WCAG levels issue #9's accessibility gate checks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

// The axe-core @axe-core/playwright depends on (TOOLCHAIN.md's pin), run directly in the page.
const requireHere = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(createRequire(requireHere.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * axe with the gate's tags on the page's document, each violation as
 * "where → rule: help (selectors [summary])".
 *
 * axe is injected once per document (a route change inside the app keeps it) and asked for
 * violations only. @axe-core/playwright's AxeBuilder injects it again on every analysis and
 * serialises every passed and inapplicable rule as well: measured 2026-11-26 on the offers list,
 * 1.6–2.0 s (2.0–2.7 s of CPU) per analysis against 0.13–0.18 s here, with the same violations.
 * The console has no iframes, the one thing AxeBuilder's frame handling would add.
 */
export async function axeViolations(page: Page, where: string = new URL(page.url()).pathname): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
      ).violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) })),
    WCAG_TAGS,
  );
  return violations.map((v) => `${where} → ${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`).join(', ')})`);
}

export async function expectNoAxeViolations(page: Page, where?: string) {
  expect(await axeViolations(page, where)).toEqual([]);
}
