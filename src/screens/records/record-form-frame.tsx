import Alert from '@mui/joy/Alert';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { LeaveDialog, useLeaveGuard } from '../../app/leave-guard';
import { useT, type MessageKey } from '../../i18n';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { type RecordFormMachine, type RecordSaveError, selectFormInitial, selectFormLoadFailed, selectFormLoading, selectFormRestoredDraft, selectFormSaveError, selectFormUnsaved } from '../../machines/shared/record-form.machine';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';

export type RecordFormActor<TRecord, TValues> = ActorRefFrom<RecordFormMachine<TRecord, TValues>>;

/**
 * Around the truck and pickup location forms (src/machines/shared/record-form.machine.ts drives both):
 * skeletons while the form loads, the load failure with Retry, then the form (`children`, given
 * the values it opens with: what the record holds, or the draft a reload left behind, said so).
 * Leaving with changes not saved (a link, back, Cancel) asks first; leaving anyway discards them
 * (and their draft).
 */
export function RecordFormFrame<TRecord, TValues>({
  actor,
  labels,
  children,
}: {
  actor: RecordFormActor<TRecord, TValues>;
  labels: { loading: MessageKey; leaveBody: MessageKey };
  children: (initial: TValues) => ReactNode;
}) {
  const t = useT();
  const loading = useSelector(actor, selectFormLoading);
  const loadFailed = useSelector(actor, selectFormLoadFailed);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const initial = useSelector(actor, selectFormInitial);
  const unsaved = useSelector(actor, selectFormUnsaved);
  const restored = useSelector(actor, selectFormRestoredDraft);
  const guard = useLeaveGuard(unsaved, () => selectFormUnsaved(actor.getSnapshot()));
  // Leaving anyway puts the form back to what it opened with: the draft goes with the changes.
  const discard = () => {
    const opened = actor.getSnapshot().context.initial;
    if (opened !== null) actor.send({ type: 'form.changed', values: opened });
  };
  return (
    <>
      {loading && <SkeletonStack count={4} height={56} label={t(labels.loading)} />}
      {!loading && restored && (
        <Alert color="primary" variant="soft" role="status" sx={{ mb: 2, maxWidth: 760 }} data-testid="draft-restored">
          {t('offerForm.draftRestored')}
        </Alert>
      )}
      {loadFailed && (
        <RetryAlert message={t('records.loadFailed')} failure={loadFailure} retryLabel={t('records.retry')} onRetry={() => actor.send({ type: 'form.retryLoad' })} />
      )}
      {/* The form reads these once, as it mounts: the draft when one was restored. */}
      {!loading && !loadFailed && initial !== null && children(actor.getSnapshot().context.values ?? initial)}
      <LeaveDialog guard={guard} bodyKey={labels.leaveBody} onLeave={discard} />
    </>
  );
}

/**
 * The message above Save after a failed save: a conflict's (by the field the server named), the
 * server's refusal, or the form's general one.
 */
export function useSaveErrorText<TRecord, TValues>(
  actor: RecordFormActor<TRecord, TValues>,
  keys: { general: MessageKey; conflict: MessageKey; conflictOn?: Partial<Record<keyof TValues & string, MessageKey>> },
): { error: RecordSaveError<TValues> | null; text: string | null } {
  const t = useT();
  const error = useSelector(actor, selectFormSaveError);
  if (error === null) return { error, text: null };
  if (error.kind === 'conflict') return { error, text: t((error.field !== null ? keys.conflictOn?.[error.field] : undefined) ?? keys.conflict) };
  // A create whose answer was lost: not saved (checked), or not known (Retry checks first).
  if (error.kind === 'notSaved') return { error, text: t('common.notSavedAfterLostAnswer') };
  if (error.kind === 'unconfirmed') return { error, text: t('common.saveUnconfirmed') };
  return { error, text: error.kind === 'refused' ? t('records.refused', { reason: error.message }) : t(keys.general) };
}
