"""Run every benchmark in bench/ and print its figures (make bench)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    failed = 0
    for script in sorted(HERE.glob("*.py")):
        # g101_balance.py is a balance table of about 15 minutes, not a speed figure;
        # harness.py and callgrind.py are what the others import
        if script.name in {"run_all.py", "harness.py", "callgrind.py", "g101_balance.py"}:
            continue
        print(f"== {script.name}", flush=True)
        failed |= subprocess.call([sys.executable, str(script)]) != 0
    sys.exit(failed)
