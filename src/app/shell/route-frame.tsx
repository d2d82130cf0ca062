import { useLocation } from 'react-router-dom';
import { useT } from '../../i18n';
import { PlainProgress } from '../../ui/loading-backdrop';
import { Skeleton } from '../../ui/skeleton';
import { routeAt, routeTitleOf } from '../page-code';

/**
 * What the content area shows while a screen's code (and, for the first Joy screen, Joy itself)
 * is on its way — the first visit of a screen, or a reload whose code took longer than the first
 * render waits for it (main.tsx): the page's heading, from the route table (src/app/page-code.ts),
 * where the screen will draw it, and placeholder lines under it, rather than a bare spinner. Plain
 * UI, so it needs no Joy. A path the table does not know (the 404 page follows) gets the plain
 * progress indicator.
 */
export function RouteFrame() {
  const t = useT();
  const { pathname } = useLocation();
  const route = routeAt(pathname);
  if (!route) {
    return (
      <div role="status" className="shell-content-loading">
        <PlainProgress size="sm" label={t('app.loading')} />
      </div>
    );
  }
  const title = routeTitleOf(route, pathname);
  return (
    <>
      <h1 className="plain-page-title">{t(title.key, { id: title.id })}</h1>
      <div role="status" aria-label={t('app.loading')} className="route-frame">
        <Skeleton level="h3" width="40%" />
        <Skeleton height={96} />
        <Skeleton height={96} />
        <Skeleton height={96} />
      </div>
    </>
  );
}
