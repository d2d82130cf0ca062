import Typography from '@mui/joy/Typography';
import { Page } from '../../app/page';
import { useT, type MessageKey } from '../../i18n';

/** A screen whose issue has not landed yet: its title and a plain sentence, nothing pretending. */
export function TitledPage({ titleKey, params }: { titleKey: MessageKey; params?: Record<string, string> }) {
  const t = useT();
  return (
    <Page titleKey={titleKey} params={params}>
      <Typography level="body-md" textColor="text.secondary">
        {t('page.comingSoon')}
      </Typography>
    </Page>
  );
}
