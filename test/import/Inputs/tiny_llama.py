"""A one-layer Llama from transformers, random weights (no download), as
test/import/transformers.test imports it: build() for model.py:factory,
save(DIR) for transformers:DIR."""
import sys

import torch
from transformers import LlamaConfig, LlamaForCausalLM


def build():
    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=128, hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                      num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64)
    return LlamaForCausalLM(cfg)


if __name__ == "__main__":
    build().save_pretrained(sys.argv[1])
