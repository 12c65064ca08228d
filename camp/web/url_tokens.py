"""The path converter of the teams' private links: ``<token:token>`` in a URL pattern marks it as a key.

Every pattern that uses it is found by :func:`token_route_prefixes`, so the logs cut the token of a
new private page without anyone listing it (:mod:`camp.web.accesslog`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from django.urls import LocalePrefixPattern, URLPattern, URLResolver, register_converter
from django.urls.converters import StringConverter


class TokenConverter(StringConverter):
    """A team's secret: matched like ``<str:…>`` (an unknown token is the view's 404), named for the logs."""


register_converter(TokenConverter, "token")


def _walk(patterns: Iterable[Any], prefix: str) -> Iterator[str]:
    for pattern in patterns:
        route = str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            # i18n_patterns' language prefix ("en/") prints as "en/" for the active language: any
            # language prefix is optional in the logs' match, so it is left out here.
            inner = "" if isinstance(pattern.pattern, LocalePrefixPattern) else route
            yield from _walk(pattern.url_patterns, prefix + inner)
        elif isinstance(pattern, URLPattern):
            converters = getattr(pattern.pattern, "converters", {})
            for name, converter in converters.items():
                if isinstance(converter, TokenConverter):
                    full = prefix + route
                    yield full[: full.index(f"<token:{name}>")]


def token_route_prefixes(patterns: Iterable[Any]) -> list[str]:
    """The literal paths before a token in ``patterns`` (e.g. ``tym/``, ``batavia/t/``), longest first."""
    return sorted(set(_walk(patterns, "")), key=lambda p: (-len(p), p))
