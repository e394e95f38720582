import type { MemoryEntry } from '../model/e2e.js';
import type { ChatRequest, ChatReply } from '../model/chat.js';

/** The agent under test. */
export interface Target {
  /** Forgets everything about this user (called before each trial). */
  reset(user: string): Promise<void>;
  chat(request: ChatRequest): Promise<ChatReply>;
  /** The user's memory as it stands now; absent when the target cannot list (memory graders are then errors saying so). */
  list?(user: string): Promise<MemoryEntry[]>;
  /** Ends connections or child processes. */
  close(): Promise<void>;
}
