"""How the islands' engine problems read in the staff's language (``games/islands/words.py``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.islands import words
from games.islands.engine.notation import Route, ShipId
from games.islands.engine.orders import Breach, ProblemCode
from games.islands.engine.scenario import ScenarioProblem, ScenarioProblemCode
from games.islands.engine.sheet import SheetCode, SheetProblem

#: A value for every param any round-file problem uses.
PARAMS: tuple[tuple[str, str | int], ...] = (
    ("detail", "Expecting value: line 1 column 1 (char 0)"),
    ("line", 2),
    ("column", 13),
    ("limit", 4300),
    ("minimum", 3),
    ("maximum", 13),
    ("format", "zlate-ostrovy/1"),
    ("value", "'UP'"),
    ("shown", "UP"),
    ("label", "Z3"),
    ("side", 5),
    ("other", "E3"),
    ("tiles", "open-sea, reefs"),
    ("ship", "C2"),
    ("kind", "cargo"),
    ("chests", 3),
    ("room", 2),
    ("expected", 11),
    ("count", 2),
    ("team", "green"),
    ("position", 2),
    ("token", "Q"),
    ("allowed", ". N NE SE S SW NW"),
)


def sample(code: ScenarioProblemCode, path: str = "orders.red.routes.C2") -> ScenarioProblem:
    order = None
    if code is ScenarioProblemCode.ILLEGAL_ORDERS:
        order = Breach("red", ProblemCode.OFF_BOARD, "routes", "C2", 3, params=(("at", "G4"),))
    return ScenarioProblem(path, code, PARAMS, order_problem=order)


@pytest.mark.parametrize("code", list(ScenarioProblemCode))
def test_every_round_file_problem_has_a_czech_text(code: ScenarioProblemCode) -> None:
    problem = sample(code)
    with translation.override("en"):
        english = words.scenario_problem_text(problem)
    with translation.override("cs"):
        czech = words.scenario_problem_text(problem)
    assert czech and english
    assert czech != english, f"{code}: no Czech text (add it to the islands app's Czech .po)"
    assert czech != problem.message, f"{code}: the page shows the command line's English"
    assert "%(" not in czech and "%(" not in english


#: A sheet problem of every code with the values the reader gives it, and its words in Czech.
SHEET_PROBLEMS: list[tuple[SheetProblem, str]] = [
    (
        SheetProblem(SheetCode.NOT_A_NUMBER, "build_cargo", params=(("value", "hodně"),)),
        "„hodně“ není celý počet lodí",
    ),
    (
        SheetProblem(SheetCode.HARBOR_SYNTAX, "harbor", step=2, params=(("token", "?"),)),
        "„?“ není posun přístavu: pište + (další zátoka), - (předchozí zátoka) nebo . (zůstává)",
    ),
    (
        SheetProblem(
            SheetCode.ROUTE_SYNTAX, "routes", ShipId.parse("C1"), 2, 1, (("token", "X"), ("alphabet", "cs"))
        ),
        "„X“ není směr: pište S SV JV J JZ SZ (S je sever) nebo . pro stání",
    ),
    (SheetProblem(SheetCode.NOT_A_SHIP, "routes", params=(("ship", "X"),)), "Tento tým nemá loď „X“."),
    (
        SheetProblem(SheetCode.FIRE_LABEL, "fire", params=(("label", "ZZ99"), ("last", "I1"))),
        "„ZZ99“ není hex tohoto herního plánu (A1 … I1)",
    ),
    (
        SheetProblem(SheetCode.FIRE_BAY, "fire", params=(("label", "Z2"),)),
        "Z2 je zátoka: bitevní loď střílí na hex herního plánu",
    ),
]


def test_every_sheet_code_has_its_words() -> None:
    assert {problem.code for problem, _czech in SHEET_PROBLEMS} == set(SheetCode)


@pytest.mark.parametrize(("problem", "czech"), SHEET_PROBLEMS)
def test_a_sheet_problem_reads_in_the_staffs_language(problem: SheetProblem, czech: str) -> None:
    with translation.override("cs"):
        assert words.located_problem_text(problem) == words.sheet_problem_text(problem) == czech
    with translation.override("en"):
        english = words.located_problem_text(problem)
    assert english != czech and "%(" not in english


def test_a_rules_problem_reads_as_its_breach() -> None:
    breach = Breach("red", ProblemCode.OFF_BOARD, "routes", ShipId.parse("C2"), 3, params=(("at", "G4"),))
    with translation.override("en"):
        assert (
            words.located_problem_text(breach)
            == words.breach_text(breach)
            == "would sail off the board at G4"
        )


def test_the_path_leads_and_a_file_level_problem_starts_with_a_capital() -> None:
    with translation.override("cs"):
        line = words.scenario_problem_line(sample(ScenarioProblemCode.ILLEGAL_ORDERS))
        assert line == "orders.red.routes.C2: vyplula by mimo herní plán u G4 (krok 3)"
        not_json = words.scenario_problem_line(sample(ScenarioProblemCode.NOT_JSON, path=""))
        assert not_json == (
            "Není platný JSON (řádek 2, sloupec 13: tady má být hodnota: soubor je prázdný, useknutý "
            "nebo to vůbec není JSON)"
        )
        top = words.scenario_problem_line(sample(ScenarioProblemCode.NOT_OBJECT, path=""))
        assert top == "Soubor musí být objekt JSON ({…})"
    with translation.override("en"):
        line = words.scenario_problem_line(
            sample(ScenarioProblemCode.WRONG_SHIP_KIND, "teams[0].ships[1].kind")
        )
        assert line == "teams[0].ships[1].kind: ship C2 is a cargo ship"


ROUTE, HARBOR = ProblemCode.ROUTE_TOO_LONG, ProblemCode.HARBOR_TOO_LONG


@pytest.mark.parametrize(
    ("code", "length", "allowed", "czech", "english"),
    [
        (ROUTE, 1, 0, "trasa má 1 krok, ale tým má jen 0 kroků",
         "the route has 1 step but the team has only 0 steps"),
        (ROUTE, 3, 2, "trasa má 3 kroky, ale tým má jen 2 kroky",
         "the route has 3 steps but the team has only 2 steps"),
        (ROUTE, 5, 1, "trasa má 5 kroků, ale tým má jen 1 krok",
         "the route has 5 steps but the team has only 1 step"),
        (HARBOR, 2, 1, "2 posuny přístavu, ale tým má jen 1 krok",
         "2 harbor moves but the team has only 1 step"),
        (HARBOR, 7, 4, "7 posunů přístavu, ale tým má jen 4 kroky",
         "7 harbor moves but the team has only 4 steps"),
    ],
)  # fmt: skip
def test_too_long_counts_each_number_in_its_own_plural(
    code: ProblemCode, length: int, allowed: int, czech: str, english: str
) -> None:
    """Czech has three plural forms (1 krok, 2–4 kroky, 5+ kroků), one per number of the message; the
    route and the team's allowance are both counted in steps (one word for one thing)."""
    params = (("length", length), ("allowed", allowed))
    problem = Breach("red", code, "routes", "C1", None, params=params)
    with translation.override("cs"):
        assert words.breach_text(problem) == czech
    with translation.override("en"):
        assert words.breach_text(problem) == english


