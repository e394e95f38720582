#!/usr/bin/python3
"""Write a tiny BERT-like sentence-embedding model for tests.

Output folder: test/fixtures/models/tiny-bert/ (relative to the repo root).

    /usr/bin/python3 scripts/make-tiny-model.py

Needs Debian's python3-onnx (apt-get install -y python3-onnx) and numpy, both
for the system python (/usr/bin/python3), not a pyenv/virtualenv python.

The files it writes can be loaded offline by transformers.js
(@huggingface/transformers) as a `feature-extraction` model:

    onnx/model.onnx        the graph (see below)
    tokenizer.json         Hugging Face tokenizers WordPiece tokenizer
    tokenizer_config.json  BertTokenizer settings
    config.json            model_type bert, hidden_size 8
    tables.json            vocab + both embedding tables + example token ids,
                           so a test can compute expected vectors by itself

The graph computes, for every token position,

    last_hidden_state[b, s, :] =
        (WORD[input_ids[b, s]] + TYPE[token_type_ids[b, s]]) * attention_mask[b, s]

with small-integer tables (exact in float32):

    WORD[t][d] = ((3*t + 5*d + t*d) % 11) - 5
    TYPE[0][d] = (d % 3) - 1
    TYPE[1][d] = 1 + (d % 2)

A sentence vector with mean pooling + normalisation is therefore the mean of
(WORD[id] + TYPE[0]) over all tokens with attention_mask = 1 (including
[CLS] and [SEP]), divided by its L2 norm.

The output is deterministic: running the script twice gives identical bytes.
"""

import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HIDDEN = 8
OPSET = 14
IR_VERSION = 8

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORDS = [
    "i", "live", "in", "lisbon", "porto", "my", "the", "a", "to", "and",
    "is", "no", "with", "prefer", "coffee", "oat", "milk", "sugar", "cafe",
    "flight", "seat", "aisle", "window", "budget", "euros", "hotel", "book",
    "trip", "dog", "name", "vegetarian", "500", ".", ",", "##s", "##ing",
]
VOCAB = SPECIAL + WORDS
assert len(set(VOCAB)) == len(VOCAB)
VOCAB_SIZE = len(VOCAB)
TOKEN_ID = {tok: i for i, tok in enumerate(VOCAB)}

MODEL_MAX_LENGTH = 128

# Sentences whose token ids are recorded in tables.json (computed by the small
# BERT tokenizer below; a test can check transformers.js agrees).
EXAMPLES = [
    "I live in Lisbon",
    "oat milk",
    "I prefer an aisle seat.",
    "Flights to Porto, budget 500 euros",
    "Café with no sugar",
    "booking",
]


def word_table():
    return [
        [float(((3 * t + 5 * d + t * d) % 11) - 5) for d in range(HIDDEN)]
        for t in range(VOCAB_SIZE)
    ]


def type_table():
    return [
        [float((d % 3) - 1) for d in range(HIDDEN)],
        [float(1 + (d % 2)) for d in range(HIDDEN)],
    ]


# --- a minimal BERT tokenizer (enough for the ASCII/Latin examples) --------

def _basic_tokens(text):
    import unicodedata

    text = unicodedata.normalize("NFD", text.lower())
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    out, cur = [], ""
    for c in text:
        if c.isspace():
            if cur:
                out.append(cur)
            cur = ""
        elif unicodedata.category(c).startswith("P") or (
            33 <= ord(c) <= 47 or 58 <= ord(c) <= 64
            or 91 <= ord(c) <= 96 or 123 <= ord(c) <= 126
        ):
            if cur:
                out.append(cur)
            out.append(c)
            cur = ""
        else:
            cur += c
    if cur:
        out.append(cur)
    return out


def _wordpiece(word):
    pieces, start = [], 0
    while start < len(word):
        end, found = len(word), None
        while start < end:
            sub = word[start:end]
            if start > 0:
                sub = "##" + sub
            if sub in TOKEN_ID:
                found = sub
                break
            end -= 1
        if found is None:
            return ["[UNK]"]
        pieces.append(found)
        start = end
    return pieces


def tokenize(text):
    toks = ["[CLS]"]
    for w in _basic_tokens(text):
        toks.extend(_wordpiece(w))
    toks.append("[SEP]")
    return toks


# --- files ------------------------------------------------------------------

