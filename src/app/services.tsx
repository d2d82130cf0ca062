import { createActor, type ActorRefFrom } from 'xstate';
import { createContext, useContext, type ReactNode } from 'react';
import { configureHttp } from '../api/http';
import { configureIdentity } from '../api/identity';
import { configureMapServices } from '../api/map-services';
import { firebasePushChannel, noPushChannel, type PushChannel } from '../api/push';
import type { Config } from '../lib/config';
import { journal as appJournal, type Journal } from '../machines/journal/journal';
import { httpSessionFor, startSession, type SessionActor } from '../machines/session';
import { snackbarMachine, type SnackbarRequest } from '../machines/snackbar';
import { beaconAnalytics, type AnalyticsPort } from './analytics';
import type { DevExtension } from './dev-extension';

/**
 * The app's long-lived actors and ports, created once at boot. Screens reach them through
 * useServices(); tests build their own with createServices().
 */
export interface Services {
  config: Config;
  journal: Journal;
  session: SessionActor;
  snackbar: ActorRefFrom<typeof snackbarMachine>;
  notify: (message: SnackbarRequest) => void;
  analytics: AnalyticsPort;
  /** Push notifications: the dev kit's in mock mode, Firebase Cloud Messaging in live mode when configured. */
  push: PushChannel;
  dev: DevExtension;
}

/**
 * `journal`: the app's own by default; tests pass a fresh one (createJournal()) per render.
 * `consoleReady`: a remembered operator's console code, fetched at boot (the session's resume waits for it).
 */
export function createServices(config: Config, dev: DevExtension = {}, journal: Journal = appJournal, consoleReady?: Promise<unknown>): Services {
  const snackbar = createActor(snackbarMachine).start();
  const notify = (message: SnackbarRequest) => snackbar.send({ type: 'snackbar.show', message });
  // In mock mode a page may render before the mock backend has started: the first call starts it.
  configureIdentity(config.firebase, dev.backendReady);
  // Directions and geocoding are third parties: their calls go to these bases without the token.
  configureMapServices(config.maps);
  // The session's http side is plugged in after the session exists; calls made before that
  // (none: the session restores from storage first) would go without a token.
  configureHttp({ baseURL: config.apiBaseUrl, backendReady: dev.backendReady });
  const session = startSession({ journal, notify, consoleReady });
  configureHttp({ baseURL: config.apiBaseUrl, session: httpSessionFor(session), backendReady: dev.backendReady });
  return {
    config,
    journal,
    session,
    snackbar,
    notify,
    analytics: dev.analytics ?? beaconAnalytics(undefined),
    push: dev.push ?? (config.backend === 'live' && config.push ? firebasePushChannel({ ...config.firebase, ...config.push }) : noPushChannel),
    dev,
  };
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside ServicesProvider');
  return services;
}
