import Button from '@mui/joy/Button';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../app/page-title';
import { useT } from '../../i18n';

const pages = {
  401: { title: 'errors.401.title', body: 'errors.401.body' },
  404: { title: 'errors.404.title', body: 'errors.404.body' },
  500: { title: 'errors.500.title', body: 'errors.500.body' },
} as const;

export function ErrorPage({ code }: { code: keyof typeof pages }) {
  const t = useT();
  const title = usePageTitle(pages[code].title);
  return (
    <Stack component="main" alignItems="center" justifyContent="center" sx={{ minHeight: '100dvh', p: 3 }}>
      <Sheet variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 'lg', maxWidth: 480, textAlign: 'center' }}>
        <Typography level="h1" component="p" sx={{ fontSize: '4rem', color: 'primary.500' }} aria-hidden>
          {code}
        </Typography>
        <Typography level="h2" component="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography level="body-md" sx={{ mb: 3 }}>
          {t(pages[code].body)}
        </Typography>
        <Button component={RouterLink} to="/overview">
          {t('errors.goHome')}
        </Button>
      </Sheet>
    </Stack>
  );
}
