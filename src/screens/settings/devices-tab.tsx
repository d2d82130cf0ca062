import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { z } from 'zod';
import { LeaveDialog, useLeaveGuard } from '../../app/leave-guard';
import { useFormDraft } from '../../app/use-form-draft';
import { useT, type Translate } from '../../i18n';
import { formDraftKey } from '../../lib/form-draft';
import { formatDate, NOT_GIVEN } from '../../lib/format';
import { allowanceProblem, type AllowanceProblem, type DevicesMachine, liveDevicesMachine, MAX_DEVICES_ALLOWED, selectConfirmingRenew, selectConfirmingUnregister, selectCopying, selectDeviceCount, selectDevices, selectDevicesAllowed, selectDevicesLoadFailed, selectDevicesLoading, selectKeyRevealed, selectQrKey, selectRenewing, selectSavingAllowance, selectShownKey, selectUnregisteringId, selectWorkIdle } from '../../machines/settings';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';
import { QrCodeImage } from '../../ui/qr-code-image';
import { visuallyHidden } from '../../ui/visually-hidden';
import type { SettingsPanel } from './settings-tabs';
import { useFlow } from '../../app/use-flow';

type DevicesActor = ActorRefFrom<DevicesMachine>;

/** The browser's clipboard; a page without one (an insecure origin) fails the copy, which says so. */
async function copyToClipboard(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

/**
 * Settings → Devices: the store's API key (masked until revealed, Copy, its QR code for devices
 * to scan, Renew after a confirmation), how many devices may register, and the registered
 * devices with Unregister (after a confirmation). The key stays inside the tab's machine.
 */
const DevicesTab: SettingsPanel = ({ storeId }) => {
  const t = useT();
  const actor = useFlow(liveDevicesMachine, { input: { storeId } }, { copyText: copyToClipboard });
  const loading = useSelector(actor, selectDevicesLoading);
  const loadFailed = useSelector(actor, selectDevicesLoadFailed);
  const loadFailure = useSelector(actor, selectLoadFailure);

  if (loadFailed) {
    return <RetryAlert message={t('settings.devices.loadFailed')} failure={loadFailure} retryLabel={t('settings.devices.retry')} onRetry={() => actor.send({ type: 'devices.retry' })} />;
  }
  if (loading) return <SkeletonStack count={3} height={120} label={t('settings.devices.loading')} />;
  return (
    <Stack gap={2} data-testid="devices-tab">
      <ApiKeyCard actor={actor} />
      <AllowanceCard actor={actor} />
      <DevicesCard actor={actor} />
    </Stack>
  );
};

function Section({ title, hint, children, testId }: { title: string; hint?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={testId} sx={{ gap: 1.5 }}>
      <Typography id={headingId} level="title-lg" component="h2">
        {title}
      </Typography>
      {hint && <Typography level="body-sm">{hint}</Typography>}
      {children}
    </Card>
  );
}

function ApiKeyCard({ actor }: { actor: DevicesActor }) {
  const t = useT();
  const shown = useSelector(actor, selectShownKey);
  const revealed = useSelector(actor, selectKeyRevealed);
  const qrKey = useSelector(actor, selectQrKey);
  const idle = useSelector(actor, selectWorkIdle);
  const renewing = useSelector(actor, selectRenewing);
  const confirming = useSelector(actor, selectConfirmingRenew);
  const copying = useSelector(actor, selectCopying);
  const keyId = useId();
  if (shown === null) return null;

  return (
    <Section title={t('settings.devices.apiKeyTitle')} hint={t('settings.devices.apiKeyHint')} testId="api-key-card">
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Stack gap={1.5} sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Box id={keyId} sx={{ p: 1.5, borderRadius: 'sm', bgcolor: 'background.level1', fontFamily: 'code', fontSize: 'md', overflowWrap: 'anywhere' }}>
            {revealed ? (
              <span data-testid="api-key">{shown}</span>
            ) : (
              <>
                <span aria-hidden="true" data-testid="api-key">
                  {shown}
                </span>
                <Box component="span" sx={visuallyHidden}>
                  {t('settings.devices.maskedLabel', { last: shown.slice(-4) })}
                </Box>
              </>
            )}
          </Box>
          <Stack direction="row" gap={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" color="neutral" aria-controls={keyId} onClick={() => actor.send({ type: revealed ? 'apiKey.hide' : 'apiKey.reveal' })}>
              {revealed ? t('settings.devices.hide') : t('settings.devices.reveal')}
            </Button>
            <Button variant="outlined" color="neutral" loading={copying} onClick={() => actor.send({ type: 'apiKey.copy' })}>
              {t('settings.devices.copy')}
            </Button>
            <Button variant="solid" color="danger" loading={renewing} loadingPosition="start" disabled={!idle && !renewing} onClick={() => actor.send({ type: 'apiKey.renew' })}>
              {renewing ? t('settings.devices.renewing') : t('settings.devices.renew')}
            </Button>
          </Stack>
        </Stack>
        <Box sx={{ width: 208, maxWidth: '100%' }}>
          {qrKey !== null ? (
            <QrCodeImage value={qrKey} label={t('settings.devices.qrLabel')} testId="api-key-qr" />
          ) : (
            <Box
              sx={{ width: 208, height: 208, maxWidth: '100%', display: 'grid', placeItems: 'center', p: 2, textAlign: 'center', borderRadius: 'sm', border: '1px dashed', borderColor: 'neutral.outlinedBorder' }}
            >
              <Typography level="body-sm">{t('settings.devices.qrHidden')}</Typography>
            </Box>
          )}
        </Box>
      </Box>
      <ConfirmDeleteDialog
        texts={
          confirming
            ? {
                title: t('settings.devices.confirmRenewTitle'),
                body: t('settings.devices.confirmRenewBody'),
                cancel: t('settings.devices.cancel'),
                confirm: t('settings.devices.confirmRenew'),
              }
            : null
        }
        onCancel={() => actor.send({ type: 'apiKey.cancelRenew' })}
        onConfirm={() => actor.send({ type: 'apiKey.confirmRenew' })}
      />
    </Section>
  );
}

function problemText(t: Translate, problem: AllowanceProblem): string {
  switch (problem.kind) {
    case 'notWhole':
      return t('settings.devices.notWhole');
    case 'tooMany':
      return t('settings.devices.tooMany', { max: problem.max });
    case 'belowRegistered':
      return t('settings.devices.belowRegistered', { registered: problem.registered });
  }
}

/** The allowance field's rule: a whole number from the devices already registered up to the maximum. */
function allowanceSchema(registered: () => number) {
  return z.object({
    devicesAllowed: z.string().refine((text) => allowanceProblem(allowanceOf(text), registered()) === null),
  });
}

type AllowanceValues = z.infer<ReturnType<typeof allowanceSchema>>;

const allowanceOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What an allowance draft keeps: the text as typed. */
const AllowanceDraftSchema = z.object({ devicesAllowed: z.string() });
const keepAllowance = ({ devicesAllowed }: AllowanceValues) => ({ devicesAllowed });

/**
 * How many devices may register: react-hook-form with the allowance rule, the operator's text kept
 * through a failed save, and the unsaved-changes prompt while it differs from the figure on record.
 */
function AllowanceCard({ actor }: { actor: DevicesActor }) {
  const t = useT();
  const allowed = useSelector(actor, selectDevicesAllowed);
  const registered = useSelector(actor, selectDeviceCount);
  const saving = useSelector(actor, selectSavingAllowance);
  const idle = useSelector(actor, selectWorkIdle);
  const [resolver] = useState(() => zodResolver(allowanceSchema(() => selectDevices(actor.getSnapshot()).length)));
  // What was typed before a reload comes back (said so) until it is saved or typed back.
  const [draftKey] = useState(() => formDraftKey('devices-allowance', actor.getSnapshot().context.storeId));
  const { restored, follow: followDraft } = useFormDraft(draftKey, AllowanceDraftSchema, keepAllowance);
  const { register, handleSubmit, reset, getValues, formState, control, subscribe } = useForm<AllowanceValues>({
    defaultValues: restored ?? { devicesAllowed: String(allowed) },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const typed = useWatch({ control, name: 'devicesAllowed' });
  const differsFromRecord = (text: string) => allowanceOf(text) !== selectDevicesAllowed(actor.getSnapshot());
  const guard = useLeaveGuard(differsFromRecord(typed), () => differsFromRecord(getValues('devicesAllowed')));
  useEffect(
    () => followDraft(subscribe, (kept) => allowanceOf(kept.devicesAllowed) === selectDevicesAllowed(actor.getSnapshot())),
    [followDraft, subscribe, actor],
  );

  // A save that went through moves the figure on record: the field shows it, no longer "unsaved".
  const shown = useRef(allowed);
  useEffect(() => {
    if (shown.current === allowed) return;
    shown.current = allowed;
    reset({ devicesAllowed: String(allowed) });
  }, [allowed, reset]);

  const submit = handleSubmit(({ devicesAllowed }) => actor.send({ type: 'devices.saveAllowance', devicesAllowed: allowanceOf(devicesAllowed) }));
  const problem = formState.errors.devicesAllowed ? allowanceProblem(allowanceOf(typed), registered) : null;

  return (
    <Section title={t('settings.devices.allowanceTitle')} testId="allowance-card">
      {restored !== null && differsFromRecord(typed) && (
        <Typography level="body-sm" role="status" data-testid="draft-restored" sx={{ mb: 1 }}>
          {t('offerForm.draftRestored')}
        </Typography>
      )}
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormControl error={problem !== null} sx={{ flex: '0 1 320px' }}>
          <FormLabel>{t('settings.devices.allowance')}</FormLabel>
          <Input
            type="number"
            {...register('devicesAllowed')}
            slotProps={{ input: { min: registered, max: MAX_DEVICES_ALLOWED, step: 1, inputMode: 'numeric' } }}
          />
          <FormHelperText>{problem !== null ? problemText(t, problem) : t('settings.devices.allowanceHint', { count: registered })}</FormHelperText>
        </FormControl>
        <Button type="submit" loading={saving} loadingPosition="start" disabled={!idle && !saving} sx={{ mt: { sm: 3 } }}>
          {saving ? t('settings.devices.saving') : t('settings.devices.save')}
        </Button>
      </Box>
      <LeaveDialog guard={guard} bodyKey="settings.devices.leaveBody" onLeave={() => reset({ devicesAllowed: String(selectDevicesAllowed(actor.getSnapshot())) })} />
    </Section>
  );
}

function DevicesCard({ actor }: { actor: DevicesActor }) {
  const t = useT();
  const devices = useSelector(actor, selectDevices);
  const idle = useSelector(actor, selectWorkIdle);
  const confirming = useSelector(actor, selectConfirmingUnregister);
  const unregistering = useSelector(actor, selectUnregisteringId);

  return (
    <Section title={t('settings.devices.registered')} testId="devices-card">
      {devices.length === 0 ? (
        <Typography level="body-md">{t('settings.devices.none')}</Typography>
      ) : (
        <Box role="region" aria-label={t('settings.devices.registered')} tabIndex={0} sx={{ overflowX: 'auto' }}>
          {/* Narrow screens fold the model under the name, so Unregister stays in view. */}
          <Table size="md" sx={{ '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom' }, '& .device-model': { display: { xs: 'none', sm: 'table-cell' } } }}>
            <thead>
              <tr>
                <th>{t('settings.devices.colName')}</th>
                <th className="device-model">{t('settings.devices.colModel')}</th>
                <th>{t('settings.devices.colRegistered')}</th>
                <th style={{ width: 130 }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('settings.devices.colActions')}
                  </Box>
                </th>
              </tr>
            </thead>
            <tbody>
              {devices.map(({ id, name, model, registered_at }, index) => (
                // The spec names no device field: what the platform leaves out reads "—", and a
                // device without an id cannot be unregistered from here (no button).
                <tr key={id ?? `at-${index}`} data-testid={`device-${id ?? `at-${index}`}`}>
                  <td>
                    <span>{name || NOT_GIVEN}</span>
                    <Typography level="body-xs" sx={{ display: { sm: 'none' } }}>
                      {model}
                    </Typography>
                  </td>
                  <td className="device-model">{model || NOT_GIVEN}</td>
                  <td>{registered_at === undefined ? NOT_GIVEN : formatDate(registered_at)}</td>
                  <td>
                    {id !== undefined && (
                      <Button
                        size="sm"
                        variant="outlined"
                        color="danger"
                        aria-label={t('settings.devices.unregisterLabel', { name: name || `#${id}` })}
                        loading={unregistering === id}
                        disabled={!idle && unregistering !== id}
                        onClick={() => actor.send({ type: 'device.unregister', id })}
                      >
                        {t('settings.devices.unregister')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Box>
      )}
      <ConfirmDeleteDialog
        texts={
          confirming
            ? {
                title: t('settings.devices.confirmUnregisterTitle', { name: confirming.name }),
                body: t('settings.devices.confirmUnregisterBody'),
                cancel: t('settings.devices.cancel'),
                confirm: t('settings.devices.unregister'),
              }
            : null
        }
        onCancel={() => actor.send({ type: 'device.cancelUnregister' })}
        onConfirm={() => actor.send({ type: 'device.confirmUnregister' })}
      />
    </Section>
  );
}

export default DevicesTab;
