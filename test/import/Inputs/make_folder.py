"""test/import/calib-folder.test: a folder of 10 PNG images (RGB, 40x30,
seeded noise) and one of 3 .npy samples (3x32x32), as a user's data."""
import os
import sys

import numpy as np
from PIL import Image

out = sys.argv[1]
rng = np.random.default_rng(0)
os.makedirs(os.path.join(out, "images"), exist_ok=True)
os.makedirs(os.path.join(out, "npy"), exist_ok=True)
for i in range(10):
    Image.fromarray(rng.integers(0, 256, (30, 40, 3), dtype=np.uint8)).save(
        os.path.join(out, "images", "img_%02d.png" % i))
for i in range(3):
    np.save(os.path.join(out, "npy", "sample_%d.npy" % i), rng.standard_normal((3, 32, 32)).astype(np.float32))
with open(os.path.join(out, "images", "README.txt"), "w") as f:
    f.write("not an image: skipped\n")