def build_onnx():
    word = numpy_helper.from_array(
        np.array(word_table(), dtype=np.float32), name="word_embeddings")
    ttype = numpy_helper.from_array(
        np.array(type_table(), dtype=np.float32), name="token_type_embeddings")
    axes = numpy_helper.from_array(np.array([-1], dtype=np.int64), name="unsqueeze_axes")

    nodes = [
        helper.make_node("Gather", ["word_embeddings", "input_ids"], ["word_vecs"], axis=0),
        helper.make_node("Gather", ["token_type_embeddings", "token_type_ids"], ["type_vecs"], axis=0),
        helper.make_node("Add", ["word_vecs", "type_vecs"], ["summed"]),
        helper.make_node("Cast", ["attention_mask"], ["mask_f"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask_f", "unsqueeze_axes"], ["mask_3d"]),
        helper.make_node("Mul", ["summed", "mask_3d"], ["last_hidden_state"]),
    ]
    dims = ["batch_size", "sequence_length"]
    inputs = [
        helper.make_tensor_value_info(n, TensorProto.INT64, dims)
        for n in ("input_ids", "attention_mask", "token_type_ids")
    ]
    outputs = [
        helper.make_tensor_value_info(
            "last_hidden_state", TensorProto.FLOAT, dims + [HIDDEN])
    ]
    graph = helper.make_graph(
        nodes, "tiny_bert", inputs, outputs, initializer=[word, ttype, axes])
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", OPSET)],
        producer_name="recall-gate make-tiny-model.py",
        producer_version="1",
    )
    model.ir_version = IR_VERSION
    onnx.checker.check_model(model, full_check=True)
    return model


def special_token(tok):
    return {
        "id": TOKEN_ID[tok], "content": tok, "single_word": False,
        "lstrip": False, "rstrip": False, "normalized": False, "special": True,
    }


def tokenizer_json():
    cls_ = {"SpecialToken": {"id": "[CLS]", "type_id": 0}}
    sep0 = {"SpecialToken": {"id": "[SEP]", "type_id": 0}}
    sep1 = {"SpecialToken": {"id": "[SEP]", "type_id": 1}}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [special_token(t) for t in SPECIAL],
        "normalizer": {
            "type": "BertNormalizer",
            "clean_text": True,
            "handle_chinese_chars": True,
            "strip_accents": True,
            "lowercase": True,
        },
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [cls_, {"Sequence": {"id": "A", "type_id": 0}}, sep0],
            "pair": [cls_, {"Sequence": {"id": "A", "type_id": 0}}, sep0,
                     {"Sequence": {"id": "B", "type_id": 1}}, sep1],
            "special_tokens": {
                t: {"id": t, "ids": [TOKEN_ID[t]], "tokens": [t]}
                for t in ("[CLS]", "[SEP]")
            },
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {
            "type": "WordPiece",
            "unk_token": "[UNK]",
            "continuing_subword_prefix": "##",
            "max_input_chars_per_word": 100,
            "vocab": dict(TOKEN_ID),
        },
    }


def tokenizer_config_json():
    return {
        "tokenizer_class": "BertTokenizer",
        "do_lower_case": True,
        "strip_accents": None,
        "tokenize_chinese_chars": True,
        "model_max_length": MODEL_MAX_LENGTH,
        "padding_side": "right",
        "clean_up_tokenization_spaces": True,
        "pad_token": "[PAD]",
        "unk_token": "[UNK]",
        "cls_token": "[CLS]",
        "sep_token": "[SEP]",
        "mask_token": "[MASK]",
    }


def config_json():
    return {
        "_name_or_path": "recall-gate/tiny-bert",
        "architectures": ["BertModel"],
        "model_type": "bert",
        "vocab_size": VOCAB_SIZE,
        "hidden_size": HIDDEN,
        "num_hidden_layers": 1,
        "num_attention_heads": 1,
        "intermediate_size": 16,
        "hidden_act": "gelu",
        "max_position_embeddings": MODEL_MAX_LENGTH,
        "type_vocab_size": 2,
        "pad_token_id": TOKEN_ID["[PAD]"],
        "layer_norm_eps": 1e-12,
        "torch_dtype": "float32",
    }


def tables_json():
    examples = []
    for text in EXAMPLES:
        toks = tokenize(text)
        examples.append({
            "text": text,
            "tokens": toks,
            "input_ids": [TOKEN_ID[t] for t in toks],
        })
    return {
        "description": (
            "last_hidden_state[b,s,:] = (word_embeddings[input_ids[b,s]] + "
            "token_type_embeddings[token_type_ids[b,s]]) * attention_mask[b,s]. "
            "Sentence vector (pooling mean, normalize true) = L2-normalised mean "
            "over tokens with attention_mask 1, including [CLS] and [SEP]; "
            "token_type_ids are all 0 for single sentences."
        ),
        "hidden_size": HIDDEN,
        "vocab": VOCAB,
        "word_embeddings": word_table(),
        "token_type_embeddings": type_table(),
        "examples": examples,
    }


def write_json(path, obj):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(obj, f, indent=2, ensure_ascii=False)
        f.write("\n")


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(repo, "test", "fixtures", "models", "tiny-bert")
    if len(sys.argv) > 1:
        out = os.path.abspath(sys.argv[1])
    os.makedirs(os.path.join(out, "onnx"), exist_ok=True)

    onnx.save_model(build_onnx(), os.path.join(out, "onnx", "model.onnx"))
    write_json(os.path.join(out, "tokenizer.json"), tokenizer_json())
    write_json(os.path.join(out, "tokenizer_config.json"), tokenizer_config_json())
    write_json(os.path.join(out, "config.json"), config_json())
    write_json(os.path.join(out, "tables.json"), tables_json())
    print(f"wrote {out} (vocab {VOCAB_SIZE}, hidden {HIDDEN}, opset {OPSET}, ir {IR_VERSION})")


if __name__ == "__main__":
    main()
