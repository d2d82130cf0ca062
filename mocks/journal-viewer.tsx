import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Modal from '@mui/joy/Modal';
import ModalClose from '@mui/joy/ModalClose';
import ModalDialog from '@mui/joy/ModalDialog';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Typography from '@mui/joy/Typography';
import { useCallback, useId, useState, useSyncExternalStore } from 'react';
import { useLocale } from '../src/i18n';
import type { DomainEvent } from '../src/machines/journal/events';
import type { Journal } from '../src/machines/journal/journal';

/**
 * The journal viewer (Demo menu → Journal viewer): the app's journal in order — number, time and
 * type of each event — filtered by one of the types present, each event a disclosure button that
 * shows its payload as formatted JSON in a <pre>. It follows the journal live while open.
 */
export function JournalViewer({ journal, open, onClose }: { journal: Journal; open: boolean; onClose: () => void }) {
  const { t } = useLocale();
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: 'min(760px, 96vw)', maxHeight: '90vh' }}>
        <ModalClose aria-label={t('demo.viewer.close')} />
        <DialogTitle id={titleId} component="h2">
          {t('demo.viewer.title')}
        </DialogTitle>
        {open && <JournalEvents journal={journal} />}
      </ModalDialog>
    </Modal>
  );
}

const ALL = '';

function useJournalEvents(journal: Journal): readonly DomainEvent[] {
  const subscribe = useCallback((changed: () => void) => journal.subscribe(changed), [journal]);
  // The newest event changes with every append (and the array itself when the journal folds).
  useSyncExternalStore(subscribe, () => journal.events().at(-1));
  useSyncExternalStore(subscribe, () => journal.events());
  return journal.events();
}

function JournalEvents({ journal }: { journal: Journal }) {
  const { t, language } = useLocale();
  const events = useJournalEvents(journal);
  const [type, setType] = useState<string>(ALL);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const labelId = useId();
  const selectId = useId();
  const countId = useId();

  const types = [...new Set(events.map((event) => event.type))].sort();
  const shown = events.map((event, index) => ({ event, number: index + 1 })).filter(({ event }) => type === ALL || event.type === type);
  const time = new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const toggle = (number: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(number)) next.add(number);
      return next;
    });

  return (
    <DialogContent sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
        <FormControl size="sm" sx={{ minWidth: 240 }}>
          <FormLabel id={labelId}>{t('demo.viewer.filter')}</FormLabel>
          <Select
            value={type}
            onChange={(_, value) => setType(value ?? ALL)}
            slotProps={{ button: { id: selectId, 'aria-labelledby': `${labelId} ${selectId}` }, listbox: { sx: { zIndex: 1400 } } }}
          >
            <Option value={ALL}>{t('demo.viewer.allTypes')}</Option>
            {types.map((name) => (
              <Option key={name} value={name}>
                {name}
              </Option>
            ))}
          </Select>
        </FormControl>
        <Typography id={countId} level="body-sm" role="status">
          {t('demo.viewer.count', { shown: shown.length, total: events.length })}
        </Typography>
      </Box>
      {shown.length === 0 ? (
        <Typography level="body-sm">{t('demo.viewer.empty')}</Typography>
      ) : (
        <Box component="ol" aria-describedby={countId} sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {shown.map(({ event, number }) => {
            const open = expanded.has(number);
            const payloadId = `journal-event-${number}`;
            const { type: _type, at: _at, ...payload } = event as DomainEvent & Record<string, unknown>;
            return (
              <li key={number}>
                <Button
                  variant="plain"
                  color="neutral"
                  size="sm"
                  fullWidth
                  aria-expanded={open}
                  aria-controls={open ? payloadId : undefined}
                  onClick={() => toggle(number)}
                  sx={{ justifyContent: 'flex-start', gap: 2, fontWeight: 'md', fontFamily: 'code' }}
                >
                  <span aria-hidden="true">{open ? '▾' : '▸'}</span>
                  <span>
                    <Box component="span" sx={visuallyHidden}>
                      {t('demo.viewer.index')}{' '}
                    </Box>
                    {number}
                  </span>
                  <span>
                    <Box component="span" sx={visuallyHidden}>
                      {t('demo.viewer.time')}{' '}
                    </Box>
                    <time dateTime={new Date(event.at).toISOString()}>{time.format(event.at)}</time>
                  </span>
                  <span>
                    <Box component="span" sx={visuallyHidden}>
                      {t('demo.viewer.type')}{' '}
                    </Box>
                    {event.type}
                  </span>
                </Button>
                {open && (
                  <Box
                    component="pre"
                    id={payloadId}
                    role="region"
                    aria-label={t('demo.viewer.payload', { index: number })}
                    tabIndex={0}
                    sx={{ m: 0, ml: 4, p: 1, borderRadius: 'sm', bgcolor: 'background.level1', color: 'text.primary', fontSize: 'xs', overflowX: 'auto', maxHeight: 320 }}
                  >
                    {JSON.stringify(payload, null, 2)}
                  </Box>
                )}
              </li>
            );
          })}
        </Box>
      )}
    </DialogContent>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
