import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBaseline } from '../src/action/baseline.js';

test('the baseline input takes false as it takes none: no baseline, and the cache is not asked', async () => {
  for (const mode of ['none', 'false']) {
    const baseline = await loadBaseline(mode, 'suite-x');
    assert.equal(baseline.results, undefined);
    assert.equal(baseline.note, `none (baseline: ${mode})`);
  }
});
