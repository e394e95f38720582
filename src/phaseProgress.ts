/**
 * How core code reports a long phase (validating rows, seeding memories,
 * embedding queries, searching): what it is doing and how far it is. Called
 * often; the entry point that passes it decides whether and when to show it.
 */
export type PhaseProgress = (phase: string, done: number, total: number) => void;
