import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getStateNodes } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { pathRegistry } from '../../src/machines/path-model/registry';
import { allTransitions, coverage, generatePaths, predictedSteps, startsOf } from '../../src/machines/path-model/model';

/**
 * Issue 9: every machine has a path model in the registry (tests/support/path-registry.ts, which
 * `npm run paths` prints), and the registered models' generated paths cover every state and every
 * transition. A new machine without a model, or a new transition no path takes, fails here.
 *
 * Machines are found by importing every module under src/machines and keeping the exported values
 * that are StateMachine instances: `setup().createMachine(...)` machines and the typed instances
 * generic factories (record-list, record-form, settings-form) return, e.g. `pickupsListMachine`.
 * The factories themselves are functions, not machines: they are covered through their typed
 * instances. `.provide()`d live variants keep their base machine's id, so they need no entry.
 */
const machineModules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.ts', { eager: true });

/**
 * Machines exported only as the abstract base of a factory's typed instances, which have their own
 * entries. Each id here needs a comment saying which instances cover it. None today: the factories
 * export functions, not base machines.
 */
const ABSTRACT_BASES: ReadonlySet<string> = new Set<string>([]);

/**
 * Further typed instances of a factory whose graph is the same, state for state and transition for
 * transition, as an instance that has a registry entry; they differ only in injected functions
 * (how loaded data becomes form values, how a failure is worded), which no path can see. The test
 * below proves the graphs are the same, so a sibling that grows its own states needs its own entry.
 */
const FACTORY_SIBLINGS: Readonly<Record<string, string>> = {
  // createSettingsFormMachine (settings/form.machine.ts): the settings tabs; `settings-form` explores the Operators tab.
  businessInfoForm: 'operatorProfileForm',
  billingForm: 'operatorProfileForm',
  configurationForm: 'operatorProfileForm',
};

/** Every module on disk under src/machines, so the glob above cannot silently miss one. */
function machineModulesOnDisk(): string[] {
  const root = resolve(process.cwd(), 'src/machines');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `../../src/machines/${file}`)
    .sort();
}

const exportedMachines: Array<{ file: string; name: string; machine: AnyStateMachine }> = Object.entries(machineModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine)
    .map(([name, machine]) => ({ file, name, machine })),
);
const machineById = new Map(exportedMachines.map(({ machine }) => [machine.id, machine]));

/** A machine's graph with its own id taken out: state nodes and transitions, as labels. */
function shape(machine: AnyStateMachine) {
  const anonymous = (text: string) => text.split(machine.id).join('<id>');
  return {
    states: [machine.root, ...getStateNodes(machine.root)].map((node) => anonymous(node.id)).sort(),
    transitions: allTransitions(machine).map((t) => anonymous(t.label)).sort(),
  };
}

const registered = Object.entries(pathRegistry).map(([name, plan]) => ({ name, starts: startsOf(plan) }));
const registeredIds = new Set(registered.map(({ starts }) => starts[0].model.machine.id));

describe('path registry', () => {
  it('imports every module under src/machines', () => {
    expect(Object.keys(machineModules).sort()).toEqual(machineModulesOnDisk());
  });

  it('finds the exported machines, factory instances included', () => {
    const ids = new Set(exportedMachines.map(({ machine }) => machine.id));
    for (const id of ['session', 'offersList', 'snackbar', 'pickupsList', 'pickupForm', 'operatorProfileForm']) expect(ids).toContain(id);
    // One machine file at least one machine; a module that stops exporting its machine shows here.
    const files = Object.keys(machineModules).filter((file) => file.endsWith('.machine.ts') || file.endsWith('/machine.ts'));
    const withMachine = new Set(exportedMachines.map(({ file }) => file));
    const factoriesOnly = ['shared/record-form.machine.ts', 'shared/record-list.machine.ts', 'settings/form.machine.ts', 'shared/poller.machine.ts'];
    expect(files.filter((file) => !withMachine.has(file) && !factoriesOnly.some((name) => file.endsWith(name)))).toEqual([]);
  });

  it('has a path model for every exported machine', () => {
    const missing = exportedMachines
      .filter(({ machine }) => !registeredIds.has(machine.id) && !ABSTRACT_BASES.has(machine.id) && !(machine.id in FACTORY_SIBLINGS))
      .map(({ file, name, machine }) => `${name} (id "${machine.id}") in ${file.replace('../../', '')}`);
    expect(missing).toEqual([]);
  });

  it('allows only machines that exist as abstract bases', () => {
    const ids = new Set(exportedMachines.map(({ machine }) => machine.id));
    expect([...ABSTRACT_BASES].filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(Object.entries(FACTORY_SIBLINGS))('factory instance %s has the same graph as %s, which is registered', (sibling, covered) => {
    expect(registeredIds).toContain(covered);
    expect(registeredIds).not.toContain(sibling);
    const machine = machineById.get(sibling);
    const registeredMachine = machineById.get(covered);
    expect(machine).toBeDefined();
    expect(registeredMachine).toBeDefined();
    expect(shape(machine!)).toEqual(shape(registeredMachine!));
  });

  it('is listed, name for name, in the README\'s `npm run paths` line', () => {
    const line = readFileSync(resolve(process.cwd(), 'README.md'), 'utf8')
      .split('\n')
      .find((text) => text.startsWith('| `paths -- <machine>` |'));
    expect(line).toBeDefined();
    const listed = [...line!.slice(line!.lastIndexOf('(')).matchAll(/`([a-z-]+)`/g)].map(([, name]) => name);
    expect(listed).toEqual(Object.keys(pathRegistry));
  });

  it('registers only exported machines', () => {
    const ids = new Set(exportedMachines.map(({ machine }) => machine.id));
    expect([...registeredIds].filter((id) => !ids.has(id))).toEqual([]);
  });

  it('has one entry a machine: its starts share the machine id, and each start has a label when there are several', () => {
    const ids = registered.map(({ starts }) => starts[0].model.machine.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const { name, starts } of registered) {
      expect({ name, machines: [...new Set(starts.map(({ model }) => model.machine.id))] }).toEqual({ name, machines: [starts[0].model.machine.id] });
    }
    const unlabelled = registered.filter(({ starts }) => starts.length > 1 && starts.some(({ label }) => label.trim() === '')).map(({ name }) => name);
    expect(unlabelled).toEqual([]);
  });

  describe.each(registered.map(({ name, starts }) => [name, starts.length, starts] as const))('machine %s (%i start(s))', (_, __, starts) => {
    const generated = starts.map(({ label, model }) => ({ label, model, paths: generatePaths(model) }));

    it.each(generated.map(({ label, paths }) => [label || 'the only start', paths] as const))('start "%s" generates paths', (_label, paths) => {
      expect(paths.length).toBeGreaterThan(0);
    });

    it('the generated paths predict a step into every state node and through every transition', () => {
      const { machine } = starts[0].model;
      const report = coverage(
        machine,
        generated.flatMap(({ paths }) => paths.map((path) => ({ steps: predictedSteps(path) }))),
      );
      expect(report.stateNodes.missing).toEqual([]);
      expect(report.transitions.missing).toEqual([]);
      expect(report.transitions.total).toBe(allTransitions(machine).length);
      expect(report.complete).toBe(true);
    });
  });
});
