import IconButton from '@mui/joy/IconButton';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Language } from '../../api/session';
import type { Template } from '../../api/templates';
import { useLocale } from '../../i18n';
import { weekdayName } from '../../i18n/weekdays';
import { formatNumber } from '../../lib/format';
import { timeOfDay } from '../../lib/offer-dates';
import type { TemplatesFilter } from '../../machines/journal/events';
import { EditIcon } from '../../ui/icons';
import { ITEM_ROW_HEIGHT, ItemControls, ItemPhoto, ItemPrices, ItemRowCard, ItemText } from '../offers/item-row-parts';

/** Rows and their skeletons share this height, so the page does not jump when data arrives. */
export const TEMPLATE_ROW_HEIGHT = ITEM_ROW_HEIGHT;

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
  const { offer } = template;
  return (
    <ItemRowCard kind="template" id={template.id}>
      <ItemPhoto kind="template" url={template.media[0]?.url ?? offer.media[0]?.url} name={template.name} />
      <ItemText>
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
      </ItemText>
      <ItemPrices kind="template" prices={offer} />
      <ItemControls
        kind="template"
        name={template.name}
        active={template.status === 1}
        disabled={disabled}
        onSetStatus={(status) => onSetStatus(template, status)}
        onDelete={() => onAskDelete(template, index)}
      >
        <IconButton
          component={RouterLink}
          to={`/operations/templates/${tab}/${template.id}`}
          variant="plain"
          color="neutral"
          aria-label={t('templates.edit', { name: template.name })}
        >
          <EditIcon size="sm" />
        </IconButton>
      </ItemControls>
    </ItemRowCard>
  );
});
