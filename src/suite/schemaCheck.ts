import type { ErrorObject } from 'ajv';
import type { InputProblem } from '../model/source.js';
import { closest, didYouMean } from '../source/didYouMean.js';
import { STRING_FORMATS } from './formats.js';
import type { DataPath, SourceFile } from '../source/sourceFile.js';
import type { SchemaPart } from './schemaAjv.js';
import { schemaValidator } from './schemaValidators.js';

export type { SchemaPart } from './schemaAjv.js';

function splitPointer(pointer: string): DataPath {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function describeValue(path: DataPath): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the suite';
  return typeof last === 'number' ? `item ${last + 1}` : `"${last}"`;
}

/** Turns one ajv error into a message a person can act on, or undefined to drop it as noise. */
function toProblem(error: ErrorObject, file: SourceFile, basePath: DataPath): InputProblem | undefined {
  const path = [...basePath, ...splitPointer(error.instancePath)];
  const subject = describeValue(path);
  const schema = error.parentSchema as { properties?: Record<string, unknown>; enum?: unknown[] } | undefined;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String((error.params as { additionalProperty: string }).additionalProperty);
      const allowed = Object.keys(schema?.properties ?? {});
      return {
        where: file.locate(path, { keyOf: key }),
        message: `unknown key "${key}"`,
        hint: didYouMean(key, allowed) ?? `allowed keys: ${allowed.join(', ')}`,
      };
    }
    case 'required': {
      const key = String((error.params as { missingProperty: string }).missingProperty);
      return { where: file.locate(path), message: `missing required key "${key}"` };
    }
    case 'enum': {
      const allowed = ((error.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String);
      return {
        where: file.locate(path),
        message: `${subject} must be one of: ${allowed.join(', ')}; got ${JSON.stringify(error.data)}`,
        hint: typeof error.data === 'string' ? (otherSpelling(error.data, allowed) ?? didYouMean(error.data, allowed)) : undefined,
      };
    }
    case 'type': {
      const expected = String((error.params as { type: string | string[] }).type).replace(',', ' or ');
      return { where: file.locate(path), message: `${subject} must be ${article(expected)}; got ${typeName(error.data)}` };
    }
    case 'pattern':
      // A key of a map (env: names) rather than a value: shown at the key, by its name.
      if (error.propertyName !== undefined) {
        return { where: file.locate(path, { keyOf: error.propertyName }), message: `${subject}: the key ${patternMessage(error)}; got ${JSON.stringify(error.propertyName)}` };
      }
      return { where: file.locate(path), message: `${subject} ${patternMessage(error)}; got ${JSON.stringify(error.data)}` };
    case 'format': {
      const format = STRING_FORMATS[(error.params as { format: string }).format];
      const value = String(error.data);
      const shown = format?.shown ? format.shown(value) : value;
      return { where: file.locate(path), message: `${subject} must be ${format?.expected ?? error.message}; got ${JSON.stringify(shown)}: ${format?.problem(value) ?? 'invalid'}` };
    }
    case 'propertyNames':
      // Its `pattern` error above says which key and why.
      return undefined;
    case 'not': {
      // `not` only forbids keys of one provider kind on another.
      const data = (error.data ?? {}) as Record<string, unknown>;
      const rule = /\/allOf\/(\d+)\//.exec(error.schemaPath)?.[1];
      const candidates = rule === '1' ? ['embedding'] : rule === '4' ? ['url'] : Object.keys(KIND_ONLY_KEYS).filter((key) => key !== 'embedding' && key !== 'url');
      // The key this kind may not have (an mcp provider's command is allowed, its tenant is not).
      const key = candidates.find((name) => name in data && !KIND_ONLY_KEYS[name]!.split(/, | and /).includes(String(data.kind))) ?? candidates.find((name) => name in data) ?? candidates[0]!;
      const kinds = KIND_ONLY_KEYS[key]!;
      return {
        where: file.locate(path, { keyOf: key }),
        message: `"${key}" only applies to ${kinds} providers`,
        hint: `remove it or change kind to ${kinds.split(/, | and /)[0]}`,
      };
    }
    case 'dependencies': {
      // flags needs regex, or_asks abstains, min f1; epsilon tunes the rank_bm25 preset, the one value preset takes.
      const { property, missingProperty } = error.params as { property: string; missingProperty: string };
      const add = missingProperty === 'preset' ? `${missingProperty}: rank_bm25` : missingProperty;
      return { where: file.locate(path, { keyOf: property }), message: `"${property}" applies only with "${missingProperty}" set`, hint: `add ${add}, or remove ${property}` };
    }
    case 'oneOf':
      return { where: file.locate(path), message: 'an adapter or mcp provider needs either url (HTTP) or command (stdin/stdout), not both' };
    case 'minItems':
    case 'minProperties': {
      const limit = Number((error.params as { limit: number }).limit);
      return { where: file.locate(path), message: limit === 1 ? `${subject} must not be empty` : `${subject} needs at least ${limit} entries` };
    }
    case 'if':
      return undefined;
    default:
      return { where: file.locate(path), message: `${subject} ${error.message ?? 'is invalid'}` };
  }
}

