import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { liveAddressLookupMachine, livePickupFormMachine } from '../../machines/pickups';
import { RecordFormFrame } from '../records/record-form-frame';
import { PickupForm } from './pickup-form';
import { useFlow } from '../../app/use-flow';

const LIST_PATH = '/pickups';

/** /pickup/create and /pickup/edit/{id}: one form, the session's store. */
export default function PickupFormScreen() {
  const { id } = useParams();
  const pickupId = id === undefined ? null : Number(id);
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (pickupId !== null && !(Number.isInteger(pickupId) && pickupId > 0)) return <Navigate to="/errors/error-404" replace />;
  return (
    <Page titleKey={pickupId === null ? 'page.pickupCreate' : 'page.pickupEdit'}>
      {/* A new key per location and store: fresh machines and form for each. */}
      {storeId !== null && <PickupFormFlow key={`${storeId}:${pickupId ?? 'new'}`} storeId={storeId} pickupId={pickupId} />}
    </Page>
  );
}

function PickupFormFlow({ storeId, pickupId }: { storeId: number; pickupId: number | null }) {
  const navigate = useNavigate();
  const actor = useFlow(
    livePickupFormMachine,
    { input: { recordId: pickupId, storeId } },
    // Runs while the machine enters `saved`; a microtask later the leave guard lets it through.
    { goToList: () => queueMicrotask(() => void navigate(LIST_PATH)) },
  );
  const lookup = useFlow(liveAddressLookupMachine);
  const store = useProjection('session', (view) => view.user?.store ?? null);
  const storePosition = store && Number.isFinite(store.lat) && Number.isFinite(store.lon) ? { lat: store.lat, lon: store.lon } : null;
  return (
    <RecordFormFrame actor={actor} labels={{ loading: 'pickupForm.loading', leaveBody: 'pickupForm.leaveBody' }}>
      {(initial) => <PickupForm actor={actor} lookup={lookup} initial={initial} storePosition={storePosition} onCancel={() => void navigate(LIST_PATH)} />}
    </RecordFormFrame>
  );
}
