"""The README's "Your own model": a model file as users have them, a small
CNN (conv + BatchNorm + ReLU twice, pooling, a classifier) and a data
loader, here over seeded random images so that nothing is downloaded.
`tools/pt2e-import examples/own_model/model.py:build --calib
examples/own_model/model.py:loader ...` takes both; replace them with
yours."""
import torch
from torch.utils.data import DataLoader, TensorDataset


class SmallCNN(torch.nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(),
            torch.nn.MaxPool2d(2),
            torch.nn.Conv2d(16, 32, 3, padding=1), torch.nn.BatchNorm2d(32), torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1))
        self.classifier = torch.nn.Linear(32, classes)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


def build():
    """Your trained model; here random weights (pt2e-import calls this after
    torch.manual_seed(0)) and BatchNorm statistics a trained model has."""
    model = SmallCNN()
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            with torch.no_grad():
                m.running_mean.uniform_(-0.2, 0.2)
                m.running_var.uniform_(0.5, 1.5)
    return model


def loader():
    """Your calibration DataLoader: (images, labels) batches of 8; the
    labels are left out."""
    g = torch.Generator().manual_seed(1)
    images = torch.randn(64, 3, 32, 32, generator=g)
    labels = torch.randint(0, 10, (64,), generator=g)
    return DataLoader(TensorDataset(images, labels), batch_size=8)
