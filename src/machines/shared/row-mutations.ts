import { assign, raise, type EventObject, type MachineContext } from 'xstate';
import { keyed, type Spelled } from './paged-list';

/**
 * The `mutation` region of a list whose rows the operator changes (offers, templates, orders): one
 * change at a time, shown at once (optimistic: its `apply` action reaches the journal before the
 * call) and put back (`revert`, then `notify`) if the server refuses.
 *
 *   idle ─start→ confirming ─confirm→ sending ─answer or refusal→ idle    confirmedFirst (a delete, a cancel)
 *     │               └─dismiss→ idle
 *     └─start→ sending ─answer or refusal→ idle                           sentAtOnce (a status)
 *
 * What a change is about (the row, where it stood, the status to put back) is held in one context
 * field from its start event until the server has answered; `apply`, `revert` and the call read it
 * from there. Each list names its own events, states, actors, actions and guards (its screen, tests
 * and path models name them): these builders only arrange them.
 *
 *   const offerDelete = rows.confirmedFirst({ start: 'offers.askDelete', ..., state: 'deleting', ... });
 *   const offerStatusChange = rows.sentAtOnce({ start: 'offers.setStatus', ..., state: 'changingStatus', ... });
 *   ... mutation: rows.region(offerDelete, offerStatusChange),
 */

/** A journal action whose params come from what the change holds. */
interface HeldAction<THeld> {
  type: string;
  params: (held: THeld) => unknown;
}

/** One change: what it holds, how it is sent, shown at once and put back. */
interface Change<TContext, TEvent extends EventObject, TStart extends TEvent['type'], TField extends keyof TContext> {
  /** The event that starts the change. */
  start: TStart;
  /** The context field that holds what the change is about (null while none is under way), and what the start event puts there. */
  field: TField;
  hold: (args: { context: TContext; event: Extract<TEvent, { type: NoInfer<TStart> }> }) => TContext[TField];
  /** The state that sends the change (tagged `mutating`). */
  state: string;
  /** The actor that sends the change (also the invoke's id), and what it is asked with. */
  src: string;
  input: (held: NonNullable<TContext[TField]>) => unknown;
  /** Shows the change at once. */
  apply: HeldAction<NonNullable<TContext[TField]>>;
  /** Puts it back when the server refuses; `notify` then says so. */
  revert: HeldAction<NonNullable<TContext[TField]>>;
  notify: string;
  /** Raised once the server has the change: the page may be one short, or a row has moved tabs. */
  refresh?: TEvent['type'];
  /**
   * Puts the change back only while this guard holds; otherwise the list has moved on (another
   * tab or page) and `refresh` reloads it instead, so a row comes back only where it belongs.
   */
  revertOnlyIf?: string;
}

/** A change the operator confirms first: the dialog's state, what it asks, and its two answers. */
interface ConfirmedChange<TContext, TEvent extends EventObject, TStart extends TEvent['type'], TField extends keyof TContext>
  extends Change<TContext, TEvent, TStart, TField> {
  confirming: string;
  dialog: string;
  /** Closes the dialog: nothing is changed. */
  dismiss: TEvent['type'];
  confirm: TEvent['type'];
}

/** The region: `idle` offers each change's start event, in this order; their states follow in the same order. */
function mutationRegion<TFirst extends { idle: object; states: object }, TSecond extends { idle: object; states: object }>(first: TFirst, second: TSecond) {
  const idle = { on: { ...first.idle, ...second.idle } as Spelled<TFirst['idle'] & TSecond['idle']> };
  const states = { idle, ...first.states, ...second.states } as Spelled<{ idle: typeof idle } & TFirst['states'] & TSecond['states']>;
  return { initial: 'idle', states } as const;
}

/**
 * The builders, typed for one list's context and events. Each takes a change as a `const` type
 * parameter, `TChange`, so that its names keep their literal types: the machine's config then
 * checks them against what its `setup` declares (hence the `as TChange[...]` reads below, which
 * only restore those types).
 */
