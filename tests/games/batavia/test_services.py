"""The Batavia services: create, start, act, undo, bots, tokens, import, finish → placements."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction

from camp import services as camp_services
from camp.models import MiniGame, Placement, Round, RoundStatus, Team
from games.batavia import selectors, services
from games.batavia.engine import Bid, Draw, Pass, Play, Roll, Score
from games.batavia.engine.scoring import TablePlayer
from games.batavia.models import BataviaSeat, BataviaSession, SessionMode, SessionStatus


def snapshot(session: BataviaSession) -> tuple[Any, ...]:
    row = BataviaSession.objects.get(pk=session.pk)
    return row.record, row.version, row.status, list(Placement.objects.values_list("team_id", "rank"))


def test_create_writes_a_complete_record(minigame: MiniGame, teams: list[Team]) -> None:
    s = services.session_create(minigame=minigame)
    assert s.status == SessionStatus.SETUP
    assert s.record["format"] == "batavia/1"
    assert s.record["players"] == [t.name for t in teams]
    assert len(s.record["track"]) == 35 and len(s.record["deck"]) == 110
    assert s.record["actions"] == []
    assert [seat.team for seat in selectors.session_seats(s)] == teams
    tokens = {seat.token for seat in s.seats.all()}
    assert len(tokens) == 4 and all(len(t) >= 40 for t in tokens)


def test_the_setup_comes_from_the_camp_seed(minigame: MiniGame) -> None:
    s = services.session_create(minigame=minigame)
    first = s.record["deck"]
    BataviaSession.objects.all().delete()
    again = services.session_create(minigame=minigame)
    assert again.record["deck"] == first  # same camp, round, purpose: same game


def test_create_refuses_bad_input(minigame: MiniGame, teams: list[Team], round1: Round) -> None:
    with pytest.raises(services.BataviaServiceError, match="3 až 5|3 to 5"):
        services.session_create(minigame=minigame, teams=teams[:2])
    outdoor_round = camp_services.round_create(camp=round1.camp)
    outdoor = camp_services.minigame_record(round=outdoor_round, name="Přetahovaná", kind="outdoor")
    with pytest.raises(services.BataviaServiceError):
        services.session_create(minigame=outdoor)
    services.session_create(minigame=minigame)
    with pytest.raises(services.BataviaServiceError):
        services.session_create(minigame=minigame)
    assert BataviaSession.objects.count() == 1


def test_a_minigame_with_a_game_of_batavia_stays_batavia(session: BataviaSession) -> None:
    """The service refuses what the admin form refuses: the game would lose its mini-game kind."""
    minigame = session.minigame
    with pytest.raises(ValidationError, match="Batavia") as refused:
        camp_services.minigame_record(round=minigame.round, name="Přetahovaná", kind="outdoor")
    assert refused.value.code == "minigame_kind_locked"
    minigame.refresh_from_db()
    assert (minigame.kind, minigame.name) == ("batavia", "Batavia v jídelně")
    # A new name is fine.
    camp_services.minigame_record(round=minigame.round, name="Batavia u ohně", kind="batavia")
    minigame.refresh_from_db()
    assert minigame.name == "Batavia u ohně"


def test_start_rolls_the_die_and_the_first_bidder_acts(session: BataviaSession) -> None:
    state = selectors.session_state(session)
    assert session.status == SessionStatus.PLAYING
    assert isinstance(state.history[0][1], Roll)
    assert state.to_act == 1 and state.phase == "auction"


def test_act_applies_and_bumps_the_version(session: BataviaSession) -> None:
    v = session.version
    services.session_act(session=session, seat=1, action=Bid(2), version=v)
    session.refresh_from_db()
    assert session.version == v + 1
    assert session.record["actions"][-1] == {"by": "Modří", "bid": 2}


def test_an_illegal_action_stores_nothing(session: BataviaSession) -> None:
    before = snapshot(session)
    for seat, action in [
        (2, Bid(2)),
        (1, Bid(16)),
        (1, Bid(0)),
        (1, Draw()),
        (1, Play((1, 0, 0, 0, 0), "EN")),
    ]:
        with pytest.raises(services.BataviaServiceError) as error:
            services.session_act(session=session, seat=seat, action=action)
        assert error.value.text
    with pytest.raises(services.BataviaServiceError):
        services.session_act(session=session, seat=9, action=Pass())
    with pytest.raises(services.BataviaServiceError):
        services.session_act(session=session, seat=1, action=Roll(3))  # only the game rolls
    assert snapshot(session) == before


def test_error_messages_are_czech(session: BataviaSession) -> None:
    with pytest.raises(services.BataviaServiceError) as error:
        services.session_act(session=session, seat=2, action=Bid(2))
    assert "Modří" in error.value.text and "na tahu" in error.value.text
    with pytest.raises(services.BataviaServiceError) as error:
        services.session_act(session=session, seat=1, action=Bid(16))
    assert "15" in error.value.text  # "máte 15"


def test_a_stale_page_changes_nothing(session: BataviaSession) -> None:
    v = session.version
    services.session_act(session=session, seat=1, action=Bid(2), version=v)
    before = snapshot(session)
    with pytest.raises(services.BataviaServiceError) as error:  # the same click again (double submit)
        services.session_act(session=session, seat=1, action=Bid(3), version=v)
    assert error.value.code == "stale"
    assert snapshot(session) == before


def test_every_write_locks_the_session_row_inside_a_transaction(
    session: BataviaSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[bool] = []
    original = services._lock

    def spy(s: BataviaSession) -> BataviaSession:
        calls.append(transaction.get_connection().in_atomic_block)
        return original(s)

    monkeypatch.setattr(services, "_lock", spy)
    services.session_act(session=session, seat=1, action=Pass())
    services.session_undo(session=session)
    services.bots_advance(session=session)
    seat = session.seats.get(number=3)
    services.seat_set_bot(seat=seat, bot="")
    assert calls == [True, True, True, True]


def test_undo_takes_back_the_last_action_and_the_rolls_after_it(session: BataviaSession) -> None:
    services.session_act(session=session, seat=1, action=Pass())
    services.session_act(session=session, seat=2, action=Pass())
    services.session_act(session=session, seat=3, action=Pass())
    state = services.session_act(session=session, seat=0, action=Pass())  # nobody bid: turns, seat 0 starts
    assert state.phase == "turns" and state.to_act == 0
    for seat in (0, 1, 2):
        state = services.session_act(session=session, seat=seat, action=Draw())
    state = services.session_act(session=session, seat=3, action=Draw())  # round 2 begins: a roll follows
    assert state.phase == "auction" and isinstance(state.history[-1][1], Roll)
    state = services.session_undo(session=session)
    assert state.phase == "turns" and state.to_act == 3
    assert len(state.history) == 1 + 4 + 3
    state = services.session_undo(session=session)
    assert state.to_act == 2


def test_undo_with_nothing_to_undo(session: BataviaSession) -> None:
    with pytest.raises(services.BataviaServiceError):
        services.session_undo(session=session)  # only the die was rolled


def test_bots_play_their_seats_until_a_human_must_act(session: BataviaSession) -> None:
    for number in (1, 2, 3):
        services.seat_set_bot(seat=session.seats.get(number=number), bot="greedy")
    session.refresh_from_db()
    state = selectors.session_state(session)
    assert state.to_act == 0  # the only human seat
    with pytest.raises(services.BataviaServiceError):  # a team cannot act for a bot seat
        services.session_act(session=session, seat=1, action=Pass())


def finish_with_bots(session: BataviaSession) -> None:
    for seat in session.seats.all():
        services.seat_set_bot(seat=seat, bot="random" if seat.number % 2 else "greedy")
    session.refresh_from_db()


def test_a_game_of_bots_finishes_and_records_the_placements(session: BataviaSession, round1: Round) -> None:
    finish_with_bots(session)
    state = selectors.session_state(session)
    assert state.phase == "finished" and session.status == SessionStatus.FINISHED
    ranks = services.session_finish(session=session)
    session.refresh_from_db()
    assert session.status == SessionStatus.RECORDED
    stored = dict(Placement.objects.values_list("team_id", "rank"))
    assert stored == ranks
    totals = {seat.team_id: state.scores[seat.number].total for seat in session.seats.all()}
    best = max(totals.values())
    assert {tid for tid, r in stored.items() if r == 1} == {tid for tid, t in totals.items() if t == best}
    round1.refresh_from_db()
    assert round1.status == RoundStatus.MINIGAME_RECORDED
    with pytest.raises(services.BataviaServiceError):
        services.session_undo(session=session)  # recorded: frozen


def test_finish_shares_places_on_ties(session: BataviaSession, monkeypatch: pytest.MonkeyPatch) -> None:
    finish_with_bots(session)
    real = selectors.session_state(session)
    tied = replace(
        real,
        scores=(Score(30, 0, 0, 0, 0), Score(20, 0, 0, 0, 0), Score(30, 0, 0, 0, 0), Score(5, 0, 0, 0, 0)),
    )
    monkeypatch.setattr(services.selectors, "session_state", lambda s: tied)
    ranks = services.session_finish(session=session)
    by_seat = {seat.number: ranks[seat.team_id] for seat in session.seats.all()}
    assert by_seat == {0: 1, 1: 3, 2: 1, 3: 4}
    assert sorted(Placement.objects.values_list("rank", "ap")) == [(1, 14), (1, 14), (3, 8), (4, 0)]


def test_finish_before_the_end_is_refused(session: BataviaSession) -> None:
    with pytest.raises(services.BataviaServiceError):
        services.session_finish(session=session)
    assert not Placement.objects.exists()


def test_tokens_revoke_and_renew(session: BataviaSession) -> None:
    seat = session.seats.get(number=0)
    old = seat.token
    services.token_revoke(seat=seat)
    assert not seat.link_active and selectors.seat_by_token(old) is not None
    services.token_renew(seat=seat)
    assert seat.link_active and seat.token != old
    assert selectors.seat_by_token(old) is None


def test_import_replays_and_checks_players(session: BataviaSession) -> None:
    services.session_act(session=session, seat=1, action=Bid(3))
    session.refresh_from_db()
    exported = dict(session.record)
    services.session_undo(session=session)
    state = services.record_import(session=session, data=exported)
    assert state.history[-1][1] == Bid(3)
    before = snapshot(session)
    for bad in [
        {**exported, "players": ["A", "B", "C", "D"], "actions": []},
        {**exported, "deck": exported["deck"][:-1]},
        {**exported, "actions": [*exported["actions"], {"by": "Zelení", "bid": 1}]},
        "not a record",
        {**exported, "cash_table": [1, 2]},
    ]:
        with pytest.raises(services.BataviaServiceError):
            services.record_import(session=session, data=bad)
    assert snapshot(session) == before


def test_import_renumbers_seats_by_the_record(session: BataviaSession, teams: list[Team]) -> None:
    record = dict(session.record)
    record["players"] = list(reversed(record["players"]))
    record["auctioneer"] = record["players"][0]
    record["actions"] = []
    services.record_import(session=session, data=record)
    numbers = {s.team.name: s.number for s in BataviaSeat.objects.select_related("team")}
    assert numbers == {"Žlutí": 0, "Zelení": 1, "Modří": 2, "Červení": 3}


def test_calculator_ranks_and_records_with_ties(minigame: MiniGame, teams: list[Team]) -> None:
    s = services.session_create(minigame=minigame, mode=SessionMode.PHYSICAL)
    assert s.record == {}
    none = (0,) * 7
    players = [
        TablePlayer((1, 0, 0, 0, 0, 0, 0), bills=20, cashed=6),  # 10 + 5 + 6 = 21
        TablePlayer(none, bills=15, seals=("DK",), goal=True, cashed=15),  # 2 + 4 + 15 = 21
        TablePlayer((0, 0, 0, 0, 0, 0, 1), bills=15),  # 16
        TablePlayer(none, bills=10, cashed=3),  # 3
    ]
    scores, places = services.calculator_scores(players)
    assert [sc.total for sc in scores] == [21, 21, 16, 3]
    assert places == (1, 1, 3, 4)
    ranks = services.calculator_save(session=s, players=players, raw={"p0-bills": "20"})
    assert ranks == {teams[0].pk: 1, teams[1].pk: 1, teams[2].pk: 3, teams[3].pk: 4}
    s.refresh_from_db()
    assert s.status == SessionStatus.RECORDED and s.calculator == {"p0-bills": "20"}
    with pytest.raises(services.BataviaServiceError):
        services.session_act(session=s, seat=0, action=Pass())


def test_the_calculator_replaces_a_game_played_in_the_app_only_when_asked(
    session: BataviaSession, teams: list[Team]
) -> None:
    """A game played in the app has its own ranking (the phones show it): the calculator's
    placements replace it only with ``replace_app_result``; without, nothing changes."""
    finish_with_bots(session)
    app_ranks = services.session_finish(session=session)
    players = [TablePlayer((0,) * 7, bills=15, cashed=c) for c in (20, 15, 10, 5)]  # places 1, 2, 3, 4
    with pytest.raises(services.BataviaServiceError) as refused:
        services.calculator_save(session=session, players=players, raw={"p0-bills": "20"})
    assert refused.value.code == "played_in_app"
    assert dict(Placement.objects.values_list("team_id", "rank")) == app_ranks
    assert BataviaSession.objects.get(pk=session.pk).calculator == {}
    ranks = services.calculator_save(session=session, players=players, replace_app_result=True)
    assert ranks == {teams[0].pk: 1, teams[1].pk: 2, teams[2].pk: 3, teams[3].pk: 4}
    assert dict(Placement.objects.values_list("team_id", "rank")) == ranks


def test_a_seated_team_cannot_be_renamed(session: BataviaSession, teams: list[Team]) -> None:
    """A game record names its players: once a team has a seat, the team form refuses a new name."""
    from django.utils import translation

    from camp.forms import TeamForm

    team = teams[0]
    data = {"name": "Piráti", "colour": team.colour, "order": team.order}
    with translation.override("en"):
        renamed = TeamForm(data=data, instance=Team.objects.get(pk=team.pk))
        assert not renamed.is_valid()
    assert "seat in a game of Batavia" in renamed.errors["name"][0]
    kept = {**data, "name": team.name, "colour": "#000000"}
    assert TeamForm(data=kept, instance=Team.objects.get(pk=team.pk)).is_valid()


def test_a_round_with_a_game_of_batavia_cannot_be_deleted(session: BataviaSession, round1: Round) -> None:
    """Still planned, but its mini-game's game record would go with it."""
    from django.utils import translation

    from camp.selectors import round_delete_refusal

    with translation.override("en"):
        assert "A game of Batavia belongs to round 1" in round_delete_refusal(round1)
