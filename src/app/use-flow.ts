import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ActorOptions, ActorRefFrom, AnyStateMachine } from 'xstate';
import { useServices, type Services } from './services';

/** What a flow's live factory may take from the app: its services, and a page reload. */
export type FlowServices = Services & { reloadPage: () => void };

const reloadPage = () => window.location.reload();

/**
 * The one way a screen gets a flow's actor. `live` is the flow's live factory (its machine with
 * the real effects, from the flow's index); it is given the app's services plus the screen's own
 * `extra` (a navigation callback, the language) once, when the screen mounts, and the actor runs
 * for the screen's lifetime: leaving the screen stops it (and whatever it polls).
 */
export function useFlow<TMachine extends AnyStateMachine, TExtra extends object = object>(
  live: (deps: FlowServices & NoInfer<TExtra>) => TMachine,
  options?: ActorOptions<TMachine>,
  extra?: TExtra,
): ActorRefFrom<TMachine> {
  const services = useServices();
  const [machine] = useState(() => live({ ...services, reloadPage, ...(extra as TExtra) }));
  return useActorRef(machine, options) as ActorRefFrom<TMachine>;
}
