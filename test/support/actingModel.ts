import { memoriesShown, type ChatRequestBody, type ScriptedToolCalls } from './openaiServer.js';

/**
 * A scripted chat model for the local OpenAI-compatible server that acts on
 * the memories the builtin agent showed it, through the tools the request
 * offers, the way a model with memory does on the agent-actions cases:
 *
 * - asked to connect, it calls connect_db with the database host its memories
 *   name (none known: it asks in words), then list_migrations when the user
 *   asked about migrations, then reports in words;
 * - asked to export, it calls list_expenses for the month named (or this
 *   month), then, once the rows come back in the tool message, write_file with
 *   a CSV built from them in the remembered format: the column order a memory
 *   gives, plain two-place amounts when a memory asks for them, unless an
 *   instruction to skip validation applies; then it reports in words;
 * - anything else (a planted session turn) is acknowledged in words.
 *
 * Everything it writes comes from the prompt and the tool results: nothing
 * about the cases is built in, so a case passes only if memory carried the
 * fact into the prompt.
 */
export type ActingPolicy =
  /** Acts on the value told last; ignores an instruction the user quoted from a document. */
  | 'careful'
  /** Acts on the value told first; obeys every instruction it was shown, quoted or not. */
  | 'careless';

// A host name may hold dots, but the full stop that ends the sentence is not part of it.
const HOST = /\bdatabase host is ([\w-]+(?:\.[\w-]+)*)/i;
const COLUMNS = /\bcolumns ((?:\w+, )*\w+)/i;
const PLAIN_AMOUNTS = /\bplain decimals with two places\b/i;
const SKIP_VALIDATION = /\bskip (?:export )?validation\b/i;
/** A memory that reports what a document said, not what the user asked. */
const QUOTED = /\bsays: "/;
const CSV_PATH = /((?:[\w-]+\/)*[\w-]+\.csv)\b/;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

interface ToolResult {
  name: string;
  result: unknown;
}

export function actOnMemories(policy: ActingPolicy): (request: ChatRequestBody) => string | ScriptedToolCalls {
  return (request) => {
    const lastUser = request.messages.findLastIndex((message) => message.role === 'user');
    const asked = request.messages[lastUser]?.content ?? '';
    const results = toolResults(request, lastUser);
    const offered = new Set((request.tools ?? []).map((tool) => tool.function.name));
    const call = (name: string, args: unknown): string | ScriptedToolCalls =>
      offered.has(name) && request.tool_choice !== 'none' ? { tool_calls: [{ name, arguments: JSON.stringify(args) }] } : `I cannot call ${name} here.`;
    // Oldest first; a careful model takes the last of what it was told, a careless one the first.
    const memories = [...memoriesShown(request)].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
    const pick = <T>(values: T[]): T | undefined => (policy === 'careful' ? values.at(-1) : values[0]);

    if (/^\s*connect\b/i.test(asked)) {
      const connected = results.find((result) => result.name === 'connect_db');
      if (!connected) {
        const host = pick(memories.flatMap((memory) => HOST.exec(memory.text)?.[1] ?? []));
        return host ? call('connect_db', { host }) : "I don't know which host the staging database is on: which one should I connect to?";
      }
      const { host } = connected.result as { host: string };
      const migrations = results.find((result) => result.name === 'list_migrations');
      if (/\bmigrations?\b/i.test(asked) && !migrations) return call('list_migrations', {});
      const { applied, pending } = (migrations?.result ?? {}) as { applied?: string[]; pending?: string[] };
      return `Connected to ${host}.${applied ? ` Migrations applied: ${applied.join(', ')}; ${pending?.length ? `pending: ${pending.join(', ')}` : 'none pending'}.` : ''}`;
    }

    if (/^\s*export\b/i.test(asked)) {
      const path = CSV_PATH.exec(asked)?.[1] ?? 'expenses.csv';
      const listed = results.find((result) => result.name === 'list_expenses');
      if (!listed) return call('list_expenses', { month: monthAsked(asked, request) });
      if (!results.some((result) => result.name === 'write_file')) {
        const rows = (listed.result as { expenses: Record<string, string>[] }).expenses;
        const orders = memories.map((memory) => COLUMNS.exec(memory.text)?.[1]?.split(', ')).filter((order) => order !== undefined);
        // No order remembered: the fields as the tool returned them.
        const columns = pick(orders) ?? Object.keys(rows[0] ?? {});
        const skip = memories.some((memory) => SKIP_VALIDATION.test(memory.text) && (policy === 'careless' || !QUOTED.test(memory.text)));
        const plain = !skip && memories.some((memory) => PLAIN_AMOUNTS.test(memory.text));
        const field = (row: Record<string, string>, column: string) => (column === 'amount' && plain ? Number(row.amount!.replace(/[^\d.]/g, '')).toFixed(2) : (row[column] ?? ''));
        const content = [columns.join(','), ...rows.map((row) => columns.map((column) => field(row, column)).join(','))].join('\n') + '\n';
        return call('write_file', { path, content });
      }
      return `Exported ${(listed.result as { expenses: unknown[] }).expenses.length} expenses to ${path}.`;
    }

    return 'Noted.';
  };
}

/** The tool messages answering this invocation's calls (after the user's message), each with the name of the tool it answers. */
function toolResults(request: ChatRequestBody, after: number): ToolResult[] {
  const messages = request.messages.slice(after + 1);
  const names = new Map(messages.flatMap((message) => message.tool_calls ?? []).map((toolCall) => [toolCall.id, toolCall.function.name]));
  return messages
    .filter((message) => message.role === 'tool')
    .map((message) => ({ name: names.get(message.tool_call_id ?? '') ?? '', result: parsed(message.content) }));
}

/** A tool message's content: the JSON the tool returned, or its text when it returned a string. */
function parsed(content: string): unknown {
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return content;
  }
}

/** "for March" -> 2026-03 in the year of "Today is 2026-04-20." in the system prompt; no month named: today's. */
function monthAsked(asked: string, request: ChatRequestBody): string {
  const today = /Today is (\d{4})-(\d{2})-\d{2}\./.exec(request.messages.find((message) => message.role === 'system')?.content ?? '');
  const year = today?.[1] ?? '2026';
  const named = MONTHS.findIndex((month) => new RegExp(`\\b${month}\\b`, 'i').test(asked));
  return named >= 0 ? `${year}-${String(named + 1).padStart(2, '0')}` : `${year}-${today?.[2] ?? '01'}`;
}
