import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useProjection } from '../../app/hooks';
import { useT, type Translate } from '../../i18n';
import { now } from '../../lib/clock';
import { formatDateAndTime, relativeShort } from '../../lib/format';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { liveTermsMachine, selectTerms, selectTermsAcceptFailed, selectTermsAcceptForbidden, selectTermsAccepting, selectTermsConfirming, selectTermsLoadFailed, selectTermsLoading, type StoreTerms } from '../../machines/settings';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';
import type { SettingsPanel } from './settings-tabs';
import { useFlow } from '../../app/use-flow';

/** "3d ago", "just now". */
function agoText(t: Translate, at: number, current: number): string {
  const age = relativeShort(at, current);
  return age.unit === 'now' ? t('settings.terms.justNow') : t('settings.terms.ago', { time: t(`relative.${age.unit}`, { count: age.count }) });
}

/** The store's terms from the store projection, when the shell already loaded the profile. */
function useProjectedTerms(storeId: number): StoreTerms | null {
  return useProjection(
    'store',
    (view) =>
      view.profile && view.profile.id === storeId
        ? { text: view.profile.special_terms.text, acceptDate: view.profile.special_terms.accept_date }
        : null,
    (a, b) => a?.text === b?.text && a?.acceptDate === b?.acceptDate,
  );
}

/**
 * Settings → Terms: the special terms in a scrollable region, whether and when the store accepted
 * them, and "I accept the terms" (with a confirmation); once accepted, "Accept the updated terms".
 */
const TermsTab: SettingsPanel = ({ storeId }) => {
  const t = useT();
  const projected = useProjectedTerms(storeId);
    // The projection's terms are read once, at start: afterwards the machine holds the tab's copy.
  const actor = useFlow(liveTermsMachine, { input: { storeId, terms: projected } });
  const terms = useSelector(actor, selectTerms);
  const loading = useSelector(actor, selectTermsLoading);
  const loadFailed = useSelector(actor, selectTermsLoadFailed);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const confirming = useSelector(actor, selectTermsConfirming);
  const accepting = useSelector(actor, selectTermsAccepting);
  const acceptFailed = useSelector(actor, selectTermsAcceptFailed);
  const acceptForbidden = useSelector(actor, selectTermsAcceptForbidden);
  const headingId = useId();

  if (loadFailed) {
    return <RetryAlert message={t('settings.terms.loadFailed')} failure={loadFailure} retryLabel={t('shell.retry')} onRetry={() => actor.send({ type: 'terms.retry' })} />;
  }
  if (loading || !terms) return <SkeletonStack count={2} height={96} label={t('app.loading')} />;
  const accepted = terms.acceptDate !== null;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ gap: 2 }}>
      <Typography id={headingId} level="title-lg" component="h2">
        {t('settings.terms.heading')}
      </Typography>
      {/* A focusable region, so keyboard users can scroll long terms. */}
      <Box
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        data-testid="terms-text"
        sx={{
          maxHeight: 320,
          overflowY: 'auto',
          p: 2,
          borderRadius: 'sm',
          bgcolor: 'background.level1',
          whiteSpace: 'pre-wrap',
          lineHeight: 1.6,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'focusVisible' },
        }}
      >
        {terms.text.trim() === '' ? t('settings.terms.noText') : terms.text}
      </Box>

      <Box role="status" data-testid="terms-status">
        {terms.acceptDate === null ? (
          <Typography level="body-md" color="warning">
            {t('settings.terms.notAccepted')}
          </Typography>
        ) : (
          <Typography level="body-md" color="success">
            {t('settings.terms.acceptedOn', { date: formatDateAndTime(terms.acceptDate), ago: agoText(t, terms.acceptDate, now()) })}
          </Typography>
        )}
      </Box>

      {acceptFailed && (
        <Alert color="danger" variant="soft" role="alert" data-testid="terms-error">
          {t(acceptForbidden ? 'errors.forbidden' : 'settings.terms.acceptFailed')}
        </Alert>
      )}

      <Box>
        <Button
          variant={accepted ? 'outlined' : 'solid'}
          loading={accepting}
          loadingPosition="start"
          onClick={() => actor.send({ type: 'terms.accept' })}
        >
          {accepting ? t('settings.terms.accepting') : accepted ? t('settings.terms.acceptAgain') : t('settings.terms.accept')}
        </Button>
      </Box>

      <ConfirmAccept
        open={confirming}
        again={accepted}
        onCancel={() => actor.send({ type: 'terms.cancel' })}
        onConfirm={() => actor.send({ type: 'terms.confirm' })}
      />
    </Card>
  );
};

/**
 * "Accept the terms?" with Accept / Cancel; Cancel has the focus, so Enter never accepts by
 * accident. Accepting again says that the new date replaces the previous one.
 */
function ConfirmAccept({ open, again, onCancel, onConfirm }: { open: boolean; again: boolean; onCancel: () => void; onConfirm: () => void }) {
  const t = useT();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={open} onClose={onCancel}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} sx={{ width: 'min(440px, calc(100vw - 24px))' }}>
        <DialogTitle id={titleId} component="h2">
          {t('settings.terms.confirmTitle')}
        </DialogTitle>
        <DialogContent id={bodyId}>{t(again ? 'settings.terms.confirmAgainBody' : 'settings.terms.confirmBody')}</DialogContent>
        <DialogActions>
          <Button variant="solid" onClick={onConfirm}>
            {t('settings.terms.confirm')}
          </Button>
          <Button variant="plain" color="neutral" onClick={onCancel} autoFocus>
            {t('settings.terms.cancel')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}

export default TermsTab;
