import AspectRatio from '@mui/joy/AspectRatio';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import IconButton from '@mui/joy/IconButton';
import Switch from '@mui/joy/Switch';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { useLocale } from '../../i18n';
import { formatMoney, formatPercent } from '../../lib/format';
import { DeleteIcon } from '../../ui/icons';

/**
 * What an offer's row and a template's row share (both are items the store sells, on sale or not):
 * the card, the photo, the text column, the prices with their discount, and the status with its
 * switch and the delete button. `kind` names the row's texts (`offers.*`, `templates.*`) and test
 * ids (`offer-row`, `data-offer-id`, `offer-status`, …).
 */

type ItemKind = 'offer' | 'template';
const TEXTS = { offer: 'offers', template: 'templates' } as const;

/** Rows and their skeletons share this height, so the page does not jump when data arrives. */
export const ITEM_ROW_HEIGHT = 120;

export function ItemRowCard({ kind, id, children }: { kind: ItemKind; id: number; children: ReactNode }) {
  return (
    <Card
      variant="outlined"
      orientation="horizontal"
      data-testid={`${kind}-row`}
      {...{ [`data-${kind}-id`]: id }}
      sx={{ minHeight: ITEM_ROW_HEIGHT, gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' } }}
    >
      {children}
    </Card>
  );
}

export function ItemPhoto({ kind, url, name }: { kind: ItemKind; url: string | undefined; name: string }) {
  const { t } = useLocale();
  return (
    <AspectRatio ratio="16/9" sx={{ width: { xs: 96, sm: 144 }, flexShrink: 0, borderRadius: 'sm' }}>
      {url ? (
        <img src={url} alt={t(`${TEXTS[kind]}.imageAlt`, { name })} loading="lazy" />
      ) : (
        <Typography level="body-xs" textColor="text.secondary">
          {t(`${TEXTS[kind]}.noImage`)}
        </Typography>
      )}
    </AspectRatio>
  );
}

/** The name and what the row says of the item. On a phone it takes the rest of the photo's line; prices and controls wrap below. */
export function ItemText({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 0.25, minWidth: { xs: 'calc(100% - 112px)', md: 0 }, flex: '1 1 0' }}>{children}</Box>;
}

/** The price, the ordinary price struck through, and the discount. */
export function ItemPrices({
  kind,
  prices,
  priceTestId,
}: {
  kind: ItemKind;
  prices: { unit_price: number; origin_price: number; discount: number };
  priceTestId?: string;
}) {
  const { t, language } = useLocale();
  const origin = formatMoney(prices.origin_price, language);
  return (
    <Box sx={{ display: 'grid', justifyItems: { xs: 'start', md: 'end' }, gap: 0.25, minWidth: { md: 112 } }}>
      <Typography level="title-md" data-testid={priceTestId}>
        {formatMoney(prices.unit_price, language)}
      </Typography>
      <Typography level="body-xs" textColor="text.secondary">
        <s aria-label={t(`${TEXTS[kind]}.originPrice`, { price: origin })}>{origin}</s>
      </Typography>
      <Chip size="sm" variant="soft" color="primary">
        {t(`${TEXTS[kind]}.discount`, { discount: formatPercent(prices.discount, language, 0) })}
      </Chip>
    </Box>
  );
}

/**
 * The status and its switch, then the row's own actions (`children`), then Delete; the switch and
 * Delete wait while another change is under way (`disabled`: the list takes one at a time).
 */
export function ItemControls({
  kind,
  name,
  active,
  disabled,
  onSetStatus,
  onDelete,
  children,
}: {
  kind: ItemKind;
  name: string;
  active: boolean;
  disabled: boolean;
  onSetStatus: (status: 0 | 1) => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useLocale();
  const texts = TEXTS[kind];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Chip size="sm" variant="soft" color={active ? 'success' : 'neutral'} data-testid={`${kind}-status`} sx={{ minWidth: 72, justifyContent: 'center' }}>
        {active ? t(`${texts}.statusActive`) : t(`${texts}.statusInactive`)}
      </Chip>
      <Switch checked={active} disabled={disabled} onChange={(event) => onSetStatus(event.target.checked ? 1 : 0)} slotProps={{ input: { 'aria-label': t(`${texts}.toggle`, { name }) } }} />
      {children}
      <IconButton variant="plain" color="danger" disabled={disabled} aria-label={t(`${texts}.delete`, { name })} onClick={onDelete}>
        <DeleteIcon size="sm" />
      </IconButton>
    </Box>
  );
}
