"""Calibration batches from the user's data, in the layout
pt2e-calibrate{data=} reads: calib.npz with arrays arg0, arg1, ... (one per
argument), each the batches stacked on a new leading dimension.

--calib takes
  data.npz          arrays arg0, arg1, ... (or named after the inputs), each
                    with a leading batch dimension (pt2e-calibrate's layout)
  a folder          .npy files (each one batch, or one sample when the input's
                    batch size is more than 1) or images (.png .jpg .jpeg
                    .bmp), taken in name order; images are converted to the
                    input's channels, resized to its height and width,
                    scaled to [0, 1] and normalized (--normalize)
  data.py:function  a function returning an iterable of batches (a
                    DataLoader): each batch a tensor or array, a tuple or
                    list (items beyond the model's inputs, such as labels,
                    are left out), or a dict keyed by input names
  random[:N]        N (8) seeded batches: standard normal floats, token ids
                    uniform below --vocab (or the config's vocab_size),
                    attention masks all ones
Batches whose shape is not the exported one (a short last batch) are left
out, and said so."""
import os
import re

import numpy as np
import torch

from .errors import UsageError

IMAGE_EXT = (".png", ".jpg", ".jpeg", ".bmp")
NORMALIZE = {"imagenet": ((0.485, 0.456, 0.406), (0.229, 0.224, 0.225)), "none": None}


def _as_array(x, spec, where):
    if isinstance(x, torch.Tensor):
        x = x.detach().cpu().numpy()
    x = np.asarray(x)
    if x.dtype != spec.numpy_dtype:
        can = (np.issubdtype(x.dtype, np.floating) and np.issubdtype(spec.numpy_dtype, np.floating)) or \
              (np.issubdtype(x.dtype, np.integer) and np.issubdtype(spec.numpy_dtype, np.integer))
        if not can:
            raise UsageError("%s: %s is %s, the model's %s takes %s" % (
                where, spec.name, x.dtype, spec.name, np.dtype(spec.numpy_dtype)))
        x = x.astype(spec.numpy_dtype)
    return x


class Collector:
    """Checks each batch against the specs, keeps the good ones, says what it
    left out."""

    def __init__(self, specs, report, limit=None):
        self.specs = specs
        self.report = report
        self.limit = limit
        self.batches = []
        self.skipped = []

    def full(self):
        return self.limit is not None and len(self.batches) >= self.limit

    def add(self, arrays, where):
        arrays = [_as_array(a, s, where) for a, s in zip(arrays, self.specs)]
        bad = [(s, a) for s, a in zip(self.specs, arrays) if tuple(a.shape) != s.shape]
        if bad:
            s, a = bad[0]
            self.skipped.append("%s (%s %s, exported for %s)" % (
                where, s.name, "x".join(map(str, a.shape)), "x".join(map(str, s.shape))))
            return
        self.batches.append(arrays)

    def done(self, source):
        if self.skipped:
            self.report.say("%d batch%s of %s left out, their shape is not the exported one: %s" % (
                len(self.skipped), "es" if len(self.skipped) > 1 else "", source,
                "; ".join(self.skipped[:3]) + (" ..." if len(self.skipped) > 3 else "")))
        if not self.batches:
            raise UsageError("%s: no batch of the exported shape (%s)" % (
                source, ", ".join(s.text() for s in self.specs)))
        return self.batches


def _fill_masks(items, specs, where, report, said):
    """A dict or tuple batch without the attention mask pt2e-import added."""
    if len(items) == len(specs) - 1 and specs[-1].name == "attention_mask":
        items = list(items) + [np.ones(specs[-1].shape, np.int64)]
        if not said:
            report.say("%s: no attention_mask in the data: all ones" % where)
        return items, True
    return items, said


