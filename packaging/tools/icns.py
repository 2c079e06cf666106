#!/usr/bin/env python3
"""Writes a macOS .icns file from PNG images (standard library only).

    icns.py OUT.icns SIZE=FILE.png ...

Every entry is stored as PNG, which macOS reads since 10.7 for every icon type used
here. Each pixel size fills the types that need it (a 32 px image is both the 32x32
icon and the 16x16@2x one), so the file covers Finder, Dock and Retina displays.
"""

import struct
import sys

# Pixel size → ICNS types holding a PNG of exactly that size.
TYPES = {
    16: [b"icp4"],
    32: [b"icp5", b"ic11"],
    64: [b"icp6", b"ic12"],
    128: [b"ic07"],
    256: [b"ic08", b"ic13"],
    512: [b"ic09", b"ic14"],
    1024: [b"ic10"],
}

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data):
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    out, pairs = argv[1], argv[2:]
    entries = []
    for pair in pairs:
        size_text, path = pair.split("=", 1)
        size = int(size_text)
        with open(path, "rb") as f:
            data = f.read()
        if png_size(data) != (size, size):
            sys.exit(f"{path}: expected {size}x{size} pixels, found {png_size(data)}")
        if size not in TYPES:
            sys.exit(f"{path}: no ICNS type for {size} px")
        for kind in TYPES[size]:
            entries.append(kind + struct.pack(">I", 8 + len(data)) + data)
    body = b"".join(entries)
    with open(out, "wb") as f:
        f.write(b"icns" + struct.pack(">I", 8 + len(body)) + body)


if __name__ == "__main__":
    main(sys.argv)
