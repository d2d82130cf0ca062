import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useT, type MessageKey, type TranslateParams } from '../i18n';
import { useServices } from './services';

/**
 * Every routed screen names its page: this sets the document title and reports the page view
 * (path and title) to the analytics port once per path. Returns the title, for the screen's heading.
 */
export function usePageTitle(titleKey: MessageKey, params?: TranslateParams, options: { reportedPath?: string } = {}): string {
  const t = useT();
  const { analytics } = useServices();
  const location = useLocation();
  // A path holding something private (a validation link's e-mail and token) is reported as its pattern.
  const pathname = options.reportedPath ?? location.pathname;
  const title = t(titleKey, params);
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  useEffect(() => {
    analytics.pageViewed({ path: pathname, title: document.title });
    // Reported once per path; a language switch on the same page is not a new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return title;
}
