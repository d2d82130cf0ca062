import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { useProjection } from '../../app/hooks';
import { LeaveDialog, useLeaveGuard } from '../../app/leave-guard';
import { Page } from '../../app/page';
import { useServices } from '../../app/services';
import { useLocale } from '../../i18n';
import { liveTemplateFormMachine, selectTemplateUnsaved, type TemplateFormMachine } from '../../machines/templates';
import { selectDraftFormInitial, selectDraftFormLoadFailed, selectDraftFormLoading, selectDraftFormLookups } from '../../machines/shared/draft-form';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { httpSessionFor } from '../../machines/session';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';
import { TemplateForm } from './template-form';
import { useFlow } from '../../app/use-flow';

const LIST_PATH = '/operations/templates';

/** /operations/templates/create and /operations/templates/{tab}/{id}: one form, the session's store. */
export default function TemplateFormScreen() {
  const { id } = useParams();
  const templateId = id === undefined ? null : Number(id);
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (templateId !== null && !(Number.isInteger(templateId) && templateId > 0)) return <Navigate to="/errors/error-404" replace />;
  return (
    <Page titleKey={templateId === null ? 'page.templateCreate' : 'page.templateEdit'}>
      {/* A new key per template and store: a fresh machine, draft and form for each. */}
      {storeId !== null && <TemplateFormFlow key={`${storeId}:${templateId ?? 'new'}`} storeId={storeId} templateId={templateId} />}
    </Page>
  );
}

function TemplateFormFlow({ storeId, templateId }: { storeId: number; templateId: number | null }) {
  const { t, language } = useLocale();
  const services = useServices();
  const navigate = useNavigate();
  const getToken = useCallback(() => httpSessionFor(services.session).accessToken(), [services.session]);
  const actor = useFlow(
    liveTemplateFormMachine,
    { input: { templateId, storeId } },
    {
      language,
      // Runs while the machine enters `saved`; a microtask later the leave guard lets it through.
      goToList: () => queueMicrotask(() => void navigate(LIST_PATH)),
    },
  );
  const loading = useSelector(actor, selectDraftFormLoading);
  const loadFailed = useSelector(actor, selectDraftFormLoadFailed);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const unsaved = useSelector(actor, selectTemplateUnsaved);
  const guard = useLeaveGuard(unsaved, () => selectTemplateUnsaved(actor.getSnapshot()));

  return (
    <>
      {loading && <SkeletonStack count={4} height={56} label={t('templateForm.loading')} />}
      {loadFailed && <RetryAlert message={t('templateForm.loadFailed')} failure={loadFailure} retryLabel={t('offerForm.retryLoad')} onRetry={() => actor.send({ type: 'form.retryLoad' })} />}
      {!loading && !loadFailed && <EditingForm actor={actor} getToken={getToken} onCancel={() => void navigate(LIST_PATH)} />}
      <LeaveDialog guard={guard} bodyKey="templateForm.leaveBody" />
    </>
  );
}

function EditingForm({ actor, getToken, onCancel }: { actor: ActorRefFrom<TemplateFormMachine>; getToken: () => Promise<string | undefined>; onCancel: () => void }) {
  const initial = useSelector(actor, selectDraftFormInitial);
  const lookups = useSelector(actor, selectDraftFormLookups);
  if (!lookups) return null;
  return <TemplateForm actor={actor} initial={initial} lookups={lookups} getToken={getToken} onCancel={onCancel} />;
}
