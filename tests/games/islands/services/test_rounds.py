"""The round life cycle (``games.islands.services.rounds``): open, store orders, preview,
resolve, undo, telescopes, close, and two staff resolving at once."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from django.utils import translation

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.islands import demo
from games.islands import orders as islands_orders
from games.islands.engine import events as ee
from games.islands.engine.hexes import direction_between, geometry
from games.islands.engine.notation import Alphabet
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError, OrdersInvalid, OrdersStale
from games.islands.game_state import game_state, priority_team_ids
from games.islands.models.board import BoardHex, Pirate, Ship
from games.islands.models.rounds import (
    IslandsRound,
    RoundResult,
    TeamOrders,
    TelescopeChoice,
    UndoneResolution,
)
from games.islands.orders import OrderSheet
from games.islands.selectors.rounds import round_overview, round_preview, round_undoable, team_orders
from games.islands.services import rounds as round_services
from tests.games.islands.conftest import (
    harbor_of,
    new_round,
    opened,
    put_tile,
    rows,
)

# ------------------------------------------------------------------------------------ open


def test_open_needs_a_started_game(camp: Camp, teams: list[Team]) -> None:
    round_ = new_round(camp)
    with pytest.raises(IslandsError, match="board"), translation.override("en"):
        round_services.round_open(round=round_)
    assert round_.status == RoundStatus.MINIGAME_RECORDED
    assert not IslandsRound.objects.exists()


def test_open_needs_placements(started: Camp) -> None:
    round_ = camp_services.round_create(camp=started)
    with pytest.raises(IslandsError) as e, translation.override("en"):
        round_services.round_open(round=round_)
    assert "placements" in str(e.value)
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.MINIGAME_RECORDED)  # no placement at all
    round_.refresh_from_db()
    with pytest.raises(IslandsError, match="placements"), translation.override("en"):
        round_services.round_open(round=round_)
    assert not IslandsRound.objects.exists()


def test_open_fixes_priority_and_pirate_moves(started: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    Pirate.objects.create(camp=started, ident="P1", q=4, r=-4)
    round_ = opened(started, [(red, 3), (blue, 1), (green, 1)])
    assert round_.status == RoundStatus.ORDERS_OPEN
    islands_round = IslandsRound.objects.get(round=round_)
    assert islands_round.priority[0] in (blue.pk, green.pk) and islands_round.priority[2] == red.pk
    assert len(islands_round.pirate_moves["P1"]) == 11
    # The lot is a recorded draw: the same again, and the state follows the priority.
    assert priority_team_ids(round_) == islands_round.priority
    names = [t.name for t in game_state(started, round=round_).teams]
    assert names == [Team.objects.get(pk=pk).name for pk in islands_round.priority]
    with pytest.raises(IslandsError, match="already"), translation.override("en"):
        round_services.round_open(round=round_)


def test_teams_without_placement_come_last(started: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    round_ = opened(started, [(green, 1)])
    assert IslandsRound.objects.get(round=round_).priority[0] == green.pk


def test_open_refused_while_an_earlier_round_is_not_resolved(started: Camp) -> None:
    opened(started)
    second = new_round(started)
    with pytest.raises(IslandsError) as e, translation.override("en"):
        round_services.round_open(round=second)
    assert "Round 1 is not resolved" in str(e.value)
    assert second.status == RoundStatus.MINIGAME_RECORDED


# ------------------------------------------------------------------------------------ orders


def test_orders_submit_stores_english_tokens_and_replaces(
    started: Camp, teams: list[Team], staff: Any
) -> None:
    red = teams[0]
    round_ = opened(started)
    label, czech = put_tile(started, red, Tile.OPEN_SEA)
    stored = round_services.orders_submit(
        round=round_,
        team=red,
        user=staff,
        sheet=OrderSheet.typed(build_cargo="1", routes={"c1": f"{czech} . "}, harbor="+.-", fire=""),
    )
    english = direction_between(harbor_of(red), geometry(5).parse(label))
    assert (stored.ap, stored.build_cargo, stored.routes, stored.harbor) == (
        14,
        1,
        {"C1": f"{english} ."},
        "+ . -",
    )
    assert stored.updated_by == staff
    round_services.orders_submit(
        round=round_, team=red, sheet=OrderSheet.typed(routes={}), version=stored.version
    )
    assert TeamOrders.objects.get().routes == {} and TeamOrders.objects.count() == 1
    assert team_orders(round_, red) == TeamOrders.objects.get()
    shown = islands_orders.OrderSheet.from_row(stored).written_in(Alphabet.CZECH)
    assert shown.routes == (("C1", f"{czech} ."),)


def test_orders_only_while_open(started: Camp, teams: list[Team]) -> None:
    round_ = new_round(started)
    with pytest.raises(IslandsError, match="cannot be entered"), translation.override("en"):
        round_services.orders_submit(round=round_, team=teams[0], sheet=OrderSheet())
    other = camp_services.camp_create(name="Jiný běh", year=2026, board_side=5)
    stranger = camp_services.team_create(camp=other, name="Žlutí", colour="#f1c40f")
    round_services.round_open(round=round_)
    with pytest.raises(IslandsError):
        round_services.orders_submit(round=round_, team=stranger, sheet=OrderSheet())
    assert not TeamOrders.objects.exists()


def test_orders_submit_refuses_a_stale_or_missing_version_once_orders_are_stored(
    started: Camp, teams: list[Team], staff: Any
) -> None:
    red = teams[0]
    round_ = opened(started)
    first = round_services.orders_submit(
        round=round_, team=red, sheet=OrderSheet.typed(build_cargo=1), user=staff
    )
    assert first.version == 1
    for seen in (None, 0, 2):  # no version, the page from before any orders, a version never stored
        with pytest.raises(OrdersStale) as refused, translation.override("en"):
            round_services.orders_submit(
                round=round_, team=red, sheet=OrderSheet.typed(build_battleship=1), version=seen
            )
        assert refused.value.code == "stale" and refused.value.stored == first
        assert refused.value.messages == [
            "Someone else stored orders for this team after this page was loaded; nothing was stored."
        ]
    stored = TeamOrders.objects.get()
    assert (stored.version, stored.build_cargo, stored.build_battleship) == (1, 1, 0)
    assert (
        round_services.orders_submit(
            round=round_, team=red, sheet=OrderSheet.typed(build_battleship=1), version=1
        ).version
        == 2
    )
    assert TeamOrders.objects.get().build_battleship == 1


# ------------------------------------------------------------------------------------ resolve, undo


def test_preview_stores_nothing_and_reports_problems_per_team(started: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    round_ = opened(started)
    round_services.orders_submit(round=round_, team=red, sheet=OrderSheet.typed(build_cargo=1))
    round_services.orders_submit(round=round_, team=blue, sheet=OrderSheet.typed(build_battleship=1))
    before = rows(started)
    # Blue's AP drop below the battleship's price: its orders no longer pass.
    camp_services.placements_record(round=round_, ranks={red.pk: 1, green.pk: 2, blue.pk: 3})
    preview = round_preview(round=round_)
    assert rows(started) == before and not RoundResult.objects.exists()
    assert set(preview.problems) == {blue.name} and preview.missing == [green.name]
    assert not preview.complete
    assert any(e.what.value == "build" and e.team == red.name for e in preview.result.events)
    assert preview.map.staff
    with pytest.raises(OrdersInvalid) as e:
        round_services.round_resolve(round=round_)
    assert all(p.team == blue.name for p in e.value.problems)
    assert e.value.problems[0].message.startswith(f"{blue.name}: ")
    assert not RoundResult.objects.exists() and rows(started) == before


def test_resolve_then_undo_restores_everything_and_resolving_again_gives_the_same(
    started: Camp, teams: list[Team]
) -> None:
    demo.demo_play(started, rounds=2)
    round_ = opened(started)
    demo._orders(started, round_)
    before = rows(started)
    first = round_services.round_resolve(round=round_)
    events = first.events
    assert round_.status == RoundStatus.RESOLVED
    assert first.before["teams"] and "camp_rows" in first.before
    assert rows(started) != before
    with pytest.raises(IslandsError, match="already been resolved"), translation.override("en"):
        round_services.round_resolve(round=round_)
    for key in ee.telescope_keys(first.pending_telescopes):  # type: ignore[attr-defined]
        round_services.telescope_choose(round=round_, ship=key.split("#")[0], at=geometry(5).parse("C3"))
    round_services.round_undo(round=round_)
    assert round_.status == RoundStatus.ORDERS_OPEN
    assert rows(started) == before
    assert not RoundResult.objects.filter(round=round_).exists() and not TelescopeChoice.objects.exists()
    assert TeamOrders.objects.filter(round=round_).count() == 3
    again = round_services.round_resolve(round=round_)
    assert again.events == events
    assert again.before == first.before


def test_undo_restores_sunk_ships_with_their_round(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    first = opened(started)
    round_services.orders_submit(round=first, team=red, sheet=OrderSheet.typed(build_cargo=1))
    round_services.round_resolve(round=first)
    round_services.round_close(round=first)
    c2 = Ship.objects.get(team=red, ident="C2")
    assert c2.built_round_id == first.pk
    second = opened(started)
    label, czech = put_tile(started, red, Tile.REEFS)
    round_services.orders_submit(round=second, team=red, sheet=OrderSheet.typed(routes={"C2": czech}))
    before = rows(started)
    round_services.round_resolve(round=second)
    assert not Ship.objects.filter(team=red, ident="C2").exists()
    round_services.round_undo(round=second)
    assert rows(started) == before


def test_undo_reads_the_sheets_only_when_it_keeps_them(started: Camp) -> None:
    """What the sheets show is kept by the first undo and after a printed resolution; another undo
    keeps the first and never reads the sheets (every team's sheet: most of an undo's work)."""
    round_ = opened(started)
    asked: list[int] = []

    def shown(locked: Round) -> dict[str, Any]:
        asked.append(locked.pk)
        return {"teams": {}, "notice": len(asked)}

    round_services.round_resolve(round=round_)
    round_services.round_undo(round=round_, shown=shown)
    round_services.round_resolve(round=round_)
    round_services.round_undo(round=round_, shown=shown)
    assert asked == [round_.pk]
    assert UndoneResolution.objects.get(round=round_).shown["notice"] == 1
    round_services.round_sheets_printed(result=round_services.round_resolve(round=round_))
    round_services.round_undo(round=round_, shown=shown)
    assert asked == [round_.pk, round_.pk]
    assert UndoneResolution.objects.get(round=round_).shown["notice"] == 2


def test_undo_only_the_latest_resolved_round(started: Camp) -> None:
    first = opened(started)
    with pytest.raises(IslandsError, match="nothing to undo"), translation.override("en"):
        round_services.round_undo(round=first)
    round_services.round_resolve(round=first)
    assert round_undoable(first)
    second = opened(started)
    # the pages offer undo exactly when the service allows it
    assert not round_undoable(first)
    with pytest.raises(IslandsError, match="only the most recent"), translation.override("en"):
        round_services.round_undo(round=first)
    round_services.round_resolve(round=second)
    assert round_undoable(second) and not round_undoable(first)
    round_services.round_close(round=second)
    with pytest.raises(IslandsError, match="closed"), translation.override("en"):
        round_services.round_undo(round=second)


# ------------------------------------------------------------------------------------ telescopes


def test_telescope_choose_skip_and_close(started: Camp, teams: list[Team]) -> None:
    red, blue, _green = teams
    round_ = opened(started)
    _label, czech = put_tile(started, red, Tile.TELESCOPE)
    _label2, czech2 = put_tile(started, blue, Tile.TELESCOPE)
    round_services.orders_submit(round=round_, team=red, sheet=OrderSheet.typed(routes={"C1": czech}))
    round_services.orders_submit(round=round_, team=blue, sheet=OrderSheet.typed(routes={"C1": czech2}))
    with pytest.raises(IslandsError, match="not resolved"), translation.override("en"):
        round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", at=geometry(5).parse("C3"))
    result = round_services.round_resolve(round=round_)
    assert sorted(result.pending_telescopes) == sorted([f"{red.name}.C1", f"{blue.name}.C1"])
    overview = round_overview(round_)
    assert len(overview.pending_telescopes) == 2 and not overview.closable
    with pytest.raises(IslandsError, match="still pending"), translation.override("en"):
        round_services.round_close(round=round_)
    with pytest.raises(IslandsError, match="Z1 is a bay"), translation.override("en"):
        round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", at=geometry(5).parse("Z1"))
    with pytest.raises(IslandsError, match="no telescope"), translation.override("en"):
        round_services.telescope_choose(round=round_, ship=f"{red.name}.C2", at=geometry(5).parse("C3"))
    g = geometry(5)
    round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", at=g.parse("c3"))
    revealed = BoardHex.objects.get(camp=started, q=g.parse("C3").q, r=g.parse("C3").r)
    assert revealed.revealed and revealed.revealed_round_id == round_.pk
    assert revealed.revealed_by in (red, None)  # None: it was revealed before by a ship
    with pytest.raises(IslandsError, match="already been entered"), translation.override("en"):
        round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", at=geometry(5).parse("C3"))
    round_services.telescope_skip(round=round_, ship=f"{blue.name}.C1")
    assert round_overview(round_).closable
    round_services.round_close(round=round_)
    assert round_.status == RoundStatus.CLOSED
    with pytest.raises(IslandsError, match="closed"), translation.override("en"):
        round_services.telescope_skip(round=round_, ship=f"{blue.name}.C1")


def test_a_team_chooses_its_own_telescopes_and_whichever_is_first_counts(
    started: Camp, teams: list[Team], other_camp: Camp
) -> None:
    red, blue, _green = teams
    round_ = opened(started)
    round_services.round_resolve(round=round_)
    RoundResult.objects.filter(round=round_).update(
        pending_telescopes=[f"{red.name}.C1", f"{blue.name}.C1", f"{red.name}.C1"]
    )
    g = geometry(5)
    choice = round_services.telescope_team_choose(round=round_, team=red, telescope="C1#2", at=g.parse("C3"))
    assert (choice.ship, choice.hex) == (f"{red.name}.C1#2", "C3")
    cell = BoardHex.objects.get(camp=started, q=g.parse("C3").q, r=g.parse("C3").r)
    assert cell.revealed and cell.revealed_round_id == round_.pk
    staff = round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", at=g.parse("A1"))
    assert staff.ship == f"{red.name}.C1"  # staff took the first one, the team had the second
    with translation.override("en"):
        for telescope, words in (("C1", "already been entered"), ("C1#2", "already been entered")):
            with pytest.raises(IslandsError, match=words):
                round_services.telescope_team_choose(
                    round=round_, team=red, telescope=telescope, at=g.parse("B2")
                )
        for telescope in ("C2", "", f"{blue.name}.C1", ".C1", "C1#3"):  # none of red's, or not red's
            with pytest.raises(IslandsError, match="no telescope"):
                round_services.telescope_team_choose(
                    round=round_, team=red, telescope=telescope, at=g.parse("B2")
                )
        stranger = camp_services.team_create(camp=other_camp, name=blue.name, colour="#123456")
        with pytest.raises(IslandsError, match="no telescope"):  # a team of another camp run
            round_services.telescope_team_choose(
                round=round_, team=stranger, telescope="C1", at=g.parse("B2")
            )
        with pytest.raises(IslandsError, match="Z1 is a bay"):
            round_services.telescope_team_choose(round=round_, team=blue, telescope="C1", at=g.parse("Z1"))
    assert TelescopeChoice.objects.filter(result__round=round_).count() == 2
    round_services.telescope_team_choose(round=round_, team=blue, telescope="C1", at=g.parse("E5"))
    round_services.round_close(round=round_)
    with pytest.raises(IslandsError, match="closed"), translation.override("en"):
        round_services.telescope_team_choose(round=round_, team=blue, telescope="C1", at=g.parse("E5"))


def test_telescope_keys_number_a_ships_second_telescope() -> None:
    assert ee.telescope_keys(["a.C1", "b.C1", "a.C1"]) == ["a.C1", "b.C1", "a.C1#2"]  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------ concurrency


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_staff_resolving_at_once_get_one_result(camp: Camp, teams: list[Team]) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks)")
    demo.game_setup(camp, board_seed=11)
    round_ = opened(camp)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def press() -> None:
        from django.db import connection as thread_connection

        try:
            barrier.wait()
            round_services.round_resolve(round=Round.objects.get(pk=round_.pk))
            outcomes.append("resolved")
        except IslandsError as e:
            outcomes.append(f"refused: {e.messages[0]}")
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=press) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(o.split(":")[0] for o in outcomes) == ["refused", "resolved"], outcomes
    assert RoundResult.objects.filter(round=round_).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_team_and_staff_choosing_one_telescope_at_once_get_one_choice(
    camp: Camp, teams: list[Team]
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks)")
    red = teams[0]
    demo.game_setup(camp, board_seed=11)
    round_ = opened(camp)
    round_services.round_resolve(round=round_)
    RoundResult.objects.filter(round=round_).update(pending_telescopes=[f"{red.name}.C1"])
    g = geometry(camp.board_side)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def press(by_team: bool) -> None:
        from django.db import connection as thread_connection

        try:
            barrier.wait()
            fresh = Round.objects.get(pk=round_.pk)
            if by_team:
                round_services.telescope_team_choose(round=fresh, team=red, telescope="C1", at=g.parse("C3"))
            else:
                round_services.telescope_choose(round=fresh, ship=f"{red.name}.C1", at=g.parse("A1"))
            outcomes.append("chosen")
        except IslandsError as e:
            outcomes.append(f"refused: {e.code}")
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=press, args=(by_team,)) for by_team in (True, False)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["chosen", "refused: chosen"], outcomes
    assert TelescopeChoice.objects.filter(result__round=round_).count() == 1
