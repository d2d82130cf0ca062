import Button, { type ButtonProps } from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Dropdown from '@mui/joy/Dropdown';
import ListDivider from '@mui/joy/ListDivider';
import ListSubheader from '@mui/joy/ListSubheader';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import MenuItem from '@mui/joy/MenuItem';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useId, useState, type ComponentType } from 'react';
import { useLocale } from '../src/i18n';
import type { Journal } from '../src/machines/journal/journal';
import type { Devkit } from './devkit';
import { describeFaults } from './fault-descriptions';
import { activeFaultCount, type ActiveFaults } from './faults';
import { JournalImportError } from './journal-file';
import { JournalViewer } from './journal-viewer';

/**
 * The Demo menu of the top bar (mock mode only): switch scenario (each with its description, the
 * current one checked; choosing one reseeds it and the page reloads by itself), reset the data,
 * toggle the common faults, read the active faults in words (the scenario's profile and any
 * devkit.fail / latency) and clear them; the journal tools: export the journal file
 * (devkit.exportJournal; a dialog asks for the full file or the redacted, shareable one), import one (a file picker → devkit.importJournal; a refused file's reason
 * is shown in an alert dialog) and the journal viewer. Everything goes through the devkit, so the
 * menu does nothing a test or a console user could not do with window.devkit.
 */
const OFFLINE = { operation: '*', outcome: 'offline' } as const;
const SERVER_ERRORS = { operation: '*', outcome: 500 } as const;
const SLOW_MS = 2000;

const hasFailure = (faults: ActiveFaults, fault: { operation: string; outcome: string | number }) =>
  faults.failures.some((f) => f.operation === fault.operation && f.outcome === fault.outcome);


/** A fault toggle reads as a checkbox item to assistive technology. */
const checkbox = (checked: boolean) => ({ role: 'menuitemcheckbox', 'aria-checked': checked, selected: checked });

/**
 * The menu's button on the orange brand band. Mock mode's stand-in until the kit has loaded
 * (mocks/index.tsx, plain UI: `.plain-button[data-variant='on-band']`) is drawn to look the same.
 */
const demoMenuButtonProps = {
  variant: 'outlined',
  size: 'sm',
  sx: { color: 'common.white', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { bgcolor: 'rgba(255,255,255,0.15)' } },
} as const satisfies ButtonProps;

export interface DemoMenuProps {
  /** Opens as it mounts, with the focus on the button: its stand-in was pressed before the kit had loaded. */
  openAtOnce?: boolean;
}

