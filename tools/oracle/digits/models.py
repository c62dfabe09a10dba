"""The digits models as a user would write them for tools/pt2e-import: two
factories returning trained nn.Modules and a calibration factory returning
DataLoader-style (x, y) batches from the training split.

  tools/pt2e-import tools/oracle/digits/models.py:cnn --input 64x1x8x8 \\
      --calib tools/oracle/digits/models.py:calib_batches --batches 8 --out OUT

The trained weights are state dicts in the folder named by the environment
variable DIGITS_WEIGHTS (default: weights/ beside this file), cnn.pt and
mlp.pt; make_goldens.py trains them and sets the variable.

The data: scikit-learn's bundled digits (load_digits: 1797 8x8 images,
pixels 0..16, no download), pixels scaled to [0, 1] by /16, split by
train_test_split(test_size=TEST_SIZE, stratify=labels, random_state=SEED).
TEST_SIZE is a multiple of BATCH so that the held-back set is whole batches
of the exported shape (no padding)."""
import os

import numpy as np
import torch
from torch import nn

BATCH = 64          # the exported batch size, also the calibration and test batch
TEST_SIZE = 448     # held back: 7 batches of 64 (a quarter of the 1797 images)
SEED = 0
CALIB_SEED = 0      # the calibration DataLoader's shuffle
WEIGHTS = os.environ.get("DIGITS_WEIGHTS",
                         os.path.join(os.path.dirname(os.path.abspath(__file__)), "weights"))


def digits_split():
    """(x_train, y_train, x_test, y_test): float32 images N x 1 x 8 x 8 in
    [0, 1], int64 labels."""
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    d = load_digits()
    x = (d.data.astype(np.float32) / np.float32(16.0)).reshape(-1, 1, 8, 8)
    y = d.target.astype(np.int64)
    x_tr, x_te, y_tr, y_te = train_test_split(x, y, test_size=TEST_SIZE, stratify=y,
                                              random_state=SEED)
    return x_tr, y_tr, x_te, y_te


class DigitsCNN(nn.Module):
    """conv 1->16 3x3 + BN + ReLU, conv 16->32 3x3 + BN + ReLU, 2x2 max
    pool, flatten, linear 512 -> 10."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(16)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.bn2 = nn.BatchNorm2d(32)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(32 * 4 * 4, 10)

    def forward(self, x):
        x = torch.relu(self.bn1(self.conv1(x)))
        x = torch.relu(self.bn2(self.conv2(x)))
        x = self.pool(x)
        return self.fc(torch.flatten(x, 1))


class DigitsMLP(nn.Module):
    """flatten, 64 -> 128 -> 64 -> 10 with ReLU."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Flatten(), nn.Linear(64, 128), nn.ReLU(),
                                 nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, 10))

    def forward(self, x):
        return self.net(x)


def _trained(model, name):
    path = os.path.join(WEIGHTS, name + ".pt")
    if not os.path.exists(path):
        raise FileNotFoundError("%s: no trained weights; run make_goldens.py, or set "
                                "DIGITS_WEIGHTS to the folder holding %s.pt" % (path, name))
    model.load_state_dict(torch.load(path, map_location="cpu", weights_only=True))
    return model.eval()


def cnn():
    return _trained(DigitsCNN(), "cnn")


def mlp():
    return _trained(DigitsMLP(), "mlp")


def calib_batches(seed=CALIB_SEED):
    """The training split as a shuffled DataLoader of (x, y) batches of
    BATCH, as a training loop would read it (the shuffle seeded by seed)."""
    x_tr, y_tr, _, _ = digits_split()
    ds = torch.utils.data.TensorDataset(torch.from_numpy(x_tr), torch.from_numpy(y_tr))
    return torch.utils.data.DataLoader(ds, batch_size=BATCH, shuffle=True,
                                       generator=torch.Generator().manual_seed(seed))
