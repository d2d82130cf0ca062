import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import LinearProgress from '@mui/joy/LinearProgress';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useId, type ReactNode } from 'react';
import type { ManagementInfo } from '../../api/management';
import { useLocale, type MessageKey } from '../../i18n';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import type { LoadFailure } from '../../machines/shared/load-failure';
import type { PartStatus } from '../../machines/management';
import { PartFailure } from './part-failure';

/** Reserved for each card whatever it shows, so nothing moves when the figures arrive. */
const FIGURE_HEIGHT = 124;

function Figure({ label, value, headingId, children }: { label: MessageKey; value: string | null; headingId?: string; children?: ReactNode }) {
  const { t } = useLocale();
  return (
    <Card variant="outlined" sx={{ minHeight: FIGURE_HEIGHT, justifyContent: 'space-between', gap: 1 }}>
      <Typography level="title-sm" textColor="text.secondary" component="h2" id={headingId}>
        {t(label)}
      </Typography>
      {value === null ? (
        <Skeleton variant="text" level="h2" width="60%" />
      ) : (
        <Typography level="h2" component="p" data-testid={`figure-${label}`}>
          {value}
        </Typography>
      )}
      {children}
    </Card>
  );
}

/**
 * The headline figures (GET /stores/management_info): annual income, new customers this month,
 * sales ratio with its bar, items rescued. Skeletons while loading; the part's message and Retry
 * in their place when the call failed.
 */
export function InfoFigures({
  status,
  failure,
  info,
  onRetry,
}: {
  status: PartStatus;
  failure: LoadFailure | null;
  info: ManagementInfo | null;
  onRetry: () => void;
}) {
  const { t, language } = useLocale();
  const ratioHeadingId = useId();
  const shown = status === 'loaded' ? info : null;
  return (
    <Box
      aria-busy={status === 'loading'}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, mb: 2 }}
    >
      {status === 'failed' ? (
        <PartFailure message={t('management.errorInfo')} failure={failure} onRetry={onRetry} />
      ) : (
        <>
          <Figure label="management.annualIncome" value={shown && formatMoney(shown.annual_income, language)} />
          <Figure label="management.newCustomers" value={shown && formatNumber(shown.new_customers, language)} />
          <Figure
            label="management.salesRatio"
            headingId={ratioHeadingId}
            value={shown && formatPercent(shown.sales_ratio, language)}
          >
            {shown ? (
              <LinearProgress
                determinate
                value={shown.sales_ratio}
                aria-labelledby={ratioHeadingId}
                aria-valuetext={formatPercent(shown.sales_ratio, language)}
                thickness={8}
              />
            ) : (
              <Skeleton variant="rectangular" height={8} sx={{ borderRadius: 'lg' }} />
            )}
          </Figure>
          <Figure label="management.itemsRescued" value={shown && formatNumber(shown.items_rescued, language)} />
        </>
      )}
    </Box>
  );
}
