"""What an order's reply costs to serialize: the API's `OrderOut` (declared fields) against a
ModelSerializer of the same fields, the shape it had, on one unsaved order in one process.

    python -m campaign.devstack exec -- .venv/bin/python bench/serializer_bench.py [--n 2000]

Prints the best of five runs, in microseconds a reply. Figures only: nothing here asserts on
time.
"""

from __future__ import annotations

import argparse
import os
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")

import django

django.setup()

from django.utils import timezone  # noqa: E402
from rest_framework import serializers  # noqa: E402

from arena.models import TurnOrder  # noqa: E402
from arena.play.api import OrderOut  # noqa: E402


class ModelOrderOut(serializers.ModelSerializer):
    class Meta:
        model = TurnOrder
        fields = ["turn", "order", "standing", "submitted_at", "receipt", "salt"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000, help="replies a run")
    n = parser.parse_args().n
    order = TurnOrder(
        turn=3,
        order={"move": "D5", "strike": ["E6", "E6"]},
        standing=False,
        submitted_at=timezone.now(),
        receipt="a" * 64,
        salt="b" * 32,
    )
    assert OrderOut(order).data == ModelOrderOut(order).data  # the same reply, byte for byte
    for name, serializer in (("ModelSerializer", ModelOrderOut), ("OrderOut", OrderOut)):
        best = min(timeit.repeat(lambda s=serializer: s(order).data, number=n, repeat=5)) / n
        print(f"{name:>16}: {best * 1e6:7.0f} us a reply")
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