export function rowMutationStates<TContext extends MachineContext, TEvent extends EventObject>() {
  type Held<TField extends keyof TContext> = NonNullable<TContext[TField]>;

  const patchOf = <TField extends keyof TContext>(field: TField, value: TContext[TField]) => {
    const patch: Partial<TContext> = {};
    patch[field] = value;
    return patch;
  };
  const hold = <TField extends keyof TContext, TExpressionEvent extends EventObject>(
    field: TField,
    value: (args: { context: TContext; event: TExpressionEvent }) => TContext[TField],
  ) => assign<TContext, TExpressionEvent, undefined, TEvent, never>((args) => patchOf(field, value(args)));
  // The field holds null while no change is under way (each list's context types it so).
  const clear = <TField extends keyof TContext>(field: TField) =>
    assign<TContext, EventObject, undefined, TEvent, never>(() => patchOf(field, null as TContext[TField]));
  // The list's own event (its `refresh`), raised to itself.
  const raiseEvent = (type: TEvent['type']) => raise<TContext, EventObject, TEvent, undefined>({ type } as TEvent);

  /** The journal action, its params read from what the change holds. */
  const fromHeld = <TField extends keyof TContext, TAction extends HeldAction<Held<TField>>>(field: TField, action: TAction) => ({
    type: action.type as TAction['type'],
    params: ({ context }: { context: TContext }) => action.params(context[field] as Held<TField>) as ReturnType<TAction['params']>,
  });

  /** Shown at once on entry; sent; then back to idle, cleared, put back first if refused. */
  function sendingState<TStart extends TEvent['type'], TField extends keyof TContext, const TChange extends Change<TContext, TEvent, TStart, TField>>(
    change: TChange & { start: TStart; field: TField },
  ) {
    const cleared = clear(change.field);
    const notify = change.notify as TChange['notify'];
    const refused = [fromHeld(change.field, change.revert as TChange['revert']), notify, cleared] as const;
    const refreshed = change.refresh === undefined ? [] : [raiseEvent(change.refresh)];
    return {
      tags: 'mutating',
      entry: fromHeld(change.field, change.apply as TChange['apply']),
      invoke: {
        id: change.src as TChange['src'],
        src: change.src as TChange['src'],
        input: ({ context }: { context: TContext }) => change.input(context[change.field] as Held<TField>) as ReturnType<TChange['input']>,
        onDone: { target: 'idle', actions: refreshed.length === 0 ? cleared : [cleared, ...refreshed] },
        onError:
          change.revertOnlyIf === undefined
            ? { target: 'idle', actions: refused }
            : [
                { guard: change.revertOnlyIf as Extract<TChange['revertOnlyIf'], string>, target: 'idle', actions: refused },
                { target: 'idle', actions: [notify, cleared, ...refreshed] },
              ],
      },
    } as const;
  }

  /** A change sent as soon as its start event comes (a status). */
  function sentAtOnce<TStart extends TEvent['type'], TField extends keyof TContext, const TChange extends Change<TContext, TEvent, TStart, TField>>(
    change: TChange & { start: TStart; field: TField },
  ) {
    return {
      idle: keyed(change.start, { target: change.state as TChange['state'], actions: hold(change.field, change.hold) }),
      states: keyed(change.state as TChange['state'], sendingState(change)),
    };
  }

  /** A change the operator confirms first, in a dialog (a delete, a cancel). */
  function confirmedFirst<TStart extends TEvent['type'], TField extends keyof TContext, const TChange extends ConfirmedChange<TContext, TEvent, TStart, TField>>(
    change: TChange & { start: TStart; field: TField },
  ) {
    const dialog = {
      description: change.dialog,
      on: {
        ...keyed(change.dismiss as TChange['dismiss'], { target: 'idle', actions: clear(change.field) }),
        ...keyed(change.confirm as TChange['confirm'], change.state as TChange['state']),
      },
    };
    type States = Spelled<{ [K in TChange['confirming']]: typeof dialog } & { [K in TChange['state']]: ReturnType<typeof sendingState<TStart, TField, TChange>> }>;
    return {
      idle: keyed(change.start, { target: change.confirming as TChange['confirming'], actions: hold(change.field, change.hold) }),
      states: { ...keyed(change.confirming, dialog), ...keyed(change.state, sendingState(change)) } as States,
    };
  }

  return { region: mutationRegion, confirmedFirst, sentAtOnce };
}
