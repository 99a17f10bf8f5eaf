"""The log formatters settings.py names (LUDUS_LOG_FORMAT): structlog's, rendering Django's and
Celery's lines too, with the request or task id bound by campaign/logs.py. Only structlog is
imported here: settings.py loads it before Django is set up."""

from __future__ import annotations

import structlog

# What every line gets before it is rendered, Django's and Celery's included.
PRE_CHAIN = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]


def formatter(fmt: str) -> dict[str, object]:
    """The LOGGING formatter for `fmt`: "json" (one object a line) or "text"."""
    renderer = (
        structlog.processors.JSONRenderer()
        if fmt == "json"
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    return {
        "()": structlog.stdlib.ProcessorFormatter,
        "foreign_pre_chain": PRE_CHAIN,
        "processors": [
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,
            renderer,
        ],
    }
