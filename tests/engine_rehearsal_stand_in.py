"""TEMPORARY, until sim's ``games.islands.engine.rehearsal`` is merged into this branch: the
contract's names (REHEARSAL_CONTRACT.md) so that the page's code imports. Installed by the root
``conftest.py`` under the engine module's name only when the real module is missing; it simulates
nothing (its ``rehearse`` is the tests' fake). Delete it with the conftest hook once merged."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.islands.engine.hexes import Hex
from games.islands.engine.state import Cell


class RehearsalSpecError(ValueError):
    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code, self.params = code, params


class RehearsalCancelled(ValueError):
    pass


@dataclass(frozen=True)
class RehearsalBoard:
    label: str
    side: int
    cells: Mapping[Hex, Cell]
    board_seed: int | None = None


@dataclass(frozen=True)
class RehearsalSpec:
    boards: tuple[RehearsalBoard, ...]
    teams: tuple[str, ...]
    ap_table: tuple[int, ...]
    rounds: int = 14
    camps: int = 200
    placement: str = "uniform"
    bots: str = "mixed"
    seed: int = 0


def check_spec(spec: RehearsalSpec) -> None:
    for name in spec.teams:
        if "." in name:
            raise RehearsalSpecError("team_name", name=name)
    for index, board in enumerate(spec.boards):
        if not any(cell.chests for cell in board.cells.values()):
            raise RehearsalSpecError("board_treasure", board=index + 1)


def rehearse(*args: object, **kwargs: object) -> dict[str, object]:
    from tests.games.islands.fake_rehearsal import fake_rehearse

    return fake_rehearse(*args, **kwargs)  # type: ignore[arg-type]
