import type { Page } from 'playwright-core';
import { DEMO_SIGN_IN } from '../scenarios/demo-sign-in';

/**
 * The measuring scripts' way in (lighthouse, soak, perf's interactions): opens the sign-in page at
 * `loginUrl`, agrees to cookies, signs the demo operator in and waits for the overview's figures.
 * The end-to-end journeys have their own (tests/e2e/browser.ts), which needs Vitest.
 */
export async function signInAsDemoOperator(page: Page, loginUrl: string): Promise<void> {
  await page.goto(loginUrl);
  const agree = page.getByRole('button', { name: 'I agree' });
  await agree.click();
  await agree.waitFor({ state: 'detached' });
  await page.getByLabel('Email').fill(DEMO_SIGN_IN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SIGN_IN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('overall-rating').waitFor({ timeout: 30_000 });
}
