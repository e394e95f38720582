#!/usr/bin/env python3
"""The adapter between recall-gate and your agent.

recall-gate calls these handlers over JSON-RPC (suite.yaml starts
``python3 adapter.py --stdio``), and they call your agent. The Python adapter
SDK, ``recall_gate_adapter.py`` beside this file, speaks the protocol, checks
the params and sends print() to stderr, so stdout stays the protocol's. It is
one file, standard library only, Python 3.9+: `recall-gate init` copied it
here from the recall-gate package (``node_modules/recall-gate/python/``),
so nothing needs installing; copy it again to update it.

It starts around a STAND-IN AGENT (below): per-user memory searched by word
overlap and a rule-based "model", deterministic, no key, no network, so the
first run is green. Replace it with calls into your agent where the comments
say YOUR AGENT, then run the suite again.

    python3 adapter.py --stdio              what recall-gate runs
    python3 adapter.py --http --port 8787   the same over HTTP (prints its URL first)
"""

import re

from recall_gate_adapter import serve_adapter

# ---------------------------------------------------------------------------
# The stand-in agent. Delete it once your agent is wired in.
# ---------------------------------------------------------------------------

STOPWORDS = set(
    "a an and are as at be by can did do does for from get go had has have how i i'm in is it me my of on or our should so "
    "that the them then there this to was we were what when where which who why will with you your".split()
)
QUESTION_WORDS = {"what", "where", "when", "who", "which", "why", "how", "do", "does", "did", "is", "are", "am", "can"}
DATED = re.compile(r"^\[(\d{4}-\d{2}-\d{2})\] (.*)$", re.S)
# The stand-in's "model" quotes one memory, so it recalls one, and only to answer a question.
RECALL_LIMIT = 1


def words(text):
    """The words that say what a text is about, a plural "s" dropped ("peanuts" meets "peanut")."""
    found = (word for word in re.findall(r"[a-z0-9']+", text.lower()) if word not in STOPWORDS)
    return {word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word for word in found}


def is_question(message):
    text = message.strip()
    return text.endswith("?") or (text.split() or [""])[0].lower() in QUESTION_WORDS


class StandInAgent:
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

    def all(self, user):
        return self.memories.get(user, [])

    def recall(self, user, query, limit):
        """Memories sharing words with the query: most shared words first, then the newer."""
        wanted = words(query)
        hits = [(len(wanted & words(entry["text"])), entry.get("date", ""), order, entry) for order, entry in enumerate(self.all(user))]
        hits = sorted((hit for hit in hits if hit[0] > 0), key=lambda hit: hit[:3], reverse=True)
        return [dict(entry, score=score) for score, _, _, entry in hits[:limit]]

    @staticmethod
    def reply(message, recalled):
        """The "model": a statement is noted; a question is answered by quoting the best memory, or "I don't know." """
        if not is_question(message):
            return "Got it, I will remember that."
        if not recalled:
            return "I don't know."
        dated = DATED.match(recalled[0]["text"])
        date, text = (dated.group(1), dated.group(2)) if dated else (recalled[0].get("date"), recalled[0]["text"])
        return "On %s you told me: %s" % (date, text) if date else "You told me: %s" % text


agent = StandInAgent()

# ---------------------------------------------------------------------------
# The handlers: what recall-gate asks of your agent. Each takes the checked
# params as a dict and returns the result as a dict; they may be `async def`.
# ---------------------------------------------------------------------------


def reset(params):
    """Before each trial: forget everything about this user. YOUR AGENT: delete the user's memories."""
    agent.forget(params["user"])


def chat(params):
    """One turn of a conversation.

    YOUR AGENT: answer params["message"] as params["user"] on params.get("date"),
    reading and writing memory as it always does, and report what memory
    brought back ("recalled"). params["memory"] is the condition: "recall"
    (memory as it is), "none" (recall nothing) or "oracle" (use the
    params["oracle"] texts instead of searching). Turns with the same
    "session" are one conversation: keep its history; the probe has none.
    """
    user, message, mode = params["user"], params["message"], params["memory"]
    if mode == "none" or not is_question(message):
        recalled = []
    elif mode == "oracle":
        recalled = [{"text": text} for text in params.get("oracle", [])]
    else:
        recalled = agent.recall(user, message, RECALL_LIMIT)
    reply = agent.reply(message, recalled)
    # The agent keeps what it is told under every condition (questions are not facts).
    if not is_question(message):
        agent.remember(user, message, params.get("date"))
    shown = [{key: hit[key] for key in ("id", "text", "score") if key in hit} for hit in recalled]
    return {"reply": reply, "recalled": shown}


def add(params):
    """The retrieval layer seeds memories with their ids. YOUR AGENT: store each in its memory, keeping the id."""
    for memory in params["memories"]:
        agent.remember(params["user"], memory["text"], memory.get("date"), memory["id"])


def search(params):
    """The retrieval layer's search, best first: recall-gate scores this order. YOUR AGENT: its memory search."""
    hits = agent.recall(params["user"], params["query"], params["limit"])
    return {"results": [{"id": hit["id"], "text": hit["text"], "score": hit["score"]} for hit in hits]}


def list_memories(params):
    """Everything remembered about the user (memory graders read it). YOUR AGENT: list its memories."""
    return {"memories": agent.all(params["user"])}


if __name__ == "__main__":
    serve_adapter(reset=reset, chat=chat, add=add, search=search, list=list_memories, name="my agent")
