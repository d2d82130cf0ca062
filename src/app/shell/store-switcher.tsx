import Button from '@mui/joy/Button';
import IconButton from '@mui/joy/IconButton';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { liveStoreSwitchMachine } from '../../machines/live';
import { LoadingBackdrop } from '../../ui/loading-backdrop';
import { SettingsIcon, StoreIcon } from '../../ui/icons';
import { Popover } from '../../ui/popover';
import { useServices } from '../services';
import { onBrandButtonSx } from './on-brand';

/** The settings popover with the store switcher: the operator's accounts by store_name. */
export function StoreSwitcher({ currentStoreId }: { currentStoreId: number }) {
  const t = useT();
  const { journal, notify } = useServices();
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const [machine] = useState(() => liveStoreSwitchMachine({ journal, notify, reloadPage: () => window.location.reload() }));
  const actor = useActorRef(machine, { input: { currentStoreId } });
  const state = useSelector(actor, (s) => ({
    loading: s.hasTag('loading'),
    failed: s.matches('loadFailed'),
    blocking: s.hasTag('blocking'),
    accounts: s.context.accounts,
  }), (a, b) => a.loading === b.loading && a.failed === b.failed && a.blocking === b.blocking && a.accounts === b.accounts);

  useEffect(() => {
    if (open) actor.send({ type: 'storeSwitch.open' });
  }, [open, actor]);

  const stores = state.accounts.filter((account, index, all) => all.findIndex((a) => a.store_id === account.store_id) === index);

  return (
    <>
      <IconButton
        ref={setAnchor}
        variant="plain"
        sx={onBrandButtonSx}
        aria-label={t('shell.settings')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <SettingsIcon />
      </IconButton>
      <Popover anchor={anchor} open={open} onClose={() => setOpen(false)} title={t('shell.storeSwitcher')}>
        {state.loading && (
          <List size="sm" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <ListItem key={i}>
                <Skeleton variant="text" level="body-md" />
              </ListItem>
            ))}
          </List>
        )}
        {state.failed && (
          <>
            <Typography level="body-sm" color="danger" sx={{ px: 1 }}>
              {t('shell.accountsFailed')}
            </Typography>
            <Button size="sm" variant="soft" sx={{ m: 1 }} onClick={() => actor.send({ type: 'storeSwitch.retry' })}>
              {t('shell.retry')}
            </Button>
          </>
        )}
        {!state.loading && !state.failed && (
          <List size="sm">
            {stores.map((account) => {
              const current = account.store_id === currentStoreId;
              return (
                <ListItem key={account.store_id}>
                  <ListItemButton
                    selected={current}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => actor.send({ type: 'storeSwitch.choose', storeId: account.store_id })}
                  >
                    <ListItemDecorator>
                      <StoreIcon />
                    </ListItemDecorator>
                    {account.store_name}
                    {current && (
                      <Typography level="body-xs" sx={{ ml: 'auto' }}>
                        {t('shell.currentStore')}
                      </Typography>
                    )}
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Popover>
      <LoadingBackdrop open={state.blocking} label={t('shell.switchingStore')} />
    </>
  );
}
