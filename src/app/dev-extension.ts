import type { ComponentType } from 'react';
import type { PushChannel } from '../api/push';
import type { AnalyticsPort } from './analytics';

/**
 * What the mock-server dev kit adds to the app in mock mode. main.tsx fills it from the single
 * dynamic import of mocks/; the live build leaves it empty, so no mock code is bundled.
 */
export interface DevExtension {
  /** Shown on the sign-in screen, filled in with one click. */
  demoAccount?: { email: string; password: string };
  /**
   * The Demo menu on the brand band (public pages and the shell's top bar). Both are plain UI
   * (decisions 019, 020): the menu brings Joy's theme with it once it draws with Joy.
   */
  DemoMenu?: ComponentType;
  analytics?: AnalyticsPort;
  /** The dev kit's pushes (devkit.push), standing in for Firebase Cloud Messaging. */
  push?: PushChannel;
  /**
   * Starts the mock backend if it has not started yet and resolves once it answers. A page with
   * nothing to ask the backend (the sign-in form) renders without it; its first API or identity
   * call waits here (docs/decisions/017-mock-backend-on-demand.md).
   */
  backendReady?: () => Promise<void>;
}
