import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CaseSpec } from '../src/model/e2e.js';
import { selectUnits, stratifiedSample } from '../src/suite/select.js';
import { loadSuite } from '../src/suite/load.js';

function cases(spec: Record<string, number>): CaseSpec[] {
  return Object.entries(spec).flatMap(([stratum, count]) => {
    const [ability, split] = stratum.split('/') as [string, 'dev' | 'heldout' | undefined];
    return Array.from({ length: count }, (_, index) => ({ name: `${stratum}-${index}`, ability, split }) as unknown as CaseSpec);
  });
}

test('a sample keeps each ability and split in proportion, and the same seed draws the same cases', () => {
  const suite = cases({ 'extraction/dev': 20, 'isolation/dev': 10, 'isolation/heldout': 10 });
  const drawn = stratifiedSample(suite, 8, 3);
  const count = (prefix: string) => drawn.filter((spec) => spec.name.startsWith(prefix)).length;
  assert.equal(drawn.length, 8);
  assert.deepEqual([count('extraction/dev'), count('isolation/dev'), count('isolation/heldout')], [4, 2, 2]);
  assert.deepEqual(stratifiedSample(suite, 8, 3), drawn, 'seeded: the same cases every time');
  assert.notDeepEqual(stratifiedSample(suite, 8, 4).map((spec) => spec.name), drawn.map((spec) => spec.name), 'another seed draws others');
  // In the suite's order.
  assert.deepEqual(drawn.map((spec) => suite.indexOf(spec)), drawn.map((spec) => suite.indexOf(spec)).sort((a, b) => a - b));
  // Shares that do not divide evenly still add up to n.
  assert.equal(stratifiedSample(cases({ a: 3, b: 3, c: 3 }), 4, 1).length, 4);
});

test("--repeat of the suite's own repeat narrows nothing: no selection, so the run is the whole suite's (a baseline like any); another repeat is a selection", () => {
  const suite = loadSuite('suites/examples/assistant-memory/suite.yaml', process.cwd());
  assert.equal(suite.e2e!.repeat, 3);
  const none = { cases: [], abilities: [], queries: [] };
  const same = selectUnits(suite, { ...none, repeat: 3 });
  assert.equal(same.selection, undefined);
  assert.equal(same.suite.e2e!.repeat, 3);
  const fewer = selectUnits(suite, { ...none, repeat: 1 });
  assert.deepEqual(fewer.selection?.by, ['--repeat']);
  assert.equal(fewer.suite.e2e!.repeat, 1);
});
