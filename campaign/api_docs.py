"""The API documentation page: the OpenAPI schema that /api/schema/ serves, read as one page.

Swagger UI failed axe on every count that matters (no `lang`, contrast, 19 px targets, buttons
inside buttons) and needs inline styles the site's Content-Security-Policy refuses. This page is
drawn by the site's own templates from the same schema, so it cannot drift from the API, works
without JavaScript and reads on a phone; the schema itself stays at /api/schema/ for Swagger UI,
Postman or a client generator (docs/accessibility.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "post", "put", "patch", "delete")
JSON = "application/json"


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    type_anchor: str  # the object's anchor on this page when the type is one of the schema's
    required: bool
    description: str


@dataclass(frozen=True)
class Response:
    status: str
    description: str
    type: str
    type_anchor: str


@dataclass(frozen=True)
class Operation:
    anchor: str
    method: str
    path: str
    description: str
    anonymous: bool
    parameters: tuple[Field, ...]
    body_type: str
    body_anchor: str
    responses: tuple[Response, ...]


@dataclass(frozen=True)
class Group:
    tag: str
    operations: tuple[Operation, ...]


@dataclass(frozen=True)
class SchemaObject:
    name: str
    anchor: str
    description: str
    fields: tuple[Field, ...]
    choices: tuple[str, ...]


@dataclass(frozen=True)
class ApiOutline:
    title: str
    description: str
    version: str
    groups: tuple[Group, ...]
    objects: tuple[SchemaObject, ...]


def _anchor(name: str) -> str:
    return f"object-{name}"


def _ref_name(schema: dict[str, Any]) -> str:
    return schema["$ref"].rsplit("/", 1)[-1]


def _type(schema: dict[str, Any]) -> tuple[str, str]:
    """A schema's type in words, and the anchor of the object it names (or "")."""
    if "$ref" in schema:
        name = _ref_name(schema)
        return name, _anchor(name)
    for combined in ("allOf", "oneOf", "anyOf"):
        if schema.get(combined):
            words = [_type(part) for part in schema[combined]]
            return " or ".join(word for word, _ in words), words[0][1]
    kind = schema.get("type", "any")
    if kind == "array":
        item, anchor = _type(schema.get("items", {}))
        return f"list of {item}", anchor
    if "enum" in schema:
        return "one of " + ", ".join(str(choice) for choice in schema["enum"] if choice), ""
    words = kind if not schema.get("format") else f"{kind} ({schema['format']})"
    if schema.get("nullable"):
        words += " or null"
    return words, ""


def _fields(schema: dict[str, Any]) -> tuple[Field, ...]:
    required = set(schema.get("required", ()))
    fields = []
    for name, prop in schema.get("properties", {}).items():
        words, anchor = _type(prop)
        note = prop.get("description", "")
        if prop.get("readOnly"):
            note = f"{note} (read only)".strip()
        fields.append(Field(name, words, anchor, name in required, note))
    return tuple(fields)


def _operation(path: str, method: str, op: dict[str, Any]) -> Operation:
    parameters = tuple(
        Field(
            name=p["name"],
            type=f"{_type(p.get('schema', {}))[0]}, in the {p['in']}",
            type_anchor="",
            required=bool(p.get("required")),
            description=p.get("description", ""),
        )
        for p in op.get("parameters", ())
    )
    body = op.get("requestBody", {}).get("content", {}).get(JSON, {}).get("schema")
    body_type, body_anchor = _type(body) if body else ("", "")
    responses = []
    for status, answer in op.get("responses", {}).items():
        schema = answer.get("content", {}).get(JSON, {}).get("schema")
        words, anchor = _type(schema) if schema else ("no body", "")
        responses.append(Response(status, answer.get("description", ""), words, anchor))
    return Operation(
        anchor=f"op-{op['operationId']}",
        method=method.upper(),
        path=path,
        description=op.get("description") or op.get("summary", ""),
        # An empty requirement ({}) among the security options: no sign-in needed.
        anonymous={} in op.get("security", [{}]),
        parameters=parameters,
        body_type=body_type,
        body_anchor=body_anchor,
        responses=tuple(responses),
    )


def outline_of(schema: dict[str, Any]) -> ApiOutline:
    groups: dict[str, list[Operation]] = {}
    for path, operations in schema["paths"].items():
        for method in METHODS:
            if method in operations:
                tag = (operations[method].get("tags") or ["other"])[0]
                groups.setdefault(tag, []).append(_operation(path, method, operations[method]))
    objects = tuple(
        SchemaObject(
            name=name,
            anchor=_anchor(name),
            description=definition.get("description", "") if "enum" not in definition else "",
            fields=_fields(definition),
            choices=tuple(str(choice) for choice in definition.get("enum", ()) if choice),
        )
        for name, definition in sorted(schema.get("components", {}).get("schemas", {}).items())
    )
    info = schema.get("info", {})
    return ApiOutline(
        title=info.get("title", "API"),
        description=info.get("description", ""),
        version=info.get("version", ""),
        groups=tuple(Group(tag, tuple(ops)) for tag, ops in groups.items()),
        objects=objects,
    )


@cache
def api_outline() -> ApiOutline:
    """Generated once per process: the schema only changes with the code."""
    return outline_of(SchemaGenerator().get_schema(request=None, public=True))


def api_docs(request: HttpRequest) -> HttpResponse:
    return render(request, "campaign/api_docs.html", {"api": api_outline()})
