import { useSelector as useStoreSelector } from '@xstate/store-react';
import { useSelector as useActorSelector } from '@xstate/react';
import type { ProjectionName, ProjectionState } from '../machines/journal/projections';
import type { SessionActor } from '../machines/session';
import { useServices } from './services';

/** Reads one projection through a selector; re-renders only when the selected value changes. */
export function useProjection<N extends ProjectionName, T>(
  name: N,
  selector: (view: ProjectionState[N]) => T,
  compare?: (a: T | undefined, b: T) => boolean,
): T {
  const { journal } = useServices();
  return useStoreSelector(journal.stores[name], (snapshot) => selector(snapshot.context as ProjectionState[N]), compare);
}

/** Reads the session machine's snapshot through a selector. */
export function useSession<T>(selector: (snapshot: ReturnType<SessionActor['getSnapshot']>) => T): T {
  const { session } = useServices();
  return useActorSelector(session, selector);
}
