#!/usr/bin/env python3
"""Check a run of the keyword provider's `preset: rank_bm25` against an
independent BM25Okapi, query by query.

    python3 scripts/bm25okapi-check.py SUITE_DIR RESULTS_DIR [--provider NAME]

SUITE_DIR holds suite.yaml with `memories:` and `queries:` naming JSONL files
(as `recall-gate import` writes them); RESULTS_DIR is the `run --out` folder,
whose queries/<provider>.jsonl holds each query's ranked ids and scores.

The reference is written here from rank_bm25 0.2.2's BM25Okapi algorithm, with
the Python standard library only (no rank_bm25, no numpy):

- one corpus per user, the user's memories in file order;
- tokens are text.split(" ") (empty strings included), query terms counted
  with repetition;
- idf = ln(N - df + 0.5) - ln(df + 0.5); every negative idf is replaced by
  epsilon x the mean idf of all terms (mean taken before the replacement);
- score = sum over query terms of idf * (tf * (k1 + 1) / (tf + k1 * (1 - b +
  b * len / avgdl))), every memory of the user scored, zero scores too.

For each query of the suite, it compares the provider's first k results with
the reference's k best (k = 10 by default; fewer when the user has fewer
memories). Two numbers are equal when they differ by at most
rel_tol x the larger magnitude + abs_tol (1e-9 and 1e-12 by default):
recall-gate computes in JavaScript, whose Math.log can differ from C's in the
last place, so exact equality would test the libm, not the algorithm.

- scores agree: the two top-k score lists are equal position by position.
  This is the headline figure. It is indifferent to the order of tied
  memories, which neither rank_bm25 nor LongMemEval fixes.
- ids agree up to ties: every id the provider returned at rank i has, in the
  reference, the reference's i-th best score (within tolerance) and no id
  repeats: the provider's list is one of the reference's orderings.
- ids agree exactly: the same ids in the same order, the reference's ties
  broken by id descending (byte-wise), recall-gate's documented tie order.
  Scores that tie in the reference but differ in the last place in
  JavaScript (or the reverse) can swap here and not above.

Prints a summary (or --json) and exits 0 when every query's scores agree,
1 when some do not, 2 on bad input.
"""

import argparse
import json
import math
import os
import re
import sys


class BadInput(Exception):
    pass


def read_jsonl(path):
    rows = []
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if line.strip() == "":
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as error:
                    raise BadInput(f"{path}:{number}:{error.colno}: not JSON ({error.msg})")
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror}")
    return rows


def suite_files(suite_dir):
    """The memories and queries files suite.yaml names (only `key: file.jsonl` lines are read: no YAML parser in the standard library)."""
    path = os.path.join(suite_dir, "suite.yaml")
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror}")
    files = {}
    for key in ("memories", "queries"):
        match = re.search(rf"^\s*{key}:\s*['\"]?([^'\"#\s]+\.jsonl)['\"]?\s*(#.*)?$", text, re.MULTILINE)
        if not match:
            raise BadInput(f"{path}: no `{key}: FILE.jsonl` line (this check reads JSONL memories and queries, as `recall-gate import` writes them)")
        files[key] = os.path.join(suite_dir, match.group(1))
    return files


class BM25Okapi:
    """rank_bm25's BM25Okapi over already tokenized documents."""

    def __init__(self, corpus, k1, b, epsilon):
        self.k1, self.b, self.epsilon = k1, b, epsilon
        self.doc_freqs = []
        self.doc_len = []
        df = {}  # term -> documents holding it, in first-seen order (as rank_bm25's dict)
        total = 0
        for document in corpus:
            self.doc_len.append(len(document))
            total += len(document)
            frequencies = {}
            for word in document:
                frequencies[word] = frequencies.get(word, 0) + 1
            self.doc_freqs.append(frequencies)
            for word in frequencies:
                df[word] = df.get(word, 0) + 1
        self.corpus_size = len(corpus)
        self.avgdl = total / self.corpus_size
        self.idf = {}
        idf_sum = 0.0
        negative = []
        for word, freq in df.items():
            idf = math.log(self.corpus_size - freq + 0.5) - math.log(freq + 0.5)
            self.idf[word] = idf
            idf_sum += idf
            if idf < 0:
                negative.append(word)
        floor = self.epsilon * (idf_sum / len(self.idf))
        for word in negative:
            self.idf[word] = floor

    def get_scores(self, query):
        """Term by term over every document, in rank_bm25's order of operations."""
        k1, b = self.k1, self.b
        scores = [0.0] * self.corpus_size
        for q in query:
            idf = self.idf.get(q) or 0
            for i, frequencies in enumerate(self.doc_freqs):
                tf = frequencies.get(q, 0)
                scores[i] += idf * (tf * (k1 + 1) / (tf + k1 * (1 - b + b * self.doc_len[i] / self.avgdl)))
        return scores