/** Provider keys that belong to some kinds only, and which. */
const KIND_ONLY_KEYS: Record<string, string> = {
  url: 'chroma, adapter and mcp',
  command: 'adapter and mcp',
  cwd: 'adapter and mcp',
  headers_env: 'adapter and mcp',
  env: 'adapter and mcp',
  timeout_ms: 'chroma, adapter and mcp',
  tools: 'mcp',
  tenant: 'chroma',
  database: 'chroma',
  api_key_env: 'chroma',
  auth_header: 'chroma',
  keep_collection: 'chroma',
  hnsw: 'chroma',
  embedding: 'vector and chroma',
  preset: 'keyword',
  epsilon: 'keyword',
};

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  // JSON.stringify writes NaN and Infinity as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return `number ${String(value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

function patternMessage(error: ErrorObject): string {
  const pattern = String((error.params as { pattern: string }).pattern);
  if (pattern === '^[^\\s]+$') return 'must not contain spaces';
  if (pattern.startsWith('^\\d{4}')) return 'must be a date written YYYY-MM-DD';
  if (pattern === '^[a-zA-Z0-9_-]{1,64}$') return 'must be 1 to 64 letters, digits, "_" or "-" (the chat API\'s rule for tool names)';
  if (pattern.startsWith('^[A-Za-z0-9]')) return 'must start with a letter or digit and use only letters, digits, ".", "_" and "-"';
  if (pattern.startsWith('^[A-Za-z_]')) return 'must be an environment variable name';
  if (pattern.startsWith('^[^#]')) return 'must be path.mjs#export (a file relative to the suite, then the exported function)';
  if (pattern.startsWith('^variant:')) return 'must be variant:NAME, NAME one of the suite\'s variants';
  return `must match ${pattern}`;
}

/** Comparisons as other tools spell them: the edit distance would offer "gt" for "ge", the opposite of what was meant. */
const COMPARISON_SPELLINGS: Record<string, string> = {
  ge: 'gte',
  geq: 'gte',
  '>=': 'gte',
  '=>': 'gte',
  '≥': 'gte',
  le: 'lte',
  leq: 'lte',
  '<=': 'lte',
  '=<': 'lte',
  '≤': 'lte',
  '>': 'gt',
  '<': 'lt',
  '==': 'eq',
  '=': 'eq',
  '===': 'eq',
};

function otherSpelling(written: string, allowed: readonly string[]): string | undefined {
  const meant = COMPARISON_SPELLINGS[written.trim().toLowerCase()];
  return meant !== undefined && allowed.includes(meant) ? `did you mean "${meant}"?` : undefined;
}

/** Schema problems of data read from `file` (at `basePath` within it), ordered by position. */
export function checkSchema(part: SchemaPart, data: unknown, file: SourceFile, basePath: DataPath = []): InputProblem[] {
  const validate = schemaValidator(part);
  if (validate(data)) return [];
  const errors = withoutMisspeltRequired(validate.errors ?? []);
  const problems = errors.map((error) => toProblem(error, file, basePath)).filter((problem): problem is InputProblem => problem !== undefined);
  return dedupe(problems);
}

/**
 * "knd: keyword" is one mistake, not two: when an unknown key is a likely typo
 * of a required key missing at the same place, only the unknown key is reported.
 */
function withoutMisspeltRequired(errors: ErrorObject[]): ErrorObject[] {
  const typos = new Set<string>();
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue;
    const key = String((error.params as { additionalProperty: string }).additionalProperty);
    const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const meant = closest(key, allowed);
    if (meant) typos.add(`${error.instancePath}\0${meant}`);
  }
  return errors.filter(
    (error) => error.keyword !== 'required' || !typos.has(`${error.instancePath}\0${(error.params as { missingProperty: string }).missingProperty}`),
  );
}

function dedupe(problems: InputProblem[]): InputProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.where.file}:${problem.where.line}:${problem.where.col}:${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
