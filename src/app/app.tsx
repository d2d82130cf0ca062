import { useSelector } from '@xstate/react';
import { Component, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { browserLanguage, LocaleProvider, useT } from '../i18n';
import { giveCookieConsent } from '../machines/journal/preferences';
import { selectCurrentMessage } from '../machines/snackbar';
import { CookieConsentBanner } from '../ui/cookie-consent-banner';
import { SnackbarView } from '../ui/snackbar-view';
import { useProjection } from './hooks';
import { JoyTheme } from './joy-theme';
import { AppRoutes, ErrorScreen } from './routes';
import { ServicesProvider, useServices, type Services } from './services';
import { StoreAccentVariables } from './store-accent';

function SnackbarHost() {
  const t = useT();
  const { snackbar } = useServices();
  const message = useSelector(snackbar, selectCurrentMessage);
  return (
    <SnackbarView
      message={message ? t(message.key, message.params) : undefined}
      severity={message?.severity ?? 'error'}
      closeLabel={t('snackbar.close')}
      onClose={() => snackbar.send({ type: 'snackbar.close' })}
    />
  );
}

function CookieConsent() {
  const t = useT();
  const { journal } = useServices();
  const agreed = useProjection('preferences', (view) => view.cookieConsent);
  if (agreed) return null;
  return <CookieConsentBanner label={t('consent.label')} text={t('consent.text')} agreeLabel={t('consent.agree')} onAgree={() => giveCookieConsent(journal)} />;
}

function Localised({ children }: { children: ReactNode }) {
  const chosen = useProjection('preferences', (view) => view.language);
  return <LocaleProvider language={chosen ?? browserLanguage()}>{children}</LocaleProvider>;
}

/** Anything a screen throws ends on the 500 page instead of a blank screen. */
class CrashBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected error in the console UI', error, info.componentStack);
  }
  render() {
    return this.state.crashed ? (
      <JoyTheme>
        <ErrorScreen code={500} />
      </JoyTheme>
    ) : (
      this.props.children
    );
  }
}

/** Everything under the router: the routes, the app-wide snackbar and consent banner, and the store's accent. */
function Routed() {
  return (
    <>
      <StoreAccentVariables />
      <CrashBoundary>
        <AppRoutes />
      </CrashBoundary>
      <SnackbarHost />
      <CookieConsent />
    </>
  );
}

/**
 * A data router (not <BrowserRouter>) so screens can hold navigation with useBlocker (forms with
 * unsaved changes). One splat route hands over to the declarative route table in routes.tsx.
 * Created per App, after the page's URL is known (tests set it before rendering).
 */
function Router() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <Routed /> }]));
  return <RouterProvider router={router} />;
}

/**
 * The console. No Joy UI at this level: the sign-in page and the app-wide pieces (loading screen,
 * snackbar, cookie bar) are plain UI (src/ui/plain.css), and every Joy page brings Joy's theme
 * with it (<JoyTheme>, docs/decisions/019-sign-in-without-joy.md).
 */
export function App({ services }: { services: Services }) {
  return (
    <ServicesProvider services={services}>
      {/* Empty while a Spanish first page waits for its catalogue (milliseconds), or the 500 page for its code. */}
      <Suspense fallback={null}>
        <Localised>
          <Router />
        </Localised>
      </Suspense>
    </ServicesProvider>
  );
}
