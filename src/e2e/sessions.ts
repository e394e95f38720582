import type { ChatTurn } from '../model/chat.js';
import type { SessionSpec } from '../model/e2e.js';

/** One turn of a planted session, as the agent is asked it. */
export interface SessionTurn {
  /** 1-based index of the session among the case's planted sessions. */
  session: number;
  /** 1-based turn within the session. */
  turn: number;
  date?: string;
  message: string;
  /** The session's earlier turns and the agent's replies to them, oldest first. */
  history: ChatTurn[];
}

/**
 * Plays a case's planted sessions in order. Within a session the turns are one
 * conversation: each turn is asked with the turns and replies before it as
 * history. Each session starts a new conversation, so across sessions only
 * memory carries anything over.
 */
export async function playSessions(sessions: readonly SessionSpec[], say: (turn: SessionTurn) => Promise<{ reply: string }>): Promise<void> {
  for (const [sessionIndex, session] of sessions.entries()) {
    const history: ChatTurn[] = [];
    for (const [turnIndex, message] of session.turns.entries()) {
      const { reply } = await say({
        session: sessionIndex + 1,
        turn: turnIndex + 1,
        ...(session.date ? { date: session.date } : {}),
        message,
        history: [...history],
      });
      history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
    }
  }
}
