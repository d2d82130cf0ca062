import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { liveTruckFormMachine } from '../../machines/trucks';
import type { Truck } from '../../api/logistics';
import { RecordFormFrame } from '../records/record-form-frame';
import { TruckForm } from './truck-form';
import { useFlow } from '../../app/use-flow';

/** /truck/create and /truck/edit/{id}: one form, the session's store. */
export default function TruckFormScreen() {
  const { id } = useParams();
  const truckId = id === undefined ? null : Number(id);
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (truckId !== null && !(Number.isInteger(truckId) && truckId > 0)) return <Navigate to="/errors/error-404" replace />;
  return (
    <Page titleKey={truckId === null ? 'page.truckCreate' : 'page.truckEdit'}>
      {/* A new key per truck and store: a fresh machine and form for each. */}
      {storeId !== null && <TruckFormFlow key={`${storeId}:${truckId ?? 'new'}`} storeId={storeId} truckId={truckId} />}
    </Page>
  );
}

function TruckFormFlow({ storeId, truckId }: { storeId: number; truckId: number | null }) {
  const navigate = useNavigate();
  const actor = useFlow(
    liveTruckFormMachine,
    { input: { recordId: truckId, storeId } },
    {
      // Runs while the machine enters `saved`; a microtask later the leave guard lets it through.
      // Back to the tab of the truck's status, where it now is.
      goToList: (truck: Truck) => queueMicrotask(() => void navigate(`/trucks/${truck.status}`)),
    },
  );
  return (
    <RecordFormFrame actor={actor} labels={{ loading: 'truckForm.loading', leaveBody: 'truckForm.leaveBody' }}>
      {(initial) => <TruckForm actor={actor} initial={initial} onCancel={() => void navigate(`/trucks/${initial.status}`)} />}
    </RecordFormFrame>
  );
}
