"""Before a number ("ve 22 %", "v 5 %") the Czech preposition follows the first word of the number
read aloud (docs/islands-rules-decisions.md, "V, nebo ve před číslem"); English says "in"."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.islands.rehearsal_report import _rounds_to
from games.islands.words import rehearsal as rehearsal_words
from games.islands.words.numbers import in_number, reads_with_cluster

NBSP = "\u00a0"

#: Each boundary of the rule, both sides: the number and whether Czech says "ve" before it.
BOUNDARIES = [
    (0, False),  # nula
    (1, False),  # jedna
    (2, True),  # dvě
    (4, True),  # čtyři
    (5, False),  # pět
    (11, False),  # jedenáct
    (12, True),  # dvanáct
    (14, True),  # čtrnáct
    (15, False),  # patnáct
    (19, False),  # devatenáct
    (20, True),  # dvacet
    (22, True),  # dvacet dva
    (49, True),  # čtyřicet devět
    (50, False),  # padesát
    (99, False),  # devadesát devět
    (100, True),  # sto
    (199, True),
    (200, True),  # dvě stě
    (499, True),  # čtyři sta…
    (500, False),  # pět set
    (999, False),
    (1000, False),  # tisíc
    (1999, False),
    (2000, True),  # dva tisíce
    (12_000, True),  # dvanáct tisíc
    (100_000, True),  # sto tisíc
    (500_000, False),
    (1_000_000, False),  # milion
    (2.5, True),  # dvě celé pět
    (5.5, False),
]


@pytest.mark.parametrize(("number", "ve"), BOUNDARIES)
def test_the_rule_at_its_boundaries(number: float, ve: bool) -> None:
    assert reads_with_cluster(number) is ve
    with translation.override("cs"):
        assert in_number(number, str(number)) == f"{'ve' if ve else 'v'}{NBSP}{number}"
    with translation.override("en"):
        assert in_number(number, str(number)) == f"in{NBSP}{number}"


@pytest.mark.parametrize(
    ("share", "czech", "english"),
    [
        (0.22, f"Ve{NBSP}22{NBSP}% kol měl tým AB", f"In{NBSP}22% of the team-rounds"),
        (0.05, f"V{NBSP}5{NBSP}% kol měl tým AB", f"In{NBSP}5% of the team-rounds"),
        (0.12, f"Ve{NBSP}12{NBSP}% kol měl tým AB", f"In{NBSP}12% of the team-rounds"),
        (0.15, f"V{NBSP}15{NBSP}% kol měl tým AB", f"In{NBSP}15% of the team-rounds"),
    ],
)
def test_the_idle_teams_sentence(share: float, czech: str, english: str) -> None:
    with translation.override("cs"):
        assert rehearsal_words.problem_text("many_idle", {"share": share}).startswith(czech)
    with translation.override("en"):
        assert rehearsal_words.problem_text("many_idle", {"share": share}).startswith(english)


def test_never_in_a_share_of_the_games() -> None:
    with translation.override("cs"):
        assert _rounds_to({"mean": 5.5, "p10": 4, "p90": 6, "never_share": 0.25}).endswith(
            f"nikdy ve{NBSP}25{NBSP}% her"
        )
        assert _rounds_to({"mean": 5.5, "p10": 4, "p90": 6, "never_share": 0.55}).endswith(
            f"nikdy v{NBSP}55{NBSP}% her"
        )
