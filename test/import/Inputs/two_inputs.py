"""A user-style module for test/import/: two inputs, BatchNorm and dropout
left in (a model straight out of training), a cat of a pooled image and a
side vector, and a data loader yielding (image, extra, label) batches whose
last batch is short, as a DataLoader without drop_last yields them."""
import torch


class TwoInputs(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(8)
        self.fc = torch.nn.Linear(8 + 4, 5)
        self.drop = torch.nn.Dropout(0.1)

    def forward(self, image, extra):
        x = torch.relu(self.bn(self.conv(image)))
        x = x.mean((2, 3))
        return self.fc(self.drop(torch.cat([x, extra], 1)))


def build():
    torch.manual_seed(0)
    m = TwoInputs()
    with torch.no_grad():  # statistics a trained model would have
        m.bn.running_mean.uniform_(-0.5, 0.5)
        m.bn.running_var.uniform_(0.5, 2.0)
        m.bn.weight.uniform_(0.5, 1.5)
        m.bn.bias.uniform_(-0.2, 0.2)
    return m


def loader():
    g = torch.Generator().manual_seed(7)
    for n in (2, 2, 2, 2, 1):
        yield (torch.randn(n, 3, 16, 16, generator=g), torch.randn(n, 4, generator=g),
               torch.randint(0, 5, (n,), generator=g))
