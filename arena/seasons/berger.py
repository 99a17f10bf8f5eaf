"""Round robin by Berger tables (FIDE Handbook C.05, Annex 1): who meets whom in each round,
by seed. Pure: seeds in, pairs out."""

from __future__ import annotations

Pair = tuple[int, int | None]  # (first, second); second None: the first has the round off


def berger_rounds(entrants: int) -> list[list[Pair]]:
    """The rounds of a single round robin of seeds 1..entrants, each a list of (first, second)
    pairs in board order. An odd count plays with a phantom last seed: whoever meets it has a
    bye that round (second is None). Every pair meets exactly once.

    The table: round one pairs 1 with n, 2 with n-1, ...; from one round to the next every
    seed but n moves n/2 places on (modulo n-1), and seed n alternates between second (odd
    rounds) and first (even rounds), which is FIDE's published table."""
    if entrants < 2:
        raise ValueError("A round robin needs at least two entrants.")
    n = entrants + entrants % 2
    half = n // 2
    board = [(k, n + 1 - k) for k in range(1, half + 1)]
    rounds: list[list[Pair]] = []
    for number in range(1, n):
        pairs: list[Pair] = []
        for first, second in board:
            if second == n and number % 2 == 0:
                first, second = second, first
            pairs.append(_with_bye(first, second, entrants))
        rounds.append(pairs)
        board = [(_moved(a, n), b if b == n else _moved(b, n)) for a, b in board]
    return rounds


def double_berger_rounds(entrants: int) -> list[list[Pair]]:
    """Twice round: the second half repeats the first with the sides swapped."""
    first_half = berger_rounds(entrants)
    swapped = [[(b, a) if b is not None else (a, None) for a, b in r] for r in first_half]
    return first_half + swapped


def _moved(seed: int, n: int) -> int:
    return (seed - 1 + n // 2) % (n - 1) + 1


def _with_bye(first: int, second: int, entrants: int) -> Pair:
    """The phantom seed (entrants + 1 when the count is odd) becomes a bye for the other."""
    if first > entrants:
        return (second, None)
    if second > entrants:
        return (first, None)
    return (first, second)