def _from_npz(path, specs, col):
    try:
        z = np.load(path, allow_pickle=False)
    except Exception as e:  # noqa: BLE001
        raise UsageError("%s: not a readable .npz: %s" % (path, e))
    arrays = []
    for i, s in enumerate(specs):
        key = "arg%d" % i if "arg%d" % i in z.files else s.name
        if key not in z.files:
            if s.name == "attention_mask" and i == len(specs) - 1:
                arrays.append(None)
                continue
            raise UsageError("%s: no array arg%d (or %s) for input %d; it has %s" % (
                path, i, s.name, i, ", ".join(z.files)))
        a = z[key]
        if a.ndim != len(s.shape) + 1:
            raise UsageError("%s: %s has shape %s; expected batches x %s (a leading batch dimension)" % (
                path, key, "x".join(map(str, a.shape)), "x".join(map(str, s.shape))))
        arrays.append(a)
    n = min(a.shape[0] for a in arrays if a is not None)
    for b in range(n):
        if col.full():
            break
        col.add([a[b] if a is not None else np.ones(s.shape, np.int64) for a, s in zip(arrays, specs)],
                "%s batch %d" % (os.path.basename(path), b))
    if any(a is None for a in arrays):
        col.report.say("%s: no attention_mask array: all ones" % path)


def _load_image(path, spec, normalize):
    from PIL import Image
    n, c, h, w = spec.shape if len(spec.shape) == 4 else (None,) * 4
    if c not in (1, 3):
        raise UsageError("%s: images feed an input of shape Nx1xHxW or Nx3xHxW, not %s" % (
            path, "x".join(map(str, spec.shape))))
    img = Image.open(path).convert("L" if c == 1 else "RGB").resize((w, h), Image.BILINEAR)
    x = np.asarray(img, dtype=np.float32) / 255.0
    x = x[None] if c == 1 else x.transpose(2, 0, 1)
    if normalize:
        mean, std = normalize
        if len(mean) != c:
            raise UsageError("--normalize has %d channels, the input %d" % (len(mean), c))
        x = (x - np.array(mean, np.float32)[:, None, None]) / np.array(std, np.float32)[:, None, None]
    return x.astype(np.float32)


def _from_folder(path, specs, col, normalize):
    if len(specs) != 1:
        raise UsageError("%s: a folder feeds a model with one input; this one takes %d (%s): use a "
                         ".npz or a Python factory" % (path, len(specs), ", ".join(s.name for s in specs)))
    spec = specs[0]
    names = sorted(os.listdir(path))
    files = [f for f in names if f.lower().endswith((".npy",) + IMAGE_EXT)]
    others = [f for f in names if f not in files]
    if others:
        col.report.say("%s: %d file%s neither .npy nor an image, left out: %s" % (
            path, len(others), "s" if len(others) > 1 else "", ", ".join(others[:4]) +
            (" ..." if len(others) > 4 else "")))
    if not files:
        raise UsageError("%s: no .npy or image files (%s)" % (path, ", ".join(IMAGE_EXT)))
    samples = []
    for f in files:
        full = os.path.join(path, f)
        if f.lower().endswith(".npy"):
            try:
                a = np.load(full, allow_pickle=False)
            except Exception as e:  # noqa: BLE001
                raise UsageError("%s: not a readable .npy: %s" % (full, e))
            if tuple(a.shape) == spec.shape:
                col.add([a], f)
                continue
            samples.append((f, a))
        else:
            samples.append((f, _load_image(full, spec, normalize)))
        if col.full():
            break
    per = spec.shape[0]
    for i in range(0, len(samples) - per + 1, per):
        if col.full():
            break
        group = samples[i:i + per]
        arrs = [a for _, a in group]
        if any(a.shape != arrs[0].shape for a in arrs):
            raise UsageError("%s: samples of different shapes: %s %s, %s %s" % (
                path, group[0][0], arrs[0].shape, group[-1][0], arrs[-1].shape))
        col.add([np.stack(arrs)], "%s..%s" % (group[0][0], group[-1][0]))
    left = len(samples) % per if per else 0
    if left:
        col.report.say("%s: the last %d samples do not fill a batch of %d: left out" % (path, left, per))


