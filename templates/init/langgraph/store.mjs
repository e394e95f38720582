// YOUR STORE: the LangGraph BaseStore your agent keeps its long-term memory
// in. adapter.mjs calls createStore() once and keeps each user's memories in
// the namespace [user, "memories"], one item per memory, its value
// { text, date? } (the index embeds "text"). Return your own store here (a
// database-backed one from LangGraph's packages is built the same way), with
// the index your agent uses.
//
// `embeddings` is a LangChain Embeddings on the OpenAI-compatible endpoint
// (OPENAI_BASE_URL, OPENAI_API_KEY, EMBEDDING_MODEL), `dims` its vectors' size.

import { InMemoryStore } from '@langchain/langgraph';

export function createStore({ embeddings, dims }) {
  return new InMemoryStore({ index: { dims, embeddings, fields: ['text'] } });
}
