"""The public notice board: no login, and nothing hidden on it."""

from __future__ import annotations

import json
import re

from django.test import Client
from django.urls import reverse
from django.utils.translation import gettext

from camp.models import Round, Team
from games.islands import words
from games.islands.engine.hexes import geometry
from games.islands.models.board import BoardHex, Ship
from games.islands.models.rounds import IslandsRound, RoundResult
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import (
    HTMX,
    store_all,
)


def test_public_notice_board_needs_no_login(client: Client, game: Round, teams: list[Team]) -> None:
    response = client.get(reverse("islands_public:notice_board", args=[game.camp_id]))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="zo-map"' in html and "Kolo 1" in html and "@media print" in html
    for team in teams:
        assert team.name in html
    response = client.get(reverse("islands_public:notice_board", args=[game.camp_id]), **HTMX)
    assert response.content.decode().lstrip().startswith('<div id="board"')
    assert client.get(reverse("islands_public:notice_board", args=[99999])).status_code == 404


def test_public_notice_board_hides_everything_hidden(client: Client, game: Round, teams: list[Team]) -> None:
    """Hidden treasure and reefs, pirate draws, hints, telescopes and cargo never reach the page."""
    camp = game.camp
    store_all(game, teams)
    round_services.round_resolve(round=game)
    result = RoundResult.objects.get(round=game)
    result.hints = {f"{teams[0].name}.C1": "NNE"}
    result.events = [
        *result.events,
        {
            "step": 1,
            "half": 1,
            "what": "hint",
            "at": "A1",
            "team": teams[0].name,
            "actor": "C1",
            "visibility": "team",
            "detail": {"point": "NNE"},
        },
        {
            "step": 1,
            "half": 1,
            "what": "redraw",
            "at": "A1",
            "team": None,
            "actor": "P1",
            "visibility": "staff",
            "detail": {"direction": "NE"},
        },
    ]
    result.save()
    Ship.objects.filter(team=teams[0]).update(chests=1)
    html = client.get(reverse("islands_public:notice_board", args=[camp.pk])).content.decode()
    g = geometry(camp.board_side)
    for row in BoardHex.objects.filter(camp=camp, revealed=False):
        label = g.label(row.hex)
        assert f'data-hex="{label}"' in html
        block = re.search(rf'<g class="([^"]*)" data-hex="{label}">(.*?)</g>', html)
        assert block is not None and block.group(1) == "hex hidden"
        assert block.group(2) == f"<title>{label}</title>" + block.group(2).split("</title>", 1)[1]
        assert "tile-" not in block.group(1)
    hidden_tiles = set(BoardHex.objects.filter(camp=camp, revealed=False).values_list("tile", flat=True))
    revealed_tiles = set(BoardHex.objects.filter(camp=camp, revealed=True).values_list("tile", flat=True))
    for tile in hidden_tiles - revealed_tiles:
        assert f"tile-{tile}" not in html
    assert "SSV" not in html and "NNE" not in html  # the hint
    for event in result.events:  # staff-only and team-only lines (redraws, rum, hints, boats)
        if event.get("visibility") != "public":
            assert words.event_text(event) not in html
    for islands_round in IslandsRound.objects.filter(round__camp=camp):
        for moves in islands_round.pirate_moves.values():
            assert json.dumps(moves) not in html and " ".join(moves) not in html
    assert "pirate_moves" not in html
    assert "·1" not in html  # cargo is drawn as "C1·1" for staff only
    assert f", {gettext('chests')}: " not in html  # … and named in the ship's title
