import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { addressLookupMachine, selectLookupOutcome } from '../../src/machines/pickups/address-lookup.machine';
import { addressLookupPathModel, FOUND_POSITION } from '../../src/machines/pickups/address-lookup.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, generatePaths, firstPathTaking } from '../../src/machines/path-model/model';

const paths = generatePaths(addressLookupPathModel);

const pathTaking = (label: string) => firstPathTaking(addressLookupMachine, paths, label);

describe('address look-up machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(addressLookupPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(addressLookupPathModel, path));
    const report = coverage(addressLookupMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(5);
    expect(report.transitions.total).toBe(8);
    expect(report.complete).toBe(true);
    expect(paths).toHaveLength(4);
  });

  describe('include the operator-facing branches by name', () => {
    it('"Find from address" asks the geocoder for the trimmed address in its country', () => {
      const { state } = pathTaking('addressLookup —lookup.find [hasAddress]→ addressLookup.finding');
      expect(selectLookupOutcome(state.machine)).toBe('finding');
      expect(state.machine.context.query).toEqual({ address: 'Carrer de Sueca 27, València', country: 'ES' });
    });

    it('a position found is kept (and emitted for the form)', () => {
      const { state } = pathTaking('addressLookup.finding —xstate.done.actor.geocode [wasFound]→ addressLookup.found');
      expect(state.machine.context.found).toEqual(FOUND_POSITION);
    });

    it('nothing found, or no answer, says so; Find again or a map click moves on', () => {
      expect(selectLookupOutcome(pathTaking('addressLookup.finding —xstate.done.actor.geocode→ addressLookup.notFound').state.machine)).toBe('notFound');
      expect(selectLookupOutcome(pathTaking('addressLookup.finding —xstate.error.actor.geocode→ addressLookup.failed').state.machine)).toBe('failed');
      expect(selectLookupOutcome(pathTaking('addressLookup.notFound —lookup.dismiss→ addressLookup.idle').state.machine)).toBe('idle');
    });

    it('a blank address asks nothing', () => {
      const actor = createActor(addressLookupMachine).start();
      actor.send({ type: 'lookup.find', address: '   ', country: 'ES' });
      expect(selectLookupOutcome(actor.getSnapshot())).toBe('idle');
      expect(actor.getSnapshot().context.query).toBeNull();
      actor.stop();
    });
  });
});