def close(a, b, rel_tol, abs_tol):
    return abs(a - b) <= rel_tol * max(abs(a), abs(b)) + abs_tol


def reference_top(ids, scores, k):
    """The k best (id, score), ties by id descending byte-wise (recall-gate's order; the score check does not depend on it)."""
    order = sorted(range(len(ids)), key=lambda i: ids[i].encode("utf-8"), reverse=True)
    order.sort(key=lambda i: scores[i], reverse=True)  # stable: ties keep id descending
    return [(ids[i], scores[i]) for i in order[:k]]


def compare(query_id, got, reference, scores_by_id, rel_tol, abs_tol):
    """The three verdicts for one query, and a first difference to show."""
    got_scores = [hit["score"] for hit in got]
    ref_scores = [score for _, score in reference]
    scores_agree = len(got_scores) == len(ref_scores) and all(close(a, b, rel_tol, abs_tol) for a, b in zip(got_scores, ref_scores))
    ids = [hit["id"] for hit in got]
    ties_agree = (
        len(ids) == len(reference)
        and len(set(ids)) == len(ids)
        and all(hit_id in scores_by_id and close(scores_by_id[hit_id], ref_scores[i], rel_tol, abs_tol) for i, hit_id in enumerate(ids))
    )
    exact_agree = ids == [ref_id for ref_id, _ in reference]
    bitwise = got_scores == ref_scores
    worst = max((abs(a - b) / max(abs(a), abs(b)) for a, b in zip(got_scores, ref_scores) if a != b), default=0.0)
    first = None
    if not scores_agree:
        if len(got_scores) != len(ref_scores):
            first = f"{query_id}: {len(got_scores)} results, the reference has {len(ref_scores)}"
        else:
            i = next(i for i, (a, b) in enumerate(zip(got_scores, ref_scores)) if not close(a, b, rel_tol, abs_tol))
            first = f"{query_id}: rank {i + 1} score {got_scores[i]!r} ({ids[i]}), reference {ref_scores[i]!r} ({reference[i][0]})"
    return scores_agree, ties_agree, exact_agree, bitwise, worst, first


def pick_provider(results_dir, provider):
    queries_dir = os.path.join(results_dir, "queries")
    if provider:
        path = os.path.join(queries_dir, f"{provider}.jsonl")
        if not os.path.isfile(path):
            raise BadInput(f"{path} does not exist: no provider `{provider}` in this results folder")
        return provider, path
    try:
        names = sorted(name[: -len(".jsonl")] for name in os.listdir(queries_dir) if name.endswith(".jsonl"))
    except OSError as error:
        raise BadInput(f"cannot list {queries_dir}: {error.strerror} (give the folder `recall-gate run --out` wrote)")
    if len(names) != 1:
        raise BadInput(f"{queries_dir} holds {len(names)} providers ({', '.join(names) or 'none'}): name one with --provider")
    return names[0], os.path.join(queries_dir, f"{names[0]}.jsonl")


