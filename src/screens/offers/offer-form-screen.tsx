import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { LeaveDialog, useLeaveGuard } from '../../app/leave-guard';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useServices } from '../../app/services';
import { useLocale, useT } from '../../i18n';
import { liveOfferFormMachine, type OfferFormMachine, selectStartedFrom, selectUnsaved } from '../../machines/offers';
import { selectDraftFormInitial, selectDraftFormLoadFailed, selectDraftFormLoading, selectDraftFormLookups } from '../../machines/shared/draft-form';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { httpSessionFor } from '../../machines/session';
import type { ActorRefFrom } from 'xstate';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';
import { OfferForm } from './offer-form';
import { useFlow } from '../../app/use-flow';

const LIST_PATH = '/operations/offers';

/** /operations/offers/create and /operations/offers/{tab}/{id}: one form, the session's store. */
export default function OfferFormScreen() {
  const { id } = useParams();
  const offerId = id === undefined ? null : Number(id);
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (offerId !== null && !(Number.isInteger(offerId) && offerId > 0)) return <Navigate to="/errors/error-404" replace />;
  return (
    <Page titleKey={offerId === null ? 'page.offerCreate' : 'page.offerEdit'}>
      {/* A new key per offer and store: a fresh machine, draft and form for each. */}
      {storeId !== null && <OfferFormFlow key={`${storeId}:${offerId ?? 'new'}`} storeId={storeId} offerId={offerId} />}
    </Page>
  );
}

function OfferFormFlow({ storeId, offerId }: { storeId: number; offerId: number | null }) {
  const t = useT();
  const { language } = useLocale();
  const services = useServices();
  const navigate = useNavigate();
  const getToken = useCallback(() => httpSessionFor(services.session).accessToken(), [services.session]);
  const actor = useFlow(
    liveOfferFormMachine,
    { input: { offerId, storeId } },
    {
      language,
      getToken,
      // The machine runs this action while it enters `saved`, before its snapshot says so; a
      // microtask later the form is saved and the leave guard lets the navigation through.
      goToList: () => queueMicrotask(() => void navigate(LIST_PATH)),
    },
  );
  const loading = useSelector(actor, selectDraftFormLoading);
  const loadFailed = useSelector(actor, selectDraftFormLoadFailed);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const unsaved = useSelector(actor, selectUnsaved);
  const guard = useLeaveGuard(unsaved, () => selectUnsaved(actor.getSnapshot()));

  return (
    <>
      {loading && <SkeletonStack count={4} height={56} label={t('offerForm.loading')} />}
      {loadFailed && <RetryAlert message={t('offerForm.loadFailed')} failure={loadFailure} retryLabel={t('offerForm.retryLoad')} onRetry={() => actor.send({ type: 'form.retryLoad' })} />}
      {!loading && !loadFailed && <EditingForm actor={actor} getToken={getToken} onCancel={() => void navigate(LIST_PATH)} />}
      <LeaveDialog guard={guard} bodyKey="offerForm.leaveBody" />
    </>
  );
}

function EditingForm({ actor, getToken, onCancel }: { actor: ActorRefFrom<OfferFormMachine>; getToken: () => Promise<string | undefined>; onCancel: () => void }) {
  const initial = useSelector(actor, selectDraftFormInitial);
  const lookups = useSelector(actor, selectDraftFormLookups);
  // A chosen template rebuilds the form (and its date machine) from the template's values.
  const startedFrom = useSelector(actor, selectStartedFrom);
  if (!lookups) return null;
  return <OfferForm key={startedFrom ?? 'own'} actor={actor} initial={initial} lookups={lookups} getToken={getToken} onCancel={onCancel} />;
}