def _from_factory(spec_text, specs, col):
    from .source import load_factory
    path, func = spec_text.rsplit(":", 1)
    made = load_factory(path, func)()
    said_extra = said_mask = False
    try:
        it = iter(made)
    except TypeError:
        raise UsageError("%s returned a %s, not an iterable of batches" % (spec_text, type(made).__name__))
    for k, batch in enumerate(it):
        if col.full():
            break
        where = "%s batch %d" % (spec_text, k)
        if isinstance(batch, dict):
            names = [s.name for s in specs]
            missing = [n for n in names if n not in batch]
            if missing == ["attention_mask"]:
                items = [batch[n] for n in names[:-1]]
                items, said_mask = _fill_masks(items, specs, spec_text, col.report, said_mask)
            elif missing:
                raise UsageError("%s: the batch has keys %s, the model takes %s" % (
                    where, ", ".join(batch), ", ".join(names)))
            else:
                items = [batch[n] for n in names]
        elif isinstance(batch, (tuple, list)):
            items = list(batch)
            if len(items) > len(specs):
                if not said_extra:
                    col.report.say("%s: each batch has %d items, the model takes %d: the first %d "
                                   "taken (labels left out)" % (spec_text, len(items), len(specs), len(specs)))
                    said_extra = True
                items = items[:len(specs)]
            items, said_mask = _fill_masks(items, specs, spec_text, col.report, said_mask)
            if len(items) < len(specs):
                raise UsageError("%s: %d items, the model takes %d (%s)" % (
                    where, len(items), len(specs), ", ".join(s.name for s in specs)))
        else:
            items, said_mask = _fill_masks([batch], specs, spec_text, col.report, said_mask)
            if len(items) < len(specs):
                raise UsageError("%s: one tensor, the model takes %d (%s)" % (
                    where, len(specs), ", ".join(s.name for s in specs)))
        col.add(items, where)


def _random(n, specs, col, vocab):
    g = torch.Generator().manual_seed(0)
    for b in range(n):
        arrays = []
        for s in specs:
            if s.name == "attention_mask":
                arrays.append(np.ones(s.shape, s.numpy_dtype))
            elif np.issubdtype(s.numpy_dtype, np.integer):
                if not vocab:
                    raise UsageError("random data for integer input %s needs --vocab (token ids below it)" % s.name)
                arrays.append(torch.randint(0, vocab, s.shape, generator=g).numpy().astype(s.numpy_dtype))
            elif s.numpy_dtype == np.bool_:
                arrays.append(np.ones(s.shape, np.bool_))
            else:
                arrays.append(torch.randn(s.shape, generator=g).numpy().astype(s.numpy_dtype))
        col.add(arrays, "random batch %d" % b)


def parse_normalize(text):
    if text in NORMALIZE:
        return NORMALIZE[text]
    m = re.fullmatch(r"([-\d.e,]+)/([-\d.e,]+)", text)
    if not m:
        raise UsageError("--normalize %r: imagenet, none, or MEAN,.../STD,..." % text)
    mean = [float(v) for v in m.group(1).split(",")]
    std = [float(v) for v in m.group(2).split(",")]
    if len(mean) != len(std) or any(s == 0 for s in std):
        raise UsageError("--normalize %r: as many means as standard deviations, none zero" % text)
    return mean, std


def collect(source, specs, report, limit=None, normalize=None, vocab=None):
    col = Collector(specs, report, limit)
    m = re.fullmatch(r"random(?::(\d+))?", source)
    if m:
        _random(min(int(m.group(1) or 8), limit or 1 << 30), specs, col, vocab)
        what = "seeded random data"
    elif re.fullmatch(r".+\.py:[A-Za-z_]\w*", source):
        _from_factory(source, specs, col)
        what = source
    elif os.path.isdir(source):
        _from_folder(source, specs, col, normalize)
        what = source
    elif source.endswith(".npz"):
        if not os.path.isfile(source):
            raise UsageError("%s: no such file" % source)
        _from_npz(source, specs, col)
        what = source
    else:
        raise UsageError("--calib %r: not a .npz, a folder, a data.py:function or random[:N]" % source)
    batches = col.done(what)
    report.say("calibration: %d batch%s from %s" % (len(batches), "es" if len(batches) > 1 else "", what))
    return batches


def save_npz(path, batches):
    n = len(batches[0])
    np.savez(path, **{"arg%d" % i: np.stack([b[i] for b in batches]) for i in range(n)})
