"""The OpenAPI schema as clients meet it: the error bodies on every operation, and a schema
page a browser shows instead of downloading.

Every refusal in the API has one of two shapes (campaign/api_errors.py): `{"detail": "..."}`
(not signed in, not allowed, not found, throttled, a body that is not JSON) or the fields in
error, each with its messages (`{"name": ["..."]}`, `{"non_field_errors": ["..."]}`). The hook
below documents them where they can happen, so a client generated from the schema knows them
and the API fuzzer (tests/security/test_api_fuzz.py) checks each answer against them.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.renderers import (
    OpenApiJsonRenderer,
    OpenApiJsonRenderer2,
    OpenApiYamlRenderer,
    OpenApiYamlRenderer2,
)
from drf_spectacular.views import SpectacularAPIView

ERROR = {
    "type": "object",
    "description": "A refusal in words.",
    "properties": {"detail": {"type": "string"}},
    "required": ["detail"],
}
FIELD_ERRORS = {
    "type": "object",
    "description": (
        "The fields in error, each with what is wrong in words; `non_field_errors` for a "
        "problem of the whole request. A field holding a list or an object has its errors "
        "nested the same way."
    ),
    "additionalProperties": {
        "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "object"}]
    },
}
ERROR_REF = {"$ref": "#/components/schemas/Error"}
BAD_REQUEST = {"anyOf": [{"$ref": "#/components/schemas/FieldErrors"}, ERROR_REF]}

WHY = {
    "400": "The request is refused: what is wrong, in words. Nothing was changed.",
    "403": "Not signed in, or not allowed to do this (only the owner or the GM may).",
    "404": "No such thing here, or not visible to you (private campaigns answer as unknown).",
    "429": "Too many attempts: the detail says when to try again.",
}


def _error_codes(operation: dict[str, Any], method: str, path: str, throttled: bool) -> list:
    parameters = operation.get("parameters", [])
    codes = ["403"]
    takes_input = "requestBody" in operation or any(p["in"] == "query" for p in parameters)
    if takes_input or method != "get":
        codes.append("400")
    # A path with an id finds nothing for an unknown one; a page number past the end too.
    if "{" in path or any(p["name"] == "page" for p in parameters):
        codes.append("404")
    if throttled:
        codes.append("429")
    return codes


def document_errors(result: dict, generator, request, public) -> dict:
    """drf-spectacular postprocessing hook: the error answers of every operation."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR
    schemas["FieldErrors"] = FIELD_ERRORS
    throttled = {
        (path, method.lower())
        for path, _regex, method, view in generator.endpoints
        if getattr(view.cls, "throttle_classes", None)
    }
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            for code in _error_codes(operation, method, path, (path, method) in throttled):
                body = BAD_REQUEST if code == "400" else ERROR_REF
                responses.setdefault(
                    code,
                    {"description": WHY[code], "content": {"application/json": {"schema": body}}},
                )
    return result


class SchemaApi(SpectacularAPIView):
    """/api/schema/: JSON first, so a browser shows it (it downloads the OpenAPI YAML type);
    YAML for whoever asks for it (Accept: application/yaml, or ?format=yaml)."""

    renderer_classes = [
        OpenApiJsonRenderer2,
        OpenApiYamlRenderer,
        OpenApiYamlRenderer2,
        OpenApiJsonRenderer,
    ]
