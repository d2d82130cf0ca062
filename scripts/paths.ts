/**
 * Prints the generated paths of our state machines as a Markdown test plan for QA:
 *
 *   npm run paths              every registered machine
 *   npm run paths -- session   one machine
 *
 * The paths are the ones tests/machines/*.paths.test.ts run against real actors, so the plan and
 * the tests cannot drift apart.
 */
import { formatPlan } from '../src/machines/path-model/model';
import { pathRegistry } from '../src/machines/path-model/registry';

function main(names: string[]): number {
  const unknown = names.filter((name) => !(name in pathRegistry));
  if (unknown.length > 0) {
    console.error(`Unknown machine: ${unknown.join(', ')}. Known: ${Object.keys(pathRegistry).join(', ')}.`);
    return 1;
  }
  const chosen = names.length > 0 ? names : Object.keys(pathRegistry);
  process.stdout.write(chosen.map((name) => formatPlan(name, pathRegistry[name])).join('\n'));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
