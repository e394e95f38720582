import type { SourceLocation } from '../model/source.js';
import { childPath } from '../gate/evaluate.js';
import type { GateNode, GateSpec } from '../model/gate.js';

/** The gate as the evaluator reads it: the top-level all/any is the root. */
export function gateSpecOf(raw: Record<string, unknown>): GateSpec {
  const root = (raw.all ? { all: raw.all } : { any: raw.any }) as GateNode;
  const split = raw.split as GateSpec['split'] | undefined;
  return { root, skipped_layers: (raw.skipped_layers as GateSpec['skipped_layers'] | undefined) ?? 'waive', ...(split ? { split } : {}) };
}

/** Each condition's place in the suite, keyed by the same path the verdict rows use ("all[2].any[0]"). */
export function gateLocations(raw: Record<string, unknown>, locate: (path: (string | number)[]) => SourceLocation): Record<string, SourceLocation> {
  const locations: Record<string, SourceLocation> = {};
  const walk = (node: Record<string, unknown>, dataPath: (string | number)[], label: string) => {
    for (const kind of ['all', 'any'] as const) {
      const children = node[kind] as Record<string, unknown>[] | undefined;
      children?.forEach((child, index) => {
        const childLabel = childPath(label, kind, index);
        locations[childLabel] = locate([...dataPath, kind, index]);
        walk(child, [...dataPath, kind, index], childLabel);
      });
    }
  };
  walk(raw, [], '');
  return locations;
}