def check(args):
    files = suite_files(args.suite)
    memories = read_jsonl(files["memories"])
    queries = read_jsonl(files["queries"])
    provider, rows_path = pick_provider(args.results, args.provider)
    rows = {row["id"]: row for row in read_jsonl(rows_path)}

    corpora = {}  # user -> (ids, tokenized texts), in file order as recall-gate seeds them
    for memory in memories:
        ids, texts = corpora.setdefault(memory.get("user", "default"), ([], []))
        ids.append(memory["id"])
        texts.append(str(memory["text"]).split(" "))
    indexes = {user: BM25Okapi(texts, args.k1, args.b, args.epsilon) for user, (_, texts) in corpora.items()}

    counts = {"queries": 0, "missing": 0, "scores_agree": 0, "scores_bitwise_equal": 0, "ids_agree_up_to_ties": 0, "ids_agree_exactly": 0, "max_relative_difference": 0.0}
    differences = []
    for query in queries:
        counts["queries"] += 1
        row = rows.get(query["id"])
        if row is None:
            counts["missing"] += 1
            differences.append(f"{query['id']}: no row in {rows_path}")
            continue
        user = query.get("user", "default")
        if user in indexes:
            ids = corpora[user][0]
            scores = indexes[user].get_scores(str(query["text"]).split(" "))
        else:
            ids, scores = [], []
        reference = reference_top(ids, scores, args.k)
        scores_agree, ties_agree, exact_agree, bitwise, worst, first = compare(query["id"], row["results"][: args.k], reference, dict(zip(ids, scores)), args.rel_tol, args.abs_tol)
        counts["scores_agree"] += scores_agree
        counts["ids_agree_up_to_ties"] += ties_agree
        counts["ids_agree_exactly"] += exact_agree
        counts["scores_bitwise_equal"] += bitwise
        counts["max_relative_difference"] = max(counts["max_relative_difference"], worst)
        if first:
            differences.append(first)
    return {
        "provider": provider,
        "k": args.k,
        "k1": args.k1,
        "b": args.b,
        "epsilon": args.epsilon,
        "rel_tol": args.rel_tol,
        "abs_tol": args.abs_tol,
        **counts,
        "differences": differences,
    }


def share(part, whole):
    return f"{part}/{whole} ({100 * part / whole:.2f}%)" if whole else f"{part}/0"


def main(argv):
    parser = argparse.ArgumentParser(description="Compare a recall-gate run of `preset: rank_bm25` with an independent BM25Okapi, query by query.")
    parser.add_argument("suite", help="the suite folder (suite.yaml naming JSONL memories and queries)")
    parser.add_argument("results", help="the results folder `recall-gate run --out` wrote")
    parser.add_argument("--provider", help="the provider's name (default: the only one in RESULTS/queries/)")
    parser.add_argument("--k", type=int, default=10, help="how many results to compare (default 10)")
    parser.add_argument("--k1", type=float, default=1.5)
    parser.add_argument("--b", type=float, default=0.75)
    parser.add_argument("--epsilon", type=float, default=0.25)
    parser.add_argument("--rel-tol", type=float, default=1e-9, help="relative tolerance on scores (default 1e-9)")
    parser.add_argument("--abs-tol", type=float, default=1e-12, help="absolute tolerance on scores (default 1e-12)")
    parser.add_argument("--show", type=int, default=5, help="differences to list (default 5)")
    parser.add_argument("--json", action="store_true", help="print the counts and every difference as JSON")
    args = parser.parse_args(argv)
    try:
        report = check(args)
    except (BadInput, KeyError, TypeError) as error:
        detail = f"missing field {error}" if isinstance(error, KeyError) else str(error)
        print(f"bm25okapi-check: {detail}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        n = report["queries"]
        print(f"provider {report['provider']}: top-{report['k']} of {n} queries against BM25Okapi (k1 {report['k1']}, b {report['b']}, epsilon {report['epsilon']}; tolerance {report['rel_tol']} relative + {report['abs_tol']})")
        print(f"  scores agree:          {share(report['scores_agree'], n)}")
        print(f"    of which bitwise:    {share(report['scores_bitwise_equal'], n)}; largest relative difference {report['max_relative_difference']:.3g}")
        print(f"  ids agree up to ties:  {share(report['ids_agree_up_to_ties'], n)}")
        print(f"  ids agree exactly:     {share(report['ids_agree_exactly'], n)}")
        if report["missing"]:
            print(f"  queries with no row:   {report['missing']}")
        for line in report["differences"][: args.show]:
            print(f"  differs: {line}")
        if len(report["differences"]) > args.show:
            print(f"  ... and {len(report['differences']) - args.show} more (--show N, --json)")
    return 0 if report["scores_agree"] == report["queries"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
