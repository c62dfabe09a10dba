#!/usr/bin/env python3
"""Makes the .npy/.npz fixtures of test/unit/test_npy.c with real NumPy.

Usage:
  make_fixtures.py [OUTDIR]          write the fixtures (default: test/Inputs/npy)
  make_fixtures.py --verify DIR      check with numpy.load the files that
                                     test_npy wrote (DIR/npy_out_*), see README

The well-formed files come from numpy.save / numpy.savez /
numpy.savez_compressed (and numpy.lib.format.write_array for header
versions 2.0 and 3.0). The malformed ones are copies of those, truncated or
patched byte by byte, each named after what is wrong with it. Values are
simple formulas (i * 0.5 - 7, i / 3, ...) so the C test can recompute them
without reading NumPy's output.
"""
import io
import os
import struct
import sys
import zipfile
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "..", "test", "Inputs", "npy")


# The arrays, shared by the fixtures and by --verify.
def f32_4d():
    return np.arange(120, dtype=np.float32).reshape(2, 3, 4, 5) * np.float32(0.5) - np.float32(7)


def f64_2d():
    return np.arange(12, dtype=np.float64).reshape(3, 4) / 3.0


def i64_1d():
    return np.array([-2, -1, 0, 1, 2**40], dtype=np.int64)


def i32_2d():
    return np.array([[-2147483648, -1, 0], [1, 7, 2147483647]], dtype=np.int32)


def i8_1d():
    return np.array([-128, -1, 0, 1, 127], dtype=np.int8)


def u8_1d():
    return np.array([0, 1, 128, 255], dtype=np.uint8)


def bool_1d():
    return np.array([True, False, True], dtype=np.bool_)


def scalar_f32():
    return np.array(3.5, dtype=np.float32)


def calib_arg0():  # 2 batches of a 1x3x4x4 input
    return np.arange(96, dtype=np.float32).reshape(2, 1, 3, 4, 4) / np.float32(8)


def npy_bytes(arr, version=None):
    buf = io.BytesIO()
    if version is None:
        np.save(buf, arr)
    else:
        np.lib.format.write_array(buf, arr, version=version)
    return buf.getvalue()


def raw_npy(header, data=b"", version=(1, 0)):
    """A .npy whose header text is given verbatim (padded like NumPy)."""
    text = header.encode("latin1")
    lenfmt = "<H" if version == (1, 0) else "<I"
    prefix = 6 + 2 + struct.calcsize(lenfmt)
    pad = 64 - (prefix + len(text) + 1) % 64
    text += b" " * pad + b"\n"
    return b"\x93NUMPY" + bytes(version) + struct.pack(lenfmt, len(text)) + text + data


def write(out, name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def entry_data_offset(blob, name):
    """Offset of the data of zip entry 'name' in 'blob'."""
    with zipfile.ZipFile(io.BytesIO(blob)) as z:
        info = z.getinfo(name)
    off = info.header_offset
    assert blob[off:off + 4] == b"PK\x03\x04"
    nlen, xlen = struct.unpack("<HH", blob[off + 26:off + 30])
    return off + 30 + nlen + xlen, info


def central_offset(blob, name):
    """Offset of the central directory record of entry 'name'."""
    pos = blob.rfind(b"PK\x05\x06")
    cd = struct.unpack("<I", blob[pos + 16:pos + 20])[0]
    while blob[cd:cd + 4] == b"PK\x01\x02":
        nlen, xlen, clen = struct.unpack("<HHH", blob[cd + 28:cd + 34])
        if blob[cd + 46:cd + 46 + nlen] == name.encode():
            return cd
        cd += 46 + nlen + xlen + clen
    raise KeyError(name)


def zip64_everywhere(members):
    """A stored .npz whose central directory uses zip64 extra fields for all
    sizes and offsets and ends with a zip64 end record and locator, as NumPy's
    zipfile writes for arrays past 4 GiB (forced here on tiny arrays)."""
    out = bytearray()
    central = bytearray()
    for name, data in members:
        nm = name.encode()
        crc = zlib.crc32(data)
        off = len(out)
        extra = struct.pack("<HHQQ", 1, 16, len(data), len(data))
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 45, 0, 0, 0, 0x21, crc,
                           0xFFFFFFFF, 0xFFFFFFFF, len(nm), len(extra))
        out += nm + extra + data
        cextra = struct.pack("<HHQQQ", 1, 24, len(data), len(data), off)
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 45, 45, 0, 0, 0,
                               0x21, crc, 0xFFFFFFFF, 0xFFFFFFFF, len(nm),
                               len(cextra), 0, 0, 0, 0, 0xFFFFFFFF)
        central += nm + cextra
    cd_off = len(out)
    out += central
    z64 = len(out)
    out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0,
                       len(members), len(members), len(central), cd_off)
    out += struct.pack("<IIQI", 0x07064B50, 0, z64, 1)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF,
                       0xFFFFFFFF, 0xFFFFFFFF, 0)
    return bytes(out)


