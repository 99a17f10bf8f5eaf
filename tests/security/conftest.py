"""Figures the security tests report at the end of a run (docs/security.md quotes them)."""

from __future__ import annotations

from collections import Counter

FIGURES: dict[str, Counter] = {
    "fuzz_statuses": Counter(),
    "fuzz_operations": Counter(),
    "fuzz_detail": Counter(),  # (operation, persona, mode, status)
    "bad_input": Counter(),  # table row -> bad inputs tried
}


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    table = FIGURES["bad_input"]
    if table:
        terminalreporter.write_sep("-", "bad-input table")
        terminalreporter.write_line(
            f"{sum(table.values())} bad inputs over {len(table)} forms and endpoints"
        )
    statuses = FIGURES["fuzz_statuses"]
    if not statuses:
        return
    requests = sum(statuses.values())
    errors = sum(n for status, n in statuses.items() if status >= 500)
    by_class = ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items()))
    terminalreporter.write_sep("-", "API fuzzer")
    if config.getoption("verbose") > 0:
        for (operation, persona, mode, status), n in sorted(FIGURES["fuzz_detail"].items()):
            terminalreporter.write_line(f"  {operation:60} {persona:6} {mode:8} {status}: {n}")
    terminalreporter.write_line(
        f"{requests} requests to {len(FIGURES['fuzz_operations'])} operations; "
        f"server errors: {errors}; by status: {by_class}"
    )
