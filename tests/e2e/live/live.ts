import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { startMockServer, type MockServer } from '../../../mocks/http-server';
import { acceptCookies, onEveryContext, openPage, setUpBrowser, signIn } from '../browser';
import type { LiveShape, LiveTarget } from './targets';

/**
 * One shape's live journeys: the production build (CSP in force) in Chromium, over real HTTP, the
 * platform answered by the standalone mock this file starts on the port the build expects, the
 * identity provider a real Firebase Auth emulator (tests/e2e/live/live-setup.ts). Every request a
 * page makes must stay on 127.0.0.1.
 */
export interface LiveHarness {
  shape: LiveShape;
  target(): LiveTarget;
  mock(): MockServer;
  /** A fresh browser context on the live console. */
  open(path: string, options?: { width?: number; height?: number }): Promise<Page>;
  /** A fresh context, cookies agreed, signed in (demo operator by default), on the overview with its figures. */
  openSignedIn(credentials?: { email: string; password: string }): Promise<Page>;
  /** Reseeds the platform (a scenario of scenarios/index.ts) and sets the operators' identity accounts back. */
  reset(scenario?: string): Promise<void>;
}

export function setUpLiveStack(shape: LiveShape): LiveHarness {
  setUpBrowser();
  let mock: MockServer | undefined;
  const target = () => inject('liveTargets')[shape];
  const outside: string[] = [];

  beforeAll(async () => {
    const { apiPort, projectId, emulatorUrl } = target();
    mock = await startMockServer({ port: apiPort, shape, identityProject: projectId, identityEmulatorUrl: emulatorUrl });
  });
  afterAll(async () => {
    await mock?.close();
  });
  onEveryContext((context) => {
    context.on('request', (request) => {
      const url = new URL(request.url());
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '127.0.0.1') outside.push(request.url());
    });
  });
  afterEach(() => {
    expect(outside.splice(0), 'requests that left 127.0.0.1').toEqual([]);
  });

  const harness: LiveHarness = {
    shape,
    target,
    mock: () => {
      if (!mock) throw new Error('The mock server has not started');
      return mock;
    },
    open: (path, options = {}) => openPage(path, { ...options, origin: target().consoleUrl }),
    async openSignedIn(credentials) {
      const page = await harness.open('/auth/login');
      await acceptCookies(page);
      await signIn(page, credentials);
      await page.waitForURL('**/overview');
      await page.getByTestId('overall-rating').waitFor();
      return page;
    },
    async reset(scenario) {
      const response = await fetch(`${harness.mock().url}/__devkit/reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(scenario ? { scenario } : {}),
      });
      expect({ status: response.status, body: await response.text() }).toMatchObject({ status: 200 });
    },
  };
  return harness;
}

/** Requests the page sends from now on whose path matches, in order ("METHOD /path"). */
export function recordCalls(page: Page, pattern: RegExp): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const call = `${request.method()} ${url.pathname}`;
    if (request.method() !== 'OPTIONS' && pattern.test(call)) calls.push(call);
  });
  return calls;
}
