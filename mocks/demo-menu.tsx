import Chip from '@mui/joy/Chip';
import Dropdown from '@mui/joy/Dropdown';
import ListDivider from '@mui/joy/ListDivider';
import ListSubheader from '@mui/joy/ListSubheader';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import MenuItem from '@mui/joy/MenuItem';
import Typography from '@mui/joy/Typography';
import { useId, useState, type ComponentType } from 'react';
import { useLocale } from '../src/i18n';
import type { Devkit } from './devkit';
import { describeFaults } from './fault-descriptions';
import type { ActiveFaults } from './faults';

/**
 * The Demo menu of the top bar (mock mode only): switch scenario (each with its description, the
 * current one checked; choosing one reseeds it and the page reloads by itself), reset the data,
 * toggle the common faults, read the active faults in words (the scenario's profile and any
 * devkit.fail / latency) and clear them, export the event journal. Everything goes through the
 * devkit, so the menu does nothing a test or a console user could not do with window.devkit.
 */
const OFFLINE = { operation: '*', outcome: 'offline' } as const;
const SERVER_ERRORS = { operation: '*', outcome: 500 } as const;
const SLOW_MS = 2000;

const hasFailure = (faults: ActiveFaults, fault: { operation: string; outcome: string | number }) =>
  faults.failures.some((f) => f.operation === fault.operation && f.outcome === fault.outcome);

const activeCount = (faults: ActiveFaults) => faults.failures.length + (faults.latencyMs > 0 ? 1 : 0);

/** A fault toggle reads as a checkbox item to assistive technology. */
const checkbox = (checked: boolean) => ({ role: 'menuitemcheckbox', 'aria-checked': checked, selected: checked });

export function createDemoMenu(devkit: Devkit): ComponentType {
  return function DemoMenu() {
    const { t, language } = useLocale();
    const faultsHeading = useId();
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
    const exportJournal = () => {
      const blob = new Blob([JSON.stringify(devkit.journal(), null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `journal-${devkit.scenario()}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
      link.click();
      URL.revokeObjectURL(url);
    };

    const count = activeCount(faults);
    const current = devkit.scenario();
    const described = describeFaults(faults, t, language);

    return (
      <Dropdown onOpenChange={(_, open) => open && refresh()}>
        <MenuButton
          variant="outlined"
          size="sm"
          aria-label={t('demo.menuLabel', { scenario: devkit.scenario() })}
          endDecorator={count > 0 ? <Chip size="sm" color="warning" variant="solid">{t('demo.activeFaults', { count })}</Chip> : undefined}
          sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { bgcolor: 'rgba(255,255,255,0.15)' } }}
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
          <MenuItem onClick={exportJournal}>{t('demo.exportJournal')}</MenuItem>
        </Menu>
      </Dropdown>
    );
  };
}
