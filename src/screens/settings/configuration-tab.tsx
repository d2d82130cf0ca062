import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Switch from '@mui/joy/Switch';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { SMS_TEXT_MAX, StoreConfigInputSchema } from '../../api/settings';
import type { JournalStoreProfile } from '../../api/stores';
import { useT } from '../../i18n';
import { accentPalette, isHexColor } from '../../lib/accent-palette';
import { liveConfigurationFormMachine, type ConfigurationValues } from '../../machines/settings';
import { FormSection } from '../../ui/form-fields';
import { visuallyHidden } from '../../ui/visually-hidden';
import { SettingsForm, SettingsFormFrame, useSettingsForm, type SettingsFormActor } from './settings-form-parts';
import type { SettingsPanel } from './settings-tabs';
import { useFlow } from '../../app/use-flow';

/** The schema's own message for a text over the limit (src/api/settings.ts); the form shows it translated. */
const SMS_TOO_LONG = (() => {
  const result = StoreConfigInputSchema.shape.sms_text.safeParse('x'.repeat(SMS_TEXT_MAX + 1));
  return result.success ? '' : (result.error.issues[0]?.message ?? '');
})();

/**
 * Settings → Configuration: SMS to customers (on/off and the text, one SMS of at most 160
 * characters with a live count) and the store's colour (a colour picker and its hex code, with a
 * preview of the accent it gives). Saved with the settings form machine; the console's accent
 * follows the saved colour at once (store.profileSaved → the store projection → the theme).
 */
const ConfigurationTab: SettingsPanel = ({ storeId }) => {
  const actor = useFlow(liveConfigurationFormMachine, { input: { storeId } });
  return (
    <SettingsFormFrame
      actor={actor}
      labels={{ loading: 'settings.configuration.loading', loadFailed: 'settings.configuration.loadFailed', leaveBody: 'settings.configuration.leaveBody' }}
    >
      {(_, saved) => <ConfigurationForm actor={actor} saved={saved} />}
    </SettingsFormFrame>
  );
};

function ConfigurationForm({ actor, saved }: { actor: SettingsFormActor<JournalStoreProfile, ConfigurationValues>; saved: ConfigurationValues }) {
  const t = useT();
  const { form, submit, discard } = useSettingsForm(actor, saved, StoreConfigInputSchema);
  const { register, control, formState } = form;
  const { errors } = formState;
  const countId = useId();
  const helpId = useId();
  const [smsText, color] = useWatch({ control, name: ['sms_text', 'color'] });
  const count = smsText.length;
  const smsError = errors.sms_text?.message;

  return (
    <SettingsForm actor={actor} onSubmit={submit} onDiscard={discard} testIdPrefix="configuration" maxWidth={760}>
      <FormSection title={t('settings.configuration.sms')}>
        <Controller
          control={control}
          name="sms_send"
          render={({ field }) => (
            <Typography
              component="label"
              level="body-md"
              startDecorator={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
              sx={{ gap: 1.5, alignSelf: 'flex-start' }}
            >
              {t('settings.configuration.smsSend')}
            </Typography>
          )}
        />
        <FormControl error={smsError !== undefined || count > SMS_TEXT_MAX}>
          <FormLabel>{t('settings.configuration.smsText')}</FormLabel>
          <Textarea minRows={3} {...register('sms_text')} slotProps={{ textarea: { 'aria-describedby': `${helpId} ${countId}` } }} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <FormHelperText id={helpId}>
              {smsError === undefined
                ? t('settings.configuration.smsTextHint', { max: SMS_TEXT_MAX })
                : smsError === SMS_TOO_LONG
                  ? t('settings.configuration.smsTooLong', { max: SMS_TEXT_MAX })
                  : smsError}
            </FormHelperText>
            <FormHelperText id={countId} sx={{ flexShrink: 0 }}>
              <span aria-hidden="true" data-testid="sms-count">
                {count}/{SMS_TEXT_MAX}
              </span>
              <Box component="span" sx={visuallyHidden}>
                {t('settings.configuration.smsCount', { count, max: SMS_TEXT_MAX })}
              </Box>
            </FormHelperText>
          </Box>
        </FormControl>
      </FormSection>

      <FormSection title={t('settings.configuration.color')} hint={t('settings.configuration.colorHint')}>
        <Controller
          control={control}
          name="color"
          render={({ field, fieldState }) => (
            <ColorField value={field.value} error={fieldState.error ? t('settings.configuration.colorInvalid') : undefined} onChange={field.onChange} onBlur={field.onBlur} />
          )}
        />
        <ColorPreview color={color} />
      </FormSection>
    </SettingsForm>
  );
}

/** The native colour picker and the hex code, two views of one value. */
function ColorField({ value, error, onChange, onBlur }: { value: string; error?: string; onChange: (value: string) => void; onBlur: () => void }) {
  const t = useT();
  // The picker only takes #rrggbb: while the code is being typed it keeps the last valid colour;
  // before there is one it shows its own default (black), as a colour input given no colour does.
  const [lastValid, setLastValid] = useState(isHexColor(value) ? value : '');
  if (isHexColor(value) && value !== lastValid) setLastValid(value);
  return (
    <FormControl error={error !== undefined}>
      <FormLabel>{t('settings.configuration.colorHex')}</FormLabel>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Box
          component="input"
          type="color"
          aria-label={t('settings.configuration.colorPicker')}
          value={lastValid.toLowerCase()}
          onChange={(event) => onChange((event.target as HTMLInputElement).value)}
          onBlur={onBlur}
          sx={{ width: 48, height: 40, p: 0.25, border: '1px solid', borderColor: 'neutral.outlinedBorder', borderRadius: 'sm', bgcolor: 'background.surface', cursor: 'pointer' }}
        />
        <Input
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          onBlur={onBlur}
          slotProps={{ input: { spellCheck: false, autoComplete: 'off', maxLength: 7 } }}
          sx={{ width: 160, fontFamily: 'code' }}
        />
      </Box>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** The colour as chosen and the accent made from it, as a solid button shows it. */
function ColorPreview({ color }: { color: string }) {
  const t = useT();
  const valid = isHexColor(color);
  const accent = valid ? accentPalette(color)[500] : null;
  return (
    <Box role="group" aria-label={t('settings.configuration.preview')} sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography level="body-sm">{t('settings.configuration.preview')}</Typography>
      <Box
        data-testid="color-swatch"
        data-color={valid ? color.toLowerCase() : ''}
        sx={{ width: 56, height: 32, borderRadius: 'sm', border: '1px solid', borderColor: 'neutral.outlinedBorder', bgcolor: valid ? color : 'transparent' }}
      />
      {accent && (
        <Box
          component="span"
          aria-hidden="true"
          data-testid="accent-sample"
          sx={{ px: 2, py: 0.75, borderRadius: 'sm', bgcolor: accent, color: 'common.white', fontWeight: 'lg', fontSize: 'sm' }}
        >
          {t('settings.configuration.previewSample')}
        </Box>
      )}
    </Box>
  );
}

export default ConfigurationTab;
