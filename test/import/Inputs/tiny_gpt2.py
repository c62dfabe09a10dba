"""A one-layer GPT-2 from transformers, random weights (no download), as
test/import/gpt2-batch.test imports it: build() for model.py:factory."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel


def build():
    torch.manual_seed(0)
    cfg = GPT2Config(vocab_size=128, n_embd=32, n_layer=1, n_head=2, n_positions=32,
                     bos_token_id=0, eos_token_id=0)
    return GPT2LMHeadModel(cfg)
