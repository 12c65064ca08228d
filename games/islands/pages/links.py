"""The addresses of the round pages, for the pages themselves and for the evening panel's steps
(:mod:`games.islands.tonight_steps`, imported when the app starts: this module stays light, it
imports nothing of the pages, the printing or the maps)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse


def url(name: str, *args: object, **query: str) -> str:
    """``url("orders", round.pk, team.pk)`` -> the admin URL of one of the round pages."""
    path = reverse(f"admin:islands_round_{name}", args=list(args))
    return f"{path}?{urlencode(query)}" if query else path
