"""Models tools/pt2e-import must refuse, each naming the op and this file's
line (test/import/refusals.test checks the line numbers: keep them)."""
import torch


class Erfinv(torch.nn.Module):
    def forward(self, x):
        return torch.erfinv(torch.tanh(x) * 0.5)  # line 8: torch-mlir cannot lower aten.erfinv


class Cumsum(torch.nn.Module):
    def forward(self, x):
        return torch.cumsum(x, -1)  # line 13: written as tm_tensor.scan


class DataDependent(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # line 18: torch.export cannot guard on data
            return x * 2
        return x


def erfinv():
    return Erfinv()


def cumsum():
    return Cumsum()


def data_dependent():
    return DataDependent()


def not_a_module():
    return "a string"


def broken_loader():
    return 42
