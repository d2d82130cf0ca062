import { Outlet, useMatch } from 'react-router-dom';
import { useServices } from '../../app/services';
import { useT } from '../../i18n';
import { Logo } from '../../ui/logo';

/**
 * The public area (sign-in, registration, recovery): the brand band and one card. Plain UI
 * (src/ui/plain.css), like the sign-in screen, so the first page loads no Joy; the other public
 * screens bring Joy's theme with them (routes.tsx), and so does the demo's menu.
 */
export default function PublicLayout() {
  const t = useT();
  const { dev } = useServices();
  const DemoMenu = dev.DemoMenu;
  // The sign-up form sets some fields side by side: its card is wider.
  const wide = useMatch('/auth/register') !== null;
  return (
    <div className="plain-public">
      <header className="plain-band">
        <Logo />
        <p className="plain-band-title">{t('app.name')}</p>
        {DemoMenu && <DemoMenu />}
      </header>
      <main className="plain-public-main">
        <div className="plain-card" data-wide={wide || undefined}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
