import AspectRatio from '@mui/joy/AspectRatio';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { StoreMediaKind } from '../../api/settings';
import { useProjection } from '../../app/hooks';
import { LeaveDialog, useLeaveGuard } from '../../app/leave-guard';
import { useServices } from '../../app/services';
import { useT, type MessageKey } from '../../i18n';
import { httpSessionFor } from '../../machines/session';
import { recordStoreMedia, storeMediaTarget } from '../../machines/settings';
import { UPLOAD_CROP_ASPECT, UPLOAD_MIN_HEIGHT_PX, UPLOAD_MIN_WIDTH_PX } from '../../machines/upload';
import { ImageUpload } from '../shared/image-upload';
import type { SettingsPanel } from './settings-tabs';

interface MediaCardSpec {
  kind: StoreMediaKind;
  title: MessageKey;
  hint: MessageKey;
  alt: MessageKey;
  /** Crop aspect and minimum size, in the image's pixels. */
  aspect: number;
  minWidth: number;
  minHeight: number;
  /** How wide the current image shows. */
  shownWidth: number;
}

/**
 * The cover keeps the spec's crop (16:9, at least 600×350). The avatar and the logo show as
 * squares (the side navigation's avatar is a circle), so they crop square, at least 350×350:
 * the spec's smaller side, so any image the cover accepts fits them too.
 */
const SQUARE_MIN_PX = UPLOAD_MIN_HEIGHT_PX;

const CARDS: readonly MediaCardSpec[] = [
  { kind: 'avatar', title: 'settings.media.avatar', hint: 'settings.media.avatarHint', alt: 'settings.media.avatarAlt', aspect: 1, minWidth: SQUARE_MIN_PX, minHeight: SQUARE_MIN_PX, shownWidth: 160 },
  { kind: 'logo', title: 'settings.media.logo', hint: 'settings.media.logoHint', alt: 'settings.media.logoAlt', aspect: 1, minWidth: SQUARE_MIN_PX, minHeight: SQUARE_MIN_PX, shownWidth: 160 },
  {
    kind: 'cover',
    title: 'settings.media.cover',
    hint: 'settings.media.coverHint',
    alt: 'settings.media.coverAlt',
    aspect: UPLOAD_CROP_ASPECT,
    minWidth: UPLOAD_MIN_WIDTH_PX,
    minHeight: UPLOAD_MIN_HEIGHT_PX,
    shownWidth: 320,
  },
];

/**
 * Settings → Media: the store's avatar, logo and cover, each with its current image and the
 * image upload widget. A successful upload answers the three images; they go to the journal
 * (store.mediaSaved), so this tab and the side navigation's avatar show the new one at once.
 * Leaving with a chosen image not uploaded yet asks first.
 */
const MediaTab: SettingsPanel = ({ storeId }) => {
  const t = useT();
  // The cards holding a chosen image not uploaded yet: leaving the tab would lose it, so it asks.
  const unsentCards = useRef(new Set<StoreMediaKind>());
  const [anyUnsent, setAnyUnsent] = useState(false);
  const onUnsentChange = useCallback((kind: StoreMediaKind, unsent: boolean) => {
    if (unsent) unsentCards.current.add(kind);
    else unsentCards.current.delete(kind);
    setAnyUnsent(unsentCards.current.size > 0);
  }, []);
  const guard = useLeaveGuard(anyUnsent, () => unsentCards.current.size > 0);
  return (
    <Stack gap={2}>
      <Typography level="body-md">{t('settings.media.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {CARDS.map((card) => (
          <MediaCard key={card.kind} spec={card} storeId={storeId} onUnsentChange={onUnsentChange} />
        ))}
      </Box>
      <LeaveDialog guard={guard} bodyKey="settings.media.leaveBody" />
    </Stack>
  );
};

function MediaCard({ spec, storeId, onUnsentChange }: { spec: MediaCardSpec; storeId: number; onUnsentChange: (kind: StoreMediaKind, unsent: boolean) => void }) {
  const t = useT();
  const { journal, notify, session } = useServices();
  const headingId = useId();
  // null while the shell's profile load has not answered (or answered for another store).
  const current = useProjection('store', (view) => (view.profile && view.profile.id === storeId ? view.profile[spec.kind] : null));
  const target = useMemo(() => storeMediaTarget(spec.kind, storeId), [spec.kind, storeId]);
  const getToken = useCallback(() => httpSessionFor(session).accessToken(), [session]);
  const onUploaded = useCallback((data: unknown) => void recordStoreMedia(journal, storeId, data), [journal, storeId]);
  const ratio = spec.aspect === 1 ? '1' : '16/9';
  const onCardUnsentChange = useCallback((unsent: boolean) => onUnsentChange(spec.kind, unsent), [onUnsentChange, spec.kind]);

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={`media-${spec.kind}`} sx={{ gap: 1.5 }}>
      <Typography id={headingId} level="title-lg" component="h2">
        {t(spec.title)}
      </Typography>
      <Typography level="body-sm">{t(spec.hint)}</Typography>
      {/* A square avatar or logo is shown whole (an older, wide logo is not cut); the cover fills its 16:9 box. */}
      <AspectRatio ratio={ratio} objectFit={spec.aspect === 1 ? 'contain' : 'cover'} sx={{ width: spec.shownWidth, maxWidth: '100%', borderRadius: 'sm' }}>
        {current === null ? (
          <Skeleton variant="overlay" animation={false} />
        ) : current === '' ? (
          <Typography level="body-sm" sx={{ bgcolor: 'background.level1' }}>
            {t('settings.media.none')}
          </Typography>
        ) : (
          <img src={current} alt={t(spec.alt)} data-testid={`media-${spec.kind}-current`} />
        )}
      </AspectRatio>
      <ImageUpload
        url={target.url}
        fields={target.fields}
        imageField={target.imageField}
        aspect={spec.aspect}
        minWidth={spec.minWidth}
        minHeight={spec.minHeight}
        preview
        onUploaded={onUploaded}
        getToken={getToken}
        notify={notify}
        onUnsentChange={onCardUnsentChange}
      />
    </Card>
  );
}

export default MediaTab;
