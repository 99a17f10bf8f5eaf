"""What every API endpoint shares for its input and its lists: serializer fields for text and
numbers (the same cleaning as the HTML forms, campaign/shared/inputs.py) and one pagination with a
bounded page size. The JSON parser with bounds on size and depth is campaign/shared/api_parsers.py.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.shared.inputs import MAX_ID, MAX_INT, parse_int
from campaign.shared.text import TextRefused, name_clean, text_clean

# --- serializer fields ---------------------------------------------------------------------


class Integer(serializers.IntegerField):
    """A whole number as JSON number or ASCII digits, bounded (±2^31-1 unless given)."""

    def __init__(self, *, min_value: int = -MAX_INT, max_value: int = MAX_INT, **kwargs) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, float) and data.is_integer():
            data = int(data)
        number = parse_int(data, low=-(2**63), high=2**63 - 1)
        if number is None:
            self.fail("invalid")
        return number

    default_error_messages = {"invalid": "A whole number is required, in digits 0-9."}


class Id(Integer):
    """The id of a row (of this campaign: the view checks)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(min_value=1, max_value=MAX_ID, **kwargs)


class Text(serializers.CharField):
    """A CharField cleaned by campaign.shared.text.text_clean; its max_length counts cleaned
    text."""

    def __init__(self, *, max_length: int, label: str = "The text", multiline: bool = False,
                 **kwargs) -> None:  # fmt: skip
        self.multiline = multiline
        self.text_label = label
        super().__init__(max_length=max_length, trim_whitespace=False, **kwargs)
        # The cleaning below checks the length of the text as stored, and refuses NUL itself.
        self.validators = []

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        try:
            return self.clean_text(data)
        except TextRefused as refused:
            raise serializers.ValidationError(str(refused)) from None

    def clean_text(self, data: str) -> str:
        return text_clean(
            data,
            label=self.text_label,
            max_length=self.max_length,
            multiline=self.multiline,
            required=not self.allow_blank,
        )


class Name(Text):
    def clean_text(self, data: str) -> str:
        return name_clean(data, label=self.text_label, max_length=self.max_length)


# --- pagination ----------------------------------------------------------------------------


class Pagination(PageNumberPagination):
    """Every API list: ?page=N, ?page_size= up to MAX (50 by default)."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


PAGE_PARAMETERS = [
    OpenApiParameter("page", int, description="A page number (from 1)."),
    OpenApiParameter("page_size", int, description="Rows per page: 50 unless given, at most 200."),
]

_page_serializers: dict[str, type[serializers.Serializer]] = {}


def page_of(serializer: type[serializers.Serializer]) -> type[serializers.Serializer]:
    """The schema of a page of `serializer` rows, as Pagination answers."""
    name = f"Paginated{serializer.__name__}List"
    if name not in _page_serializers:
        _page_serializers[name] = type(
            name,
            (serializers.Serializer,),
            {
                "count": serializers.IntegerField(),
                "next": serializers.URLField(allow_null=True),
                "previous": serializers.URLField(allow_null=True),
                "results": serializer(many=True),
            },
        )
    return _page_serializers[name]


def paginated(
    request: Request, view: APIView, rows, serializer: type[serializers.Serializer], **kwargs
) -> Response:
    """One page of `rows` as `serializer` renders them, with count, next and previous."""
    paginator = Pagination()
    page = paginator.paginate_queryset(rows, request, view)
    return paginator.get_paginated_response(serializer(page, many=True, **kwargs).data)


def list_schema(
    serializer: type[serializers.Serializer], operation_id: str, parameters=(), *, filters=False
):
    """extend_schema for a paginated list endpoint: its page parameters and page shape, and
    with `filters` its view's FilterSet's filters as query parameters."""
    return extend_schema(
        operation_id=operation_id,
        parameters=[*parameters, *PAGE_PARAMETERS],
        responses=page_of(serializer),
        filters=filters or None,
    )
