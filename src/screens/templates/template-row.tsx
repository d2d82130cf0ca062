import AspectRatio from '@mui/joy/AspectRatio';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import IconButton from '@mui/joy/IconButton';
import Link from '@mui/joy/Link';
import Switch from '@mui/joy/Switch';
import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Language } from '../../api/session';
import type { Template } from '../../api/templates';
import { useLocale } from '../../i18n';
import { weekdayName } from '../../i18n/weekdays';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { timeOfDay } from '../../lib/offer-dates';
import type { TemplatesFilter } from '../../machines/journal/events';
import { DeleteIcon, EditIcon } from '../../ui/icons';

/** Rows and their skeletons share this height, so the page does not jump when data arrives. */
export const TEMPLATE_ROW_HEIGHT = 120;

/** "Monday, Wednesday, Friday" in the operator's language (weekdays 1–7, monday first). */
function repeatText(days: readonly number[], language: Language, t: ReturnType<typeof useLocale>['t']): string {
  if (days.length === 0) return t('templates.noRepeat');
  if (days.length === 7) return t('templates.everyDay');
  return t('templates.repeats', { days: [...days].sort((a, b) => a - b).map((d) => weekdayName(d, language)).join(', ') });
}

/**
 * One template: photo, name linking to its edit page, weekdays, times of day, daily quantity,
 * prices, status and its actions. Memoised: a row re-renders only when its template changes.
 */
export const TemplateRow = memo(function TemplateRow({
  template,
  index,
  tab,
  disabled,
  onSetStatus,
  onAskDelete,
}: {
  template: Template;
  index: number;
  /** The tab the row is shown under: the edit page's URL keeps it (/operations/templates/{tab}/{id}). */
  tab: TemplatesFilter;
  disabled: boolean;
  onSetStatus: (template: Template, status: 0 | 1) => void;
  onAskDelete: (template: Template, index: number) => void;
}) {
  const { t, language } = useLocale();
  const active = template.status === 1;
  const image = template.media[0]?.url ?? template.offer.media[0]?.url;
  const { offer } = template;
  return (
    <Card
      variant="outlined"
      orientation="horizontal"
      data-testid="template-row"
      data-template-id={template.id}
      sx={{ minHeight: TEMPLATE_ROW_HEIGHT, gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' } }}
    >
      <AspectRatio ratio="16/9" sx={{ width: { xs: 96, sm: 144 }, flexShrink: 0, borderRadius: 'sm' }}>
        {image ? (
          <img src={image} alt={t('templates.imageAlt', { name: template.name })} loading="lazy" />
        ) : (
          <Typography level="body-xs" textColor="text.secondary">
            {t('templates.noImage')}
          </Typography>
        )}
      </AspectRatio>
      <Box sx={{ display: 'grid', gap: 0.25, minWidth: { xs: 'calc(100% - 112px)', md: 0 }, flex: '1 1 0' }}>
        <Typography level="title-md" component="h2" noWrap>
          <Link component={RouterLink} to={`/operations/templates/${tab}/${template.id}`} overlay={false} data-testid="template-name">
            {template.name}
          </Link>
        </Typography>
        <Typography level="body-sm" data-testid="template-repeats">
          {repeatText(template.repeat_on_days, language, t)}
          {template.template_quantity > 0 && ` · ${t('templates.quantity', { quantity: formatNumber(template.template_quantity, language) })}`}
        </Typography>
        <Typography level="body-xs" textColor="text.secondary">
          {t('templates.times', {
            orderFrom: timeOfDay(offer.order_date_from),
            orderTo: timeOfDay(offer.order_date_to),
            pickupFrom: timeOfDay(offer.pickup_date_from),
            pickupTo: timeOfDay(offer.pickup_date_to),
          })}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', justifyItems: { xs: 'start', md: 'end' }, gap: 0.25, minWidth: { md: 112 } }}>
        <Typography level="title-md">{formatMoney(offer.unit_price, language)}</Typography>
        <Typography level="body-xs" textColor="text.secondary">
          <s aria-label={t('templates.originPrice', { price: formatMoney(offer.origin_price, language) })}>{formatMoney(offer.origin_price, language)}</s>
        </Typography>
        <Chip size="sm" variant="soft" color="primary">
          {t('templates.discount', { discount: formatPercent(offer.discount, language, 0) })}
        </Chip>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Chip size="sm" variant="soft" color={active ? 'success' : 'neutral'} data-testid="template-status" sx={{ minWidth: 72, justifyContent: 'center' }}>
          {active ? t('templates.statusActive') : t('templates.statusInactive')}
        </Chip>
        <Switch
          checked={active}
          disabled={disabled}
          onChange={(event) => onSetStatus(template, event.target.checked ? 1 : 0)}
          slotProps={{ input: { 'aria-label': t('templates.toggle', { name: template.name }) } }}
        />
        <IconButton
          component={RouterLink}
          to={`/operations/templates/${tab}/${template.id}`}
          variant="plain"
          color="neutral"
          aria-label={t('templates.edit', { name: template.name })}
        >
          <EditIcon size="sm" />
        </IconButton>
        <IconButton variant="plain" color="danger" disabled={disabled} aria-label={t('templates.delete', { name: template.name })} onClick={() => onAskDelete(template, index)}>
          <DeleteIcon size="sm" />
        </IconButton>
      </Box>
    </Card>
  );
});