/** `journal`: the app's journal, for the viewer (without it the menu has no viewer item). */
export function createDemoMenu(devkit: Devkit, journal?: Journal): ComponentType<DemoMenuProps> {
  return function DemoMenu({ openAtOnce = false }: DemoMenuProps) {
    const { t, language } = useLocale();
    const faultsHeading = useId();
    const importFailedTitle = useId();
    const importFailedText = useId();
    const exportTitle = useId();
    const exportIntro = useId();
    const exportFullHint = useId();
    const exportRedactedHint = useId();
    const [exportOpen, setExportOpen] = useState(false);
    const [viewerOpen, setViewerOpen] = useState(false);
    const [importing, setImporting] = useState(false);
    const [importError, setImportError] = useState<string | null>(null);
    const [faults, setFaults] = useState<ActiveFaults>(() => devkit.faults());
    const refresh = () => setFaults(devkit.faults());

    const toggle = (fault: { operation: string; outcome: 'offline' | 500 }) => {
      if (hasFailure(devkit.faults(), fault)) devkit.clearFaults(fault.operation);
      else devkit.fail(fault.operation, fault.outcome);
      refresh();
    };
    const toggleSlow = () => {
      const now = devkit.faults();
      devkit.latency(now.latencyMs === SLOW_MS && !now.latencyBands ? 0 : SLOW_MS);
      refresh();
    };
    const exportJournal = (redacted: boolean) => {
      setExportOpen(false);
      const blob = new Blob([JSON.stringify(devkit.exportJournal({ redacted }), null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `journal-${devkit.scenario()}${redacted ? '-redacted' : ''}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
      link.click();
      URL.revokeObjectURL(url);
    };
    const importJournal = async (file: File | undefined) => {
      if (!file) return;
      setImporting(true);
      try {
        // On success the page opens the imported session (a navigation): nothing more to do here.
        await devkit.importJournal(await file.text());
      } catch (error) {
        setImporting(false);
        setImportError(error instanceof JournalImportError ? t(error.key, error.params) : error instanceof Error ? error.message : String(error));
      }
    };
    // The file picker is made on demand, like the export's link: no file input waits in the page
    // (a screen's own upload field stays the only one).
    const chooseJournalFile = () => {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = 'application/json,.json';
      input.addEventListener('change', () => void importJournal(input.files?.[0]));
      input.click();
    };

    const count = activeFaultCount(faults);
    const current = devkit.scenario();
    const described = describeFaults(faults, t, language);

    return (
      <>
      <Dropdown defaultOpen={openAtOnce} onOpenChange={(_, open) => open && refresh()}>
        <MenuButton
          {...demoMenuButtonProps}
          autoFocus={openAtOnce}
          aria-label={t('demo.menuLabel', { scenario: devkit.scenario() })}
          endDecorator={count > 0 ? <Chip size="sm" color="warning" variant="solid">{t('demo.activeFaults', { count })}</Chip> : undefined}
        >
          {t('demo.menu')}
        </MenuButton>
        <Menu placement="bottom-end" size="sm" sx={{ minWidth: 260, maxWidth: 380, maxHeight: '80vh', overflowY: 'auto', zIndex: 1300 }}>
          <ListSubheader>{t('demo.scenarios')}</ListSubheader>
          {devkit.scenarios().map((scenario) => (
            <MenuItem
              key={scenario.name}
              role="menuitemradio"
              aria-checked={scenario.name === current}
              selected={scenario.name === current}
              onClick={() => void devkit.reset(scenario.name)}
              sx={{ flexDirection: 'column', alignItems: 'flex-start', gap: 0 }}
            >
              <Typography component="div" level="title-sm" endDecorator={scenario.name === current ? <Chip size="sm" variant="soft">{t('demo.currentScenario')}</Chip> : undefined}>
                {scenario.name}
              </Typography>
              <Typography component="div" level="body-xs" sx={{ whiteSpace: 'normal' }}>
                {scenario.description}
              </Typography>
            </MenuItem>
          ))}
          <MenuItem onClick={() => void devkit.reset()}>{t('demo.resetData')}</MenuItem>
          <ListDivider />
          <ListSubheader>{t('demo.faults')}</ListSubheader>
          <MenuItem {...checkbox(hasFailure(faults, OFFLINE))} onClick={() => toggle(OFFLINE)}>
            {t('demo.offline')}
          </MenuItem>
          <MenuItem {...checkbox(faults.latencyMs === SLOW_MS && !faults.latencyBands)} onClick={toggleSlow}>
            {t('demo.slow')}
          </MenuItem>
          <MenuItem {...checkbox(hasFailure(faults, SERVER_ERRORS))} onClick={() => toggle(SERVER_ERRORS)}>
            {t('demo.serverErrors')}
          </MenuItem>
          <ListSubheader id={faultsHeading}>{t('demo.activeFaultsTitle')}</ListSubheader>
          {/* Read-only lines: disabled items stay focusable in a Joy Menu, so arrow keys read each one. */}
          {(described.length > 0 ? described : [t('demo.noFaults')]).map((line, index) => (
            <MenuItem key={`${index}:${line}`} disabled aria-describedby={faultsHeading} sx={{ whiteSpace: 'normal', '&.Mui-disabled': { color: 'text.secondary' } }}>
              {line}
            </MenuItem>
          ))}
          <MenuItem
            disabled={count === 0}
            onClick={() => {
              devkit.clearFaults();
              refresh();
            }}
          >
            {t('demo.clearFaults')}
          </MenuItem>
          <ListDivider />
          {/* A new-order notification, as busy-store sends every few minutes: the bell and an info notice. */}
          <MenuItem onClick={() => void devkit.push()}>{t('demo.sendPush')}</MenuItem>
          <MenuItem aria-haspopup="dialog" onClick={() => setExportOpen(true)}>
            {t('demo.exportJournal')}
          </MenuItem>
          <MenuItem disabled={importing} onClick={chooseJournalFile}>
            {importing ? t('demo.importing') : t('demo.importJournal')}
          </MenuItem>
          {journal && <MenuItem onClick={() => setViewerOpen(true)}>{t('demo.journalViewer')}</MenuItem>}
        </Menu>
      </Dropdown>
      {journal && <JournalViewer journal={journal} open={viewerOpen} onClose={() => setViewerOpen(false)} />}
      {/* Full or redacted: each choice a button, its explanation its description. */}
      <Modal open={exportOpen} onClose={() => setExportOpen(false)}>
        <ModalDialog aria-labelledby={exportTitle} aria-describedby={exportIntro} sx={{ maxWidth: 460 }}>
          <DialogTitle id={exportTitle} component="h2">
            {t('demo.export.title')}
          </DialogTitle>
          <DialogContent>
            <Typography id={exportIntro} level="body-sm">
              {t('demo.export.intro')}
            </Typography>
            <Stack spacing={1.5} sx={{ mt: 1.5 }}>
              <div>
                <Button variant="solid" aria-describedby={exportFullHint} onClick={() => exportJournal(false)}>
                  {t('demo.export.full')}
                </Button>
                <Typography id={exportFullHint} level="body-xs" sx={{ mt: 0.5 }}>
                  {t('demo.export.fullHint')}
                </Typography>
              </div>
              <div>
                <Button variant="outlined" aria-describedby={exportRedactedHint} onClick={() => exportJournal(true)}>
                  {t('demo.export.redacted')}
                </Button>
                <Typography id={exportRedactedHint} level="body-xs" sx={{ mt: 0.5 }}>
                  {t('demo.export.redactedHint')}
                </Typography>
              </div>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="plain" color="neutral" onClick={() => setExportOpen(false)}>
              {t('demo.export.cancel')}
            </Button>
          </DialogActions>
        </ModalDialog>
      </Modal>
      <Modal open={importError !== null} onClose={() => setImportError(null)}>
        <ModalDialog role="alertdialog" aria-labelledby={importFailedTitle} aria-describedby={importFailedText} color="danger" variant="outlined">
          <DialogTitle id={importFailedTitle} component="h2">
            {t('demo.importFailed')}
          </DialogTitle>
          <DialogContent id={importFailedText}>{importError}</DialogContent>
          <DialogActions>
            <Button onClick={() => setImportError(null)}>{t('demo.viewer.close')}</Button>
          </DialogActions>
        </ModalDialog>
      </Modal>
      </>
    );
  };
}
