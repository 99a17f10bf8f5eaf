"""Instructions per GladiatorQuest bout, counted by callgrind (the wall clock on a loaded
machine swings by a factor of two; instruction counts do not).

    python bench/engine_instructions.py [--bouts 20] [--scenario 1v1|ffa]

Runs bench/engine_bench.py's scenario under `valgrind --tool=callgrind` twice, with N seeded
`play()` bouts and with none (one warm-up bout in both, so imports and start-up cancel out),
and prints the difference per bout.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_RUN = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
import engine_bench
from arena.engine import play
bout = engine_bench.ONE_V_ONE if sys.argv[2] == "1v1" else engine_bench.FREE_FOR_ALL
play(bout | {"seed": 10_000})
for seed in range(1, int(sys.argv[3]) + 1):
    play(bout | {"seed": seed})
"""


def instructions(scenario: str, bouts: int) -> int:
    # A fixed hash seed: with a random one, the imports' instructions differ from run to run
    # by millions, more than a few bouts' worth, and so does the difference of the two runs.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", _RUN, str(ROOT), scenario, str(bouts)],
        check=True, capture_output=True, text=True, env=env,
    )  # fmt: skip
    match = re.search(r"Collected : (\d+)", out.stderr)
    if match is None:
        raise SystemExit(f"no instruction count in callgrind's output:\n{out.stderr}")
    return int(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bouts", type=int, default=20)
    parser.add_argument("--scenario", choices=("1v1", "ffa"), default="1v1")
    args = parser.parse_args()
    per_bout = (
        instructions(args.scenario, args.bouts) - instructions(args.scenario, 0)
    ) / args.bouts
    print(
        f"{args.scenario}: {per_bout / 1e6:.2f}M instructions per play() bout ({args.bouts} bouts)"
    )


if __name__ == "__main__":
    main()
