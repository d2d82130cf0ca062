import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import { Suspense } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useT } from '../../i18n';
import { SkeletonStack } from '../../ui/load-states';
import { isSettingsTab, SETTINGS_PANELS, SETTINGS_TAB_LABELS, SETTINGS_TABS } from './settings-tabs';

/** /settings/{tab}: the store's settings, one tab per route. Any other tab is the 404 page. */
export default function SettingsScreen() {
  const t = useT();
  const { tab } = useParams();
  const navigate = useNavigate();
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (!isSettingsTab(tab)) return <Navigate to="/errors/error-404" replace />;
  const Panel = SETTINGS_PANELS[tab];
  return (
    <Page titleKey="page.settings">
      <Tabs value={tab} onChange={(_, value) => void navigate(`/settings/${String(value)}`)} sx={{ bgcolor: 'transparent', mb: 2 }}>
        <TabList aria-label={t('settings.tabs')} sx={{ overflowX: 'auto', scrollSnapType: 'x mandatory', '&::-webkit-scrollbar': { display: 'none' } }}>
          {SETTINGS_TABS.map((value) => (
            <Tab key={value} value={value} sx={{ flex: 'none', scrollSnapAlign: 'start' }}>
              {t(SETTINGS_TAB_LABELS[value])}
            </Tab>
          ))}
        </TabList>
      </Tabs>
      {storeId !== null && (
        <Suspense fallback={<SkeletonStack count={3} height={72} label={t('app.loading')} />}>
          {/* A new store (store switch) starts the panel afresh. */}
          <Panel key={storeId} storeId={storeId} />
        </Suspense>
      )}
    </Page>
  );
}
