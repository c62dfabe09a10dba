"""Writes the small damaged .npz files of test/calibrate/data-limits.test,
byte by byte with the Python standard library (struct, zlib): each holds
one deflated entry 'arg0.npy' whose zip records and contents disagree.

    python3 test/calibrate/Inputs/make_limit_inputs.py

  lying_header.npz  the .npy header declares shape (1000000000, 1, 3, 8, 8)
                    (3 TB) in an entry of 3 KB: refused before inflating
  short_stream.npz  the deflate stream ends 512 bytes before the size the
                    archive records
  long_stream.npz   the deflate stream holds 512 bytes more than recorded
"""
import os
import struct
import zlib

here = os.path.dirname(os.path.abspath(__file__))


def npy_header(shape):
    text = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        ", ".join(str(d) for d in shape))
    text += " " * (64 - (10 + len(text) + 1) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode()


def raw_deflate(data):
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def write_zip(path, name, packed, usize, crc):
    """One deflated entry; sizes and CRC as given, not as 'packed' holds."""
    name = name.encode()
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc,
                        len(packed), usize, len(name), 0)
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0,
                          0x21, crc, len(packed), usize, len(name), 0, 0, 0,
                          0, 0, 0)
    body = local + name + packed
    cd = central + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(cd),
                      len(body), 0)
    with open(path, "wb") as f:
        f.write(body + cd + end)


def entry(shape_in_header, payload):
    data = npy_header(shape_in_header) + payload
    return data, raw_deflate(data), zlib.crc32(data)


batch = (1, 3, 8, 8)
payload = bytes(4 * 3 * 8 * 8 * 4)  # four batches of zeros

data, packed, crc = entry((1000000000,) + batch, payload)
write_zip(os.path.join(here, "lying_header.npz"), "arg0.npy", packed,
          len(data), crc)

# the header and the recorded size agree (4 batches); the stream is short
data, _, crc = entry((4,) + batch, payload)
write_zip(os.path.join(here, "short_stream.npz"), "arg0.npy",
          raw_deflate(data[:-512]), len(data), crc)

# ... or holds 512 bytes of zeros more
write_zip(os.path.join(here, "long_stream.npz"), "arg0.npy",
          raw_deflate(data + bytes(512)), len(data), crc)
