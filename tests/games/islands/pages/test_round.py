"""The round page (the evening checklist) and its two steps: open the round, close it."""

from __future__ import annotations

import re
from html import unescape

from bs4 import BeautifulSoup
from django.test import Client

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.islands.demo import demo_play
from games.islands.orders import OrderSheet
from games.islands.selectors.rounds import round_undoable
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import (
    legal_route,
    resolved_with_telescope,
    store_all,
    url,
)
from tests.pages import element_text, errors


def test_round_page_lists_teams_with_a_tick_for_stored_orders(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    ship, route = legal_route(game, teams[0])
    round_services.orders_submit(round=game, team=teams[0], sheet=OrderSheet.typed(routes={ship: route}))
    html = staff_client.get(url("page", game.pk)).content.decode()
    for team in teams:
        assert url("orders", game.pk, team.pk) in html
    assert html.count('class="stored"') == 1
    assert "1 z 3" in html  # "1 of 3 stored", in Czech


def test_the_links_inside_a_note_are_underlined(staff_client: Client, game: Round) -> None:
    """The team sheets' links sit in a line of text: an underline tells them from it, not colour alone."""
    soup = BeautifulSoup(staff_client.get(url("page", game.pk)).content.decode(), "html.parser")
    links = [a for note in soup.select("p.zo-note") for a in note.find_all("a")]
    assert links, "the page shows the team sheets' links in a note"
    styles = " ".join(style.get_text() for style in soup.find_all("style"))
    assert re.search(r"\.zo-note a\s*\{[^}]*text-decoration:\s*underline", styles)


def test_open_round(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    demo_play(camp, rounds=1)
    round2 = camp_services.round_create(camp=camp)
    response = staff_client.post(url("open", round2.pk), follow=True)
    assert errors(response) == ["Nejdřív zapište umístění 2. kola: určují akční body a pořadí."]
    assert Round.objects.get(pk=round2.pk).status == RoundStatus.PLANNED  # no placements: a message
    camp_services.placements_record(round=round2, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    response = staff_client.post(url("open", round2.pk), follow=True)
    assert response.status_code == 200
    assert Round.objects.get(pk=round2.pk).status == RoundStatus.ORDERS_OPEN
    assert response.content.decode().count('class="messagelist"') == 1
    # Pressed again: a clear message, not an error.
    response = staff_client.post(url("open", round2.pk), follow=True)
    assert response.status_code == 200 and errors(response) == ["Kolo 2 už bylo otevřeno."]


def _placements_again_without(round_: Round, teams: list[Team], dropped: Team) -> None:
    """The placements recorded again, ``dropped`` now "did not play" (0 AP)."""
    others = [t for t in teams if t != dropped]
    ranks: dict[int, int | None] = {t.pk: i for i, t in enumerate(others, start=1)}
    camp_services.placements_record(round=round_, ranks={**ranks, dropped.pk: None})


def test_round_page_warns_of_stored_orders_gone_stale(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Orders stored, then the placements recorded again: the round page names the team whose
    orders no longer pass (the preview's check), not just "3 of 3 stored"."""
    store_all(game, teams)
    html = staff_client.get(url("page", game.pk)).content.decode()
    assert html.count('class="stored"') == 3 and 'class="zo-stale"' not in html
    _placements_again_without(game, teams, teams[1])
    html = unescape(staff_client.get(url("page", game.pk)).content.decode())
    assert html.count('class="stored"') == 2 and html.count('class="stale"') == 1
    assert "uloženo 3 z 3, 1 už neplatí" in html
    stale = html[html.index('class="stale"') :]
    stale = stale[: stale.index("</li>\n")]
    assert teams[1].name in stale and "Uložený plán tahu už neplatí" in stale
    assert "ale tým má jen 0 kroků" in stale and f"{teams[1].name}:" not in stale
    assert url("orders", game.pk, teams[1].pk) in stale
    # The preview says the same, the team named once, the moves in the right Czech plural.
    preview = unescape(staff_client.get(url("resolve", game.pk)).content.decode())
    assert f"{teams[1].name}: {teams[1].name}:" not in preview
    assert "trasa má 1 krok, ale tým má jen 0 kroků" in preview


def test_close_round(staff_client: Client, game: Round, teams: list[Team]) -> None:
    result = resolved_with_telescope(game, teams)
    response = staff_client.post(url("close", game.pk), {"confirm": "1"}, follow=True)
    assert Round.objects.get(pk=game.pk).status == RoundStatus.RESOLVED  # a telescope is pending
    finder, ship = result.pending_telescopes[0].split(".")
    assert errors(response) == [
        f"Ještě chybí volby dalekohledů: Loď {ship[1:]} ({finder}). Nejdřív je zadejte, nebo přeskočte."
    ]
    for who in result.pending_telescopes:
        staff_client.post(url("after", game.pk), {"action": "skip", "ship": who, "confirm": "1"})
    # Closing cannot be undone: both close buttons come with a box to tick, and without it the
    # round stays resolved (undo still possible) with a message saying what to tick.
    for page in (url("page", game.pk), url("after", game.pk)):
        html = staff_client.get(page).content.decode()
        form = html[html.index(url("close", game.pk)) :]
        form = form[: form.index("</form>")]
        assert 'name="confirm"' in form and "required" not in form  # the page answers, not the browser
        assert "Ano, uzavřít kolo (nelze vrátit)" in form
        assert 'id="close-refusal"' not in html
    response = staff_client.post(url("close", game.pk), follow=True)
    assert Round.objects.get(pk=game.pk).status == RoundStatus.RESOLVED
    assert response.redirect_chain[-1][0] == url("after", game.pk) + "?unticked=close"
    html = response.content.decode()
    assert element_text(html, "close-refusal") == (
        "Uzavření potvrďte zaškrtnutím „Ano, uzavřít kolo (nelze vrátit)“."
    )
    assert 'name="confirm" value="1" aria-describedby="close-refusal"' in html
    assert errors(response) == []
    assert round_undoable(Round.objects.get(pk=game.pk))
    response = staff_client.post(url("close", game.pk), {"confirm": "1"}, follow=True)
    assert response.status_code == 200
    assert Round.objects.get(pk=game.pk).status == RoundStatus.CLOSED
