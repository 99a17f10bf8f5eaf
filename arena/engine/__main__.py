"""`python -m arena.engine play FILE|-`: a JSON bout in, the JSON log out on stdout.

Bad input prints ONE line on stderr naming the field and the problem, exit code 2.
"""

from __future__ import annotations

import json
import sys

from arena.engine import EngineInputError, play

USAGE = "usage: python -m arena.engine play FILE|-"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "play":
        print(USAGE, file=sys.stderr)
        return 2
    path = argv[1]
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(f"file: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        bout = json.loads(text)
    except json.JSONDecodeError as exc:
        print(
            f"json: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}",
            file=sys.stderr,
        )
        return 2
    try:
        result = play(bout)
    except EngineInputError as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return 2
    sys.stdout.write(json.dumps(result))
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
