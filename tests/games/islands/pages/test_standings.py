"""The staff standings page."""

from __future__ import annotations

from django.test import Client

from camp.models import Round, Team
from tests.games.islands.pages.helpers import (
    url,
)


def test_standings_page(staff_client: Client, game: Round, teams: list[Team]) -> None:
    html = staff_client.get(url("standings", game.camp_id)).content.decode()
    for team in teams:
        assert team.name in html
    # The print button works under the Content-Security-Policy: a handler in a static file.
    assert '<button type="button" class="button" data-zo-print>' in html
    assert '<script src="/static/camp/print.js" defer></script>' in html
