// The adapter SDK's published types: what an adapter returns is what recall-gate records, and a
// TypeScript adapter importing `recall-gate/adapter` (the package's exports) type-checks against
// dist/adapter.d.ts, and is refused when it returns the wrong shape.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import type * as Sdk from '../src/adapter/types.js';
import type { Artifact, MemoryOp, ToolCall } from '../src/model/e2e.js';
import type { ChatReply, ChatRequest } from '../src/model/chat.js';
import { REPO_ROOT } from './support/cli.js';

/** Compile-time: each SDK shape is one recall-gate accepts (tsc fails the build when they drift). */
type Accepts<Recorded, Sent extends Recorded> = Sent;
type _ToolCall = Accepts<ToolCall, Sdk.ToolCall>;
type _Artifact = Accepts<Artifact, Sdk.Artifact>;
type _MemoryOp = Accepts<MemoryOp, Sdk.MemoryOp>;
type _Recalled = Accepts<NonNullable<ChatReply['recalled']>[number], Sdk.RecalledMemory>;
/** ...and recall-gate's chat request fits the SDK's params (less its own history, which adapters never get). */
type _Request = Accepts<Sdk.ChatParams, Omit<ChatRequest, 'history'>>;
export type SdkShapesChecked = [_ToolCall, _Artifact, _MemoryOp, _Recalled, _Request];

/**
 * Type-checks `source` as a module at the repository's root (in memory: nothing is written), so
 * `recall-gate/adapter` resolves through package.json's exports, as in a user's project.
 */
function typeErrors(source: string): string[] {
  const file = join(REPO_ROOT, 'sdk-consumer.ts');
  const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], strict: true, noEmit: true, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => name === file || fileExists(name);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

test('a TypeScript adapter on recall-gate/adapter type-checks against dist/adapter.d.ts, and a wrong result is refused', { skip: !existsSync(join(REPO_ROOT, 'dist', 'adapter.d.ts')) && 'dist/ is not built (npm run bundle)' }, () => {
  const adapter = (chat: string) => `
    import { serveAdapter, AdapterError, ErrorCode, type ChatParams, type ChatResult } from 'recall-gate/adapter';
    const chat = async ({ user, message, memory, oracle, session, fault }: ChatParams): Promise<ChatResult> => {
      if (fault) throw new AdapterError(ErrorCode.methodNotFound, 'no faults here');
      ${chat}
    };
    await serveAdapter({ reset: () => {}, chat, search: ({ limit }) => ({ results: [{ id: 'a', text: 'A', score: limit }] }) }, { name: 'typed' });
  `;
  assert.deepEqual(
    typeErrors(
      adapter(
        "return { reply: `${user} ${message} ${memory} ${oracle?.join(' ')} ${session ?? ''}`, recalled: [], usage: { input_tokens: 1, output_tokens: 2, model: 'gpt-4o-mini' }, tool_calls: [{ name: 'connect_db', arguments: { host: 'db-2' } }], artifacts: [{ path: 'out.csv', content: 'a,b' }], memory_ops: [{ op: 'insert', label: 'human', text: message }] };",
      ),
    ),
    [],
  );
  const refused = typeErrors(adapter("return { reply: 42, memory_ops: [{ op: 'upsert' }] };")).join('\n');
  assert.match(refused, /Type 'number' is not assignable to type 'string'/);
});
