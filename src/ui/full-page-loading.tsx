import CircularProgress from '@mui/joy/CircularProgress';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useT } from '../i18n';

export function FullPageLoading() {
  const t = useT();
  return (
    <Stack role="status" alignItems="center" justifyContent="center" gap={2} sx={{ minHeight: '100dvh' }}>
      <CircularProgress aria-hidden />
      <Typography level="body-sm">{t('app.loading')}</Typography>
    </Stack>
  );
}