@pytest.mark.parametrize(
    ("length", "allowed", "czech", "english"),
    [
        (7, 6, "trasa má 7 tahů, ale loď s mořským koníkem má jen 6 tahů (3 kroky po 2 tazích)",
         "the route has 7 moves but a ship with a seahorse has only 6 moves (3 steps of 2 moves)"),
        (3, 2, "trasa má 3 tahy, ale loď s mořským koníkem má jen 2 tahy (1 krok po 2 tazích)",
         "the route has 3 moves but a ship with a seahorse has only 2 moves (1 step of 2 moves)"),
    ],
)  # fmt: skip
def test_a_seahorse_route_too_long_counts_moves_as_the_route_does(
    length: int, allowed: int, czech: str, english: str
) -> None:
    """A seahorse ship's limit is in moves, like its route, not in "steps" that are really moves."""
    params = (("length", length), ("allowed", allowed), ("per_step", 2))
    problem = Breach("red", ProblemCode.ROUTE_TOO_LONG, "routes", "C1", None, params=params)
    with translation.override("cs"):
        assert words.breach_text(problem) == czech
    with translation.override("en"):
        assert words.breach_text(problem) == english


def test_the_engine_tells_a_seahorse_routes_limit_per_step() -> None:
    from games.islands.engine.hexes import geometry
    from games.islands.engine.orders import Orders, check_orders
    from games.islands.engine.state import Board, GameState, Ship, ShipKind, Team

    g = geometry(5)
    ship = Ship("C1", ShipKind.CARGO, at=g.parse("A1"), seahorse=True)
    state = GameState(board=Board.empty(5), teams=(Team("red", harbor=g.parse("Z1"), ships=(ship,)),))
    (problem,) = check_orders(state, "red", Orders(ap=1, routes=(("C1", Route.parse(". . .")),)))
    assert problem.code is ProblemCode.ROUTE_TOO_LONG
    assert dict(problem.params) == {"length": 3, "allowed": 2, "per_step": 2}
