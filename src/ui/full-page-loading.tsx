import { useT } from '../i18n';

/** The whole page while a screen's code or the session is on its way (plain UI: no Joy yet). */
export function FullPageLoading() {
  const t = useT();
  return (
    <div role="status" aria-busy="true" className="plain-loading">
      <div className="plain-spinner" aria-hidden />
      <p className="plain-small">{t('app.loading')}</p>
    </div>
  );
}
