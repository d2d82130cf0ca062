import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import type { MessageKey, TranslateParams } from '../i18n';
import { usePageTitle } from './page-title';

/** A routed screen's page: its title as the page's heading (and the document's, usePageTitle). */
export function Page({ titleKey, params, children }: { titleKey: MessageKey; params?: TranslateParams; children?: ReactNode }) {
  const title = usePageTitle(titleKey, params);
  return (
    <>
      <Typography level="h2" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </>
  );
}
