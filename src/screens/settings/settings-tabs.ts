import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '../../i18n';

/**
 * The settings tabs (spec section 2: the side navigation's Settings entries), each a route
 * /settings/{tab} that survives a reload. A tab's panel is its own lazily loaded module.
 */
export const SETTINGS_TABS = ['general', 'media', 'devices', 'configuration', 'security', 'billing', 'terms'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const isSettingsTab = (tab: string | undefined): tab is SettingsTab => SETTINGS_TABS.includes(tab as SettingsTab);

/** The tab labels: the side navigation's names where it has one. */
export const SETTINGS_TAB_LABELS: Record<SettingsTab, MessageKey> = {
  general: 'nav.businessInfo',
  media: 'nav.media',
  devices: 'nav.devices',
  configuration: 'nav.configuration',
  security: 'nav.operators',
  billing: 'settings.tab.billing',
  terms: 'settings.tab.terms',
};

/** Each panel receives the current store's id. */
export type SettingsPanel = ComponentType<{ storeId: number }>;

export const SETTINGS_PANELS: Record<SettingsTab, LazyExoticComponent<SettingsPanel>> = {
  general: lazy(() => import('./general-tab')),
  media: lazy(() => import('./media-tab')),
  devices: lazy(() => import('./devices-tab')),
  configuration: lazy(() => import('./configuration-tab')),
  security: lazy(() => import('./security-tab')),
  billing: lazy(() => import('./billing-tab')),
  terms: lazy(() => import('./terms-tab')),
};
