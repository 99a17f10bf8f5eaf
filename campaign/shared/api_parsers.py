"""The API's only parser: JSON in UTF-8, bounded in size and depth, with nothing PostgreSQL
cannot store (docs/security.md). Kept apart from campaign/shared/api_inputs.py because DRF
imports it while it is still starting."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import BaseParser

# JSON nested deeper than this is refused before it is parsed: Python's parser recurses, and
# 100,000 nested lists would exhaust its stack. Ludus's deepest document (an order) is 3 deep.
MAX_JSON_DEPTH = 20


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"
    default_detail = "The request body is too large."


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def json_too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether `text` nests arrays or objects more than `limit` deep (strings are skipped)."""
    depth = 0
    for bracket in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is beyond what a number can hold")
    return number


class JSONRefused(ValueError):
    """JSON text that is not read, with the reason in words."""


def json_read(text: str) -> Any:
    """JSON text as data, bounded as all JSON Ludus reads (the API's bodies, the GM's content):
    at most MAX_JSON_DEPTH deep (checked before parsing: deeper is a RecursionError), no NaN or
    Infinity or number beyond a float, and nothing PostgreSQL cannot store."""
    if json_too_deep(text):
        raise JSONRefused(f"The JSON is nested more than {MAX_JSON_DEPTH} levels deep.")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except (ValueError, RecursionError) as error:
        raise JSONRefused(f"JSON parse error - {error}") from None
    problem = _unstorable(data)
    if problem:
        raise JSONRefused(problem)
    return data


class BoundedJSONParser(BaseParser):
    """JSON in UTF-8, at most DATA_UPLOAD_MAX_MEMORY_SIZE bytes and MAX_JSON_DEPTH deep.
    DRF's own JSONParser reads the whole stream and recurses without a bound."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise RequestTooLarge(f"The request body is over {limit // 1024} KiB; send less.")
        for param in (media_type or "").lower().split(";")[1:]:
            key, _, value = param.strip().partition("=")
            if key == "charset" and value.strip('"') not in {"utf-8", "utf8"}:
                raise ParseError("JSON is read as UTF-8 (RFC 8259); send it in UTF-8.")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ParseError("The body is not valid UTF-8.") from None
        try:
            return json_read(text)
        except JSONRefused as refused:
            raise ParseError(str(refused)) from None


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _unstorable(data: Any) -> str:
    """Why PostgreSQL could not store a string of `data` (NUL, a lone surrogate), or ""."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and _UNSTORABLE.search(item):
            return "The JSON holds a NUL character or a lone surrogate (\\u0000, \\ud800 ...)."
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > 2**63:
            return "The JSON holds a number beyond 2^63."
    return ""
