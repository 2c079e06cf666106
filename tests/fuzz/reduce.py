#!/usr/bin/env python3
"""Line-wise reduction of a fuzz finding (faster than `cargo fuzz tmin` on slow
targets): drops lines, then bytes at line ends, while the target still crashes.

    python3 tests/fuzz/reduce.py TARGET CRASH_FILE OUT_FILE
"""
import subprocess, sys, tempfile, os

target, crash, out = sys.argv[1:4]
binary = f"target/fuzz/x86_64-unknown-linux-gnu/release/{target}"
data = open(crash, "rb").read()

def crashes(candidate: bytes) -> bool:
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(candidate)
    try:
        run = subprocess.run([binary, f.name], capture_output=True, timeout=60)
        return run.returncode != 0
    finally:
        os.unlink(f.name)

assert crashes(data), "the finding does not reproduce"
lines = data.split(b"\n")
changed = True
while changed:
    changed = False
    for chunk in (16, 4, 1):
        i = 0
        while i < len(lines):
            trial = lines[:i] + lines[i + chunk:]
            if trial and crashes(b"\n".join(trial)):
                lines = trial
                changed = True
            else:
                i += chunk
result = b"\n".join(lines)
open(out, "wb").write(result)
print(f"{len(data)} -> {len(result)} bytes, {len(lines)} lines")
