import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { liveStoreSwitchMachine, sameStoreSwitchView, selectStoreSwitchView } from '../../machines/store';
import { useLoadFailureMessage } from '../../ui/load-failure-message';
import { LoadingBackdrop } from '../../ui/loading-backdrop';
import { Popover } from '../../ui/popover';
import { Skeleton } from '../../ui/skeleton';
import { SettingsIcon, StoreIcon } from '../../ui/icons';
import './top-bar-widgets.css';
import { useFlow } from '../use-flow';

/**
 * The settings popover with the store switcher: the operator's accounts by store_name. Plain UI
 * drawn as Joy drew it (the icon button on the band; List size sm with ListItemButton, Skeleton
 * text lines while the accounts load, the soft Retry button: `.plain-list`, `.plain-skeleton` in
 * src/ui/plain.css), so the top bar loads no Joy.
 */
export function StoreSwitcher({ currentStoreId }: { currentStoreId: number }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const actor = useFlow(liveStoreSwitchMachine, { input: { currentStoreId } });
  const state = useSelector(actor, selectStoreSwitchView, sameStoreSwitchView);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const failedText = useLoadFailureMessage(loadFailure, t('shell.accountsFailed'));

  useEffect(() => {
    if (open) actor.send({ type: 'storeSwitch.open' });
  }, [open, actor]);

  const stores = state.accounts.filter((account, index, all) => all.findIndex((a) => a.store_id === account.store_id) === index);

  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        className="plain-icon-button"
        data-variant="on-band"
        aria-label={t('shell.settings')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <SettingsIcon />
      </button>
      <Popover anchor={anchor} open={open} onClose={() => setOpen(false)} title={t('shell.storeSwitcher')}>
        {state.loading && (
          <ul className="plain-list" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="plain-list-item">
                <Skeleton />
              </li>
            ))}
          </ul>
        )}
        {state.failed && (
          <>
            <p className="plain-small store-switcher-failed">{failedText}</p>
            <button type="button" className="plain-button store-switcher-retry" data-variant="soft" data-size="sm" onClick={() => actor.send({ type: 'storeSwitch.retry' })}>
              {t('shell.retry')}
            </button>
          </>
        )}
        {!state.loading && !state.failed && (
          <ul className="plain-list">
            {stores.map((account) => {
              const current = account.store_id === currentStoreId;
              return (
                <li key={account.store_id} className="plain-list-item">
                  <button
                    type="button"
                    className="plain-list-button"
                    data-selected={current || undefined}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => actor.send({ type: 'storeSwitch.choose', storeId: account.store_id })}
                  >
                    <span className="plain-list-decorator">
                      <StoreIcon />
                    </span>
                    {account.store_name}
                    {current && <span className="plain-body-xs store-switcher-current">{t('shell.currentStore')}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Popover>
      <LoadingBackdrop open={state.blocking} label={t('shell.switchingStore')} />
    </>
  );
}
