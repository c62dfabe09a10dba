"""A decoder shaped like Qwen2-0.5B for bench/decoder.sh (issue 33, "Scale and
speed"): transformers' Qwen2ForCausalLM with Qwen2-0.5B's config (24 layers,
hidden 896, 14 heads / 2 KV heads, intermediate 4864, rope theta 1e6, tied
embeddings) except the vocabulary, cut from 151936 to 32000 so that the float
model, its MLIR text and both calibrations fit this 24 GiB machine together.
Random weights: the caller (pt2e-import's factory loader, or
bench/pytorch/decoder.py) runs torch.manual_seed(0) first.

pt2e-import factories (model.py:FUNCTION): layers2 (the script's debug size)
and layers24 (the benchmark); `layers` takes QWEN2_LAYERS (default 2).
"""
import os

# QWEN2_VOCAB: bench/decoder.sh --smoke's smaller vocabulary (the test of the script)
VOCAB = int(os.environ.get("QWEN2_VOCAB", "32000"))
SEQ = 256


def config(layers):
    from transformers import Qwen2Config
    return Qwen2Config(
        vocab_size=VOCAB, hidden_size=896, intermediate_size=4864,
        num_hidden_layers=layers, num_attention_heads=14, num_key_value_heads=2,
        max_position_embeddings=32768, rope_theta=1000000.0, rms_norm_eps=1e-6,
        tie_word_embeddings=True, hidden_act="silu", use_sliding_window=False,
        attention_dropout=0.0, torch_dtype="float32", attn_implementation="sdpa")


def model(layers):
    import torch
    from transformers import Qwen2ForCausalLM
    m = Qwen2ForCausalLM(config(layers)).eval()
    ids = torch.zeros(1, SEQ, dtype=torch.int64)
    mask = torch.ones(1, SEQ, dtype=torch.int64)
    return m, (ids, mask)


def layers(n=None):
    return model(int(os.environ.get("QWEN2_LAYERS", n or 2)))


def layers2():
    return model(2)


def layers24():
    return model(24)
