import type { ReactNode } from 'react';
import type { MessageKey, TranslateParams } from '../i18n';
import { usePageTitle } from './page-title';

/**
 * A routed screen's page: its title as the page's heading (and the document's, usePageTitle).
 * Plain UI (`.plain-page-title` in src/ui/plain.css, Joy's h2 level), so a screen without Joy
 * (the overview) needs none for its heading (docs/decisions/019-sign-in-without-joy.md).
 */
export function Page({ titleKey, params, children }: { titleKey: MessageKey; params?: TranslateParams; children?: ReactNode }) {
  const title = usePageTitle(titleKey, params);
  return (
    <>
      <h1 className="plain-page-title">{title}</h1>
      {children}
    </>
  );
}
