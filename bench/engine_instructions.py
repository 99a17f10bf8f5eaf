"""Instructions per GladiatorQuest bout, counted by callgrind (the wall clock on a loaded
machine swings by a factor of two; instruction counts do not).

    python bench/engine_instructions.py [--bouts 20] [--scenario 1v1|ffa] [--path play|odds]
                                        [--root CHECKOUT]

Runs bench/engine_bench.py's scenario under `valgrind --tool=callgrind` twice, with N seeded
bouts and with none (one warm-up bout in both, so imports and start-up cancel out), and prints
the difference per bout. `--path play` fights them with `play()` (the log with every turn's
record); `--path odds` as the odds simulation does (`arena.engine.lab.duel.fight`, no log,
the seeds from 1,000,000 as in rulesets_bench.py). `--root` measures another checkout (main,
say) with this script, for a before and after.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from callgrind import instructions as instructions_of

ROOT = Path(__file__).resolve().parents[1]

_RUN = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
import engine_bench
from arena.engine import play, ruleset
from arena.engine.lab.duel import fight
bout = engine_bench.ONE_V_ONE if sys.argv[2] == "1v1" else engine_bench.FREE_FOR_ALL
if sys.argv[4] == "odds":
    rules = ruleset("gladiatorquest")
    fight(rules, bout | {"seed": 10})
    for n in range(int(sys.argv[3])):
        fight(rules, bout | {"seed": 1_000_000 + n})
else:
    play(bout | {"seed": 10_000})
    for seed in range(1, int(sys.argv[3]) + 1):
        play(bout | {"seed": seed})
"""


def instructions(root: Path, scenario: str, bouts: int, path: str) -> int:
    return instructions_of(["-c", _RUN, str(root), scenario, str(bouts), path])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bouts", type=int, default=20)
    parser.add_argument("--scenario", choices=("1v1", "ffa"), default="1v1")
    parser.add_argument("--path", choices=("play", "odds"), default="play")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    args = parser.parse_args()
    fought = instructions(args.root, args.scenario, args.bouts, args.path)
    per_bout = (fought - instructions(args.root, args.scenario, 0, args.path)) / args.bouts
    how = "play()" if args.path == "play" else "odds-path"
    print(
        f"{args.scenario}: {per_bout / 1e6:.2f}M instructions per {how} bout ({args.bouts} bouts)"
    )


if __name__ == "__main__":
    main()
