import { ErrorPage } from './error-page';

/** Default export for the lazily loaded error routes. */
export default function ErrorScreen({ code }: { code: 401 | 404 | 500 }) {
  return <ErrorPage code={code} />;
}
