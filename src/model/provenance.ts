/**
 * results.json `provenance`: what a run was made of, so a change between two
 * runs can be read with its cause (gate/provenanceChanges.ts says what
 * differs). results/provenance.ts collects it. Never a secret: adapter
 * commands are scrubbed, endpoints shown without credentials.
 */
export interface Provenance {
  /** recall-gate's version. */
  recall_gate: string;
  node: string;
  os: { platform: string; release: string; arch: string };
  /** The repository holding the suite: its HEAD commit ("unknown" with why when git is absent or the suite is in none), and whether a tracked file differs from it. */
  git: { commit: string; dirty?: boolean; note?: string };
  /** sha256 of the suite and of every file it reads (memories, queries, cases, prompts, rubrics, labels, tools, scripts), by path relative to the suite's folder. */
  files: Record<string, string>;
  /** Every model the suite names, with the ids the API answered with this run (and, resumed, those the run it continues was answered with). */
  models: ModelProvenance[];
  /** sha256 of recall-gate's own judge instructions, when the suite has a judge. */
  judge_prompt_sha256?: string;
  /** Each adapter process the suite starts, with the lockfiles beside it. */
  adapters: AdapterProvenance[];
  /** The dataset an import made this suite from (import-report.json beside the suite). */
  dataset?: { format: string; source: string; sha256?: string };
}

export type ModelRole = 'chat' | 'judge' | 'embeddings';

export interface ModelProvenance {
  role: ModelRole;
  /** Where the suite names it: "e2e.target", "e2e.judge", "grader tone of case x", "provider ngram-vector". */
  where: string;
  /** The model as the suite names it (and sends it). */
  requested: string;
  /** The `model` field of the API's responses this run (and, resumed, those the run it continues was answered with), every distinct one; absent when no request reported one (a cached embedding, an adapter's own model). */
  answered?: string[];
  /** The OpenAI-compatible endpoint, without credentials; absent for a model recall-gate does not call itself. */
  endpoint?: string;
}

export interface AdapterProvenance {
  /** "e2e.target", "provider mem0". */
  where: string;
  /** The command as started, secrets replaced by ***. */
  command: string[];
  /** The script the command runs (path relative to the suite's folder), hashed: the adapter's own code. Absent when none is found, or it is over 4 MiB. */
  script?: { path: string; sha256: string };
  /** Lockfiles (package-lock.json, poetry.lock, uv.lock, requirements.txt) beside the adapter, nearest first: path relative to the suite's folder -> sha256. */
  lockfiles: Record<string, string>;
}
