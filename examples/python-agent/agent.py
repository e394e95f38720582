"""A toy Python agent with long-term memory, served to recall-gate by the Python adapter SDK.

Per-user memory of dated statements, searched by word overlap; a "model"
that quotes the best memory it recalled, or says it does not know. No model,
no key, no package: replace ToyAgent with your agent. Run it as recall-gate
does:

    python3 agent.py --stdio            # JSON-RPC over stdin/stdout
    python3 agent.py --http --port 8787 # over HTTP; prints http://127.0.0.1:8787/ first

--verbose logs each chat (with print(): the SDK sends it to stderr).
"""

import asyncio
import os
import re
import sys
import time

# The SDK is one file: in your project put recall_gate_adapter.py beside this
# one (or point here at node_modules/recall-gate/python/).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from recall_gate_adapter import serve_adapter  # noqa: E402

# Words that say nothing about what a memory is about.
STOPWORDS = set(
    "a an and are as at be by can did do does for from get go had has have how i i'm in is it me my "
    "of on or our should so that the them then there this to was we were what when where which who "
    "why will with you your".split()
)
QUESTION_WORDS = {"what", "where", "when", "who", "which", "why", "how", "do", "does", "did", "is", "are", "am", "can"}
RECALL_LIMIT = 3
RECALL_DEADLINE_S = 0.1
# The agent's own flag shares the command line with the SDK's --stdio / --http.
VERBOSE = "--verbose" in sys.argv
DATED = re.compile(r"^\[(\d{4}-\d{2}-\d{2})\] (.*)$", re.S)


def words(text):
    return {word for word in re.findall(r"[a-z0-9']+", text.lower()) if word not in STOPWORDS}


def is_question(message):
    first = message.strip().split(" ", 1)[0].lower()
    return message.rstrip().endswith("?") or first in QUESTION_WORDS


class ToyAgent:
    def __init__(self):
        self.memories = {}  # user -> [{"id", "text", "date"?}], oldest first

    def forget(self, user):
        self.memories.pop(user, None)

    def remember(self, user, text, date=None, memory_id=None):
        entries = self.memories.setdefault(user, [])
        entry = {"id": memory_id or "m%d" % (len(entries) + 1), "text": text}
        if date:
            entry["date"] = date
        entries.append(entry)
        return entry

    def search(self, user, query, limit):
        """Memories sharing words with the query, by how many distinct words they share, newer first on ties."""
        wanted = words(query)
        scored = []
        for order, entry in enumerate(self.memories.get(user, [])):
            score = len(wanted & words(entry["text"]))
            if score:
                scored.append((score, entry.get("date", ""), order, entry))
        scored.sort(key=lambda hit: hit[:3], reverse=True)
        return [dict(entry, score=score) for score, _, _, entry in scored[:limit]]

    @staticmethod
    def answer(message, recalled):
        """The "model": a statement is noted; a question is answered by quoting the best memory."""
        if not is_question(message):
            return "Got it, I will remember that."
        if not recalled:
            return "I don't know."
        best = recalled[0]
        dated = DATED.match(best["text"])  # oracle texts come as "[YYYY-MM-DD] text"
        date, text = (dated.group(1), dated.group(2)) if dated else (best.get("date"), best["text"])
        return "On %s you told me: %s" % (date, text) if date else "You told me: %s" % text


agent = ToyAgent()


def reset(params):
    agent.forget(params["user"])


async def chat(params):
    user, message, mode, fault = params["user"], params["message"], params["memory"], params.get("fault")
    started = time.monotonic()
    recall_error = None
    if fault == "timeout":
        await asyncio.sleep(RECALL_DEADLINE_S)  # the search outlives the deadline: answer without it
        recalled, recall_error = [], "memory search timed out after %d ms" % (RECALL_DEADLINE_S * 1000)
    elif fault == "down":
        recalled, recall_error = [], "memory service unavailable"
    elif fault == "empty" or mode == "none":
        recalled = []
    elif mode == "oracle":
        recalled = [{"text": text, "score": 1} for text in params.get("oracle", [])]
    else:
        recalled = agent.search(user, message, RECALL_LIMIT)
    recall_ms = (time.monotonic() - started) * 1000
    if VERBOSE:
        # print() is safe here: the SDK sends it to stderr, where recall-gate shows it as the adapter's log.
        print("chat %s (%s): recalled %d for %r" % (user, mode, len(recalled), message))
    reply = agent.answer(message, recalled)
    # Statements are stored under every memory mode; questions never (recalled later, one would look like its own answer).
    memory_ops = []
    if not is_question(message):
        agent.remember(user, message, params.get("date"))
        memory_ops.append({"op": "insert", "label": "human", "text": message})
    result = {
        "reply": reply,
        "recalled": recalled,
        "usage": {"input_tokens": len(message.split()) + sum(len(m["text"].split()) for m in recalled), "output_tokens": len(reply.split())},
        "recall_ms": round(recall_ms, 3),
        "memory_ops": memory_ops,
    }
    if recall_error:
        result["recall_error"] = recall_error
    return result


def add(params):
    for memory in params["memories"]:
        agent.remember(params["user"], memory["text"], memory.get("date"), memory["id"])


def search(params):
    hits = agent.search(params["user"], params["query"], params["limit"])
    return {"results": [{"id": hit["id"], "text": hit["text"], "score": hit["score"]} for hit in hits]}


def list_memories(params):
    return {"memories": agent.memories.get(params["user"], [])}


if __name__ == "__main__":
    serve_adapter(reset=reset, chat=chat, add=add, search=search, list=list_memories, name="python-agent")