def make(out):
    os.makedirs(out, exist_ok=True)
    # Well-formed .npy files, as numpy.save writes them.
    good = {
        "f32_4d.npy": f32_4d(),
        "f64_2d.npy": f64_2d(),
        "i64_1d.npy": i64_1d(),
        "i32_2d.npy": i32_2d(),
        "i8_1d.npy": i8_1d(),
        "u8_1d.npy": u8_1d(),
        "bool_1d.npy": bool_1d(),
        "scalar_f32.npy": scalar_f32(),
        "empty_f32.npy": np.zeros((0, 3), dtype=np.float32),
        "fortran_f32.npy": np.asfortranarray(np.arange(24, dtype=np.float32).reshape(2, 3, 4)),
        "big_f4.npy": np.arange(6, dtype=">f4").reshape(2, 3),
        "big_i8.npy": np.array([-3, 1 << 40], dtype=">i8"),
    }
    for name, arr in good.items():
        write(out, name, npy_bytes(arr))
    write(out, "v2_f32.npy", npy_bytes(f64_2d().astype(np.float32), (2, 0)))
    write(out, "v3_f32.npy", npy_bytes(f64_2d().astype(np.float32), (3, 0)))

    # Archives: keyword names as pt2e-calibrate expects, plus one positional.
    arrays = dict(arg0=calib_arg0(), arg1=f64_2d(), labels=i64_1d(), scalar=scalar_f32())
    buf = io.BytesIO()
    np.savez(buf, f32_4d(), **arrays)
    stored = buf.getvalue()
    write(out, "savez.npz", stored)
    buf = io.BytesIO()
    np.savez_compressed(buf, f32_4d(), **arrays)
    deflated = buf.getvalue()
    write(out, "savez_compressed.npz", deflated)
    z64 = zip64_everywhere([("arg0.npy", npy_bytes(calib_arg0())),
                            ("labels.npy", npy_bytes(i64_1d()))])
    with np.load(io.BytesIO(z64)) as z:  # NumPy must accept it too
        assert np.array_equal(z["arg0"], calib_arg0())
    write(out, "zip64.npz", z64)

    # Malformed .npy files.
    base = npy_bytes(f32_4d())
    write(out, "bad_truncated_header.npy", base[:20])
    write(out, "bad_truncated_data.npy", base[:-4])
    write(out, "bad_trailing_data.npy", base + b"\0\0\0\0")
    write(out, "bad_magic.npy", b"\x93NUMPZ" + base[6:])
    write(out, "bad_version.npy", base[:6] + b"\x04\x00" + base[8:])
    write(out, "bad_shape_mismatch.npy", base.replace(b"(2, 3, 4, 5)", b"(2, 3, 4, 6)"))
    write(out, "bad_dtype_c8.npy", npy_bytes(np.zeros(2, dtype=np.complex64)))
    write(out, "bad_dtype_object.npy", npy_bytes(np.array([None, 1], dtype=object)))
    write(out, "bad_dtype_structured.npy",
          npy_bytes(np.zeros(2, dtype=[("a", "<f4"), ("b", "<i4")])))
    write(out, "bad_rank13.npy", npy_bytes(np.zeros((1,) * 13, dtype=np.float32)))
    write(out, "bad_not_dict.npy", raw_npy("[1, 2, 3]"))
    write(out, "bad_missing_key.npy", raw_npy("{'descr': '<f4', 'shape': (1,), }", b"\0" * 4))
    write(out, "bad_extra_key.npy",
          raw_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1, }", b"\0" * 4))
    write(out, "bad_negative_dim.npy",
          raw_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }"))
    write(out, "bad_unterminated.npy", raw_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,"))
    write(out, "bad_empty.npy", b"")

    # Malformed archives.
    write(out, "bad_not_zip.npz", base)
    write(out, "bad_truncated.npz", stored[:len(stored) // 2])
    data_off, info = entry_data_offset(stored, "arg0.npy")
    crc = bytearray(stored)
    crc[data_off + info.file_size - 1] ^= 0x40  # last byte of arg0's data
    write(out, "bad_crc.npz", bytes(crc))
    meth = bytearray(stored)
    cd = central_offset(stored, "arg0.npy")
    meth[cd + 10:cd + 12] = struct.pack("<H", 12)  # bzip2
    meth[info.header_offset + 8:info.header_offset + 10] = struct.pack("<H", 12)
    write(out, "bad_method.npz", bytes(meth))
    size = bytearray(stored)
    size[cd + 20:cd + 24] = struct.pack("<I", 0x7FFFFFF0)  # compressed size
    size[cd + 24:cd + 28] = struct.pack("<I", 0x7FFFFFF0)  # uncompressed size
    write(out, "bad_entry_past_end.npz", bytes(size))
    data_off, info = entry_data_offset(deflated, "arg0.npy")
    inf = bytearray(deflated)
    inf[data_off] |= 0x06  # BTYPE 11: invalid deflate block type
    write(out, "bad_deflate.npz", bytes(inf))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(zipfile.ZipInfo("arg0.npy"), b"this is not an array")  # 1980-01-01
    write(out, "bad_inner_magic.npz", buf.getvalue())


def verify(d):
    """Loads what test_npy wrote (see testWrittenFilesForNumPy in test_npy.c)."""
    expect = {
        "npy_out_f32_4d.npy": f32_4d(),
        "npy_out_scalar.npy": scalar_f32(),
        "npy_out_bool.npy": bool_1d(),
    }
    for name, arr in expect.items():
        got = np.load(os.path.join(d, name))
        assert got.dtype == arr.dtype and np.array_equal(got, arr), name
        print("ok", name)
    for name in ("npy_out_stored.npz", "npy_out_deflated.npz", "npy_out_zip64.npz"):
        with np.load(os.path.join(d, name)) as z:
            assert sorted(z.files) == ["arg0", "arg1", "labels"], (name, z.files)
            assert np.array_equal(z["arg0"], calib_arg0()), name
            assert z["arg1"].dtype == np.float64 and np.array_equal(z["arg1"], f64_2d()), name
            assert np.array_equal(z["labels"], i64_1d()), name
        print("ok", name)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--verify":
        verify(sys.argv[2])
    else:
        make(sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT)
