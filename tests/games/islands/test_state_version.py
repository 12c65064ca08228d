"""Every write to a row the engine state is built from draws a new public version of its camp run,
in the same transaction: the pages share one engine state per version (``state_before``, through
``camp.caches.request_memo``), so a write that kept the version would leave them on the old state.

Checked on the statements themselves: every SQL write of a whole camp played through the services
(board set-up, placements, round open, orders, resolve, telescopes, undo, close), grouped by the
outermost transaction it ran in.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connection

from camp import services as camp_services
from camp.models import Camp, Placement, Round, RoundStatus, Team
from games.islands.demo import game_setup, play_round
from games.islands.models.board import BoardHex, Harbor, Pirate, Ship
from games.islands.models.rounds import IslandsRound, RoundResult
from games.islands.services import rounds as round_services
from tests.sql_writes import written_table

#: The tables ``game_state`` reads.
STATE_TABLES = {
    m._meta.db_table for m in (BoardHex, Harbor, IslandsRound, Pirate, Ship, Team, Round, Placement, Camp)
}


class Writes:
    """Each write statement's table, by the outermost transaction (savepoint) it ran in."""

    def __init__(self) -> None:
        self.base = len(connection.savepoint_ids)
        self.autocommit = itertools.count()
        self.by_group: dict[Any, list[tuple[str, str]]] = defaultdict(list)

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        if table := written_table(sql):
            ids = connection.savepoint_ids
            group = ids[self.base] if len(ids) > self.base else ("autocommit", next(self.autocommit))
            self.by_group[group].append((table, sql))
        return execute(sql, params, many, context)

    def unversioned(self) -> list[list[str]]:
        """The transactions that wrote a state row but drew no new public version."""
        camp_table = Camp._meta.db_table
        bad = []
        for writes in self.by_group.values():
            tables = {table for table, _sql in writes}
            bumped = any(
                table == camp_table and ("public_version" in sql or sql.lstrip().upper().startswith("INSERT"))
                for table, sql in writes
            )
            if tables & STATE_TABLES and not bumped:
                bad.append([sql[:120] for _table, sql in writes])
        return bad


@pytest.fixture
def writes(db: None) -> Iterator[Writes]:
    recorder = Writes()
    with connection.execute_wrapper(recorder):
        yield recorder


def test_every_write_of_a_played_camp_draws_a_new_version(writes: Writes) -> None:
    camp = camp_services.camp_create(name="Verze", year=2026, board_side=7)
    for name, colour in (("Chobotnice", "#c0392b"), ("Žraloci", "#2471a3"), ("Račí ocásci", "#229954")):
        camp_services.team_create(camp=camp, name=name, colour=colour)
    game_setup(camp)  # board, sides, bays, ships: one service call each
    for number in (1, 2, 3):
        round_ = camp_services.round_create(camp=camp)
        play_round(camp, round_, close=number < 3)
    third = Round.objects.get(camp=camp, number=3)
    assert third.status == RoundStatus.RESOLVED
    round_services.round_undo(round=third)
    third.refresh_from_db()
    round_services.round_resolve(round=third)  # on the orders kept
    third.refresh_from_db()
    play_round(camp, third)  # telescopes, close
    fourth = camp_services.round_create(camp=camp)
    play_round(camp, fourth, close=False)

    assert RoundResult.objects.filter(round__camp=camp).count() == 4
    assert len(writes.by_group) > 30  # the recorder saw every service's transaction
    assert writes.unversioned() == []


def test_a_write_that_keeps_the_version_is_found(writes: Writes) -> None:
    """The check can fail: a ship moved in plain SQL, past the ORM and its hook, draws no version."""
    camp = camp_services.camp_create(name="Verze", year=2026, board_side=7)
    camp_services.team_create(camp=camp, name="Chobotnice", colour="#c0392b")
    camp_services.team_create(camp=camp, name="Žraloci", colour="#2471a3")
    game_setup(camp)
    assert writes.unversioned() == []
    table = connection.ops.quote_name(Ship._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET chests = 1")
    assert len(writes.unversioned()) == 1
