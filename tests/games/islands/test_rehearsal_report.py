"""A rehearsal's report as the pages show it (``games/islands/rehearsal_report.py``): each style's
shares with their intervals; a broken report, or one of the older format, never breaks the page."""

from __future__ import annotations

from django.utils import translation

from games.islands import rehearsal_report
from games.islands.words import rehearsal as rehearsal_words
from tests.games.islands.rehearsal_reports import fake_report, old_report

NBSP = "\u00a0"


def test_a_report_as_the_pages_show_it() -> None:
    report = fake_report(11, 12, 13)
    with translation.override("cs"):
        view = rehearsal_report.report_view(report)
    assert not view.older
    assert [b.label for b in view.boards] == ["Semínko 11", "Semínko 12", "Semínko 13"]
    assert view.best == report["best_board"] and view.boards[view.best].best
    assert [b.best for b in view.boards].count(True) == 1
    assert view.parameters[0] == ("Týmy", "Tým 1, Tým 2, Tým 3, Tým 4, Tým 5, Tým 6")
    assert view.parameters[3] == ("Simulovaných táborů na herní plán a styl", "40")
    assert view.parameters[-1] == (
        "Boti",
        "každý styl zvlášť, každý na vlastních táborech: plánovač, hladový bot a začátečník",
    )
    figures = dict(view.boards[0].figures)
    assert figures["Truhel na herním plánu"] == str(report["boards"][0]["treasure_total"])
    assert figures["Odehraných simulovaných táborů"] == "120 (40 na styl)"
    half = report["boards"][0]["rounds_to_half"]
    assert figures["Kol, než je doma polovina pokladu"].startswith(
        f"{rehearsal_words.decimal(half['mean'])} (od {half['p10']} do {half['p90']})"
    )
    assert [row.name for row in view.boards[0].sides] == [
        "dolní (jih)",
        "pravá (severovýchod)",
        "levá (severozápad)",
    ]
    assert len(view.boards[0].home_by_round) == 14


def test_each_boards_shares_by_style_with_their_intervals() -> None:
    report = fake_report(11)
    board = report["boards"][0]
    greedy = board["styles"][1]
    assert greedy["style"] == "greedy"
    greedy["sides"][0].update(share=0.34, low=0.31, high=0.37, fair_share=0.3333)
    greedy["sides"][1].update(share=0.41, low=0.37, high=0.45, fair_share=0.3333)
    greedy["sides"][2].update(share=0.3833, low=0.34, high=0.43, fair_share=0.3333)  # 5 points, rounded
    with translation.override("cs"):
        table = rehearsal_report.report_view(report).boards[0].shares
    assert table.styles == ("planner", "greedy", "novice")
    assert table.columns == ("plánovač", "hladový bot", "začátečník")
    assert [(row.name, row.side, row.order) for row in table.rows] == [
        ("dolní (jih)", "bottom", 0),
        ("pravá (severovýchod)", "right", 0),
        ("levá (severozápad)", "left", 0),
        ("týmy, které si vybíraly zátoku jako první", "", 1),
        ("týmy, které si vybíraly zátoku jako druhé", "", 2),
    ]
    bottom, right, left = (row.cells[1] for row in table.rows[:3])
    assert (bottom.style, bottom.text, bottom.off) == ("greedy", f"34{NBSP}% (31–37{NBSP}%)", False)
    assert (right.text, right.off) == (f"41{NBSP}% (37–45{NBSP}%)", True)
    assert left.off  # 38.33 % against 33.33 %: 5 points, though the report's rounding leaves a hair less
    assert table.rows[0].fair == f"33{NBSP}%" and table.rows[3].fair == f"50{NBSP}%"


def test_a_style_without_a_share_shows_a_dash() -> None:
    report = fake_report(11)
    del report["boards"][0]["styles"][2]["choice"][1]
    with translation.override("cs"):
        row = rehearsal_report.report_view(report).boards[0].shares.rows[4]
    assert [cell.text for cell in row.cells][2] == "–" and not row.cells[2].off


def test_a_kept_report_of_the_older_format_reads_what_it_holds() -> None:
    """A rehearsal kept from before format /2: its verdicts as they were judged, its sides' shares
    in one column of all the bots together (no interval, no order of choice), ``older`` set."""
    with translation.override("cs"):
        view = rehearsal_report.report_view(old_report(11, 12, 13))
    assert view.older and view.best == 0
    assert [b.verdict for b in view.boards] == [
        "Herní plán je spravedlivý: žádná strana ani zátoka nevyhrává o mnoho častěji než ostatní.",
        f"Tým v zátoce Z8 vyhrává 50{NBSP}% her, mnohem víc než spravedlivých 17{NBSP}%: "
        "plán je nespravedlivý.",
        f"Strana dolní (jih) vyhrává 50{NBSP}% her (spravedlivě by to bylo 33{NBSP}%): "
        "plán je nespravedlivý.",
    ]
    assert [b.tone for b in view.boards] == ["good", "bad", "bad"]
    table = view.boards[0].shares
    assert table.columns == ("smíšení (plánovač a hladový bot)",)
    assert [(row.name, [c.text for c in row.cells], row.fair) for row in table.rows] == [
        ("dolní (jih)", [f"50{NBSP}%"], f"33{NBSP}%"),
        ("pravá (severovýchod)", [f"30{NBSP}%"], f"33{NBSP}%"),
        ("levá (severozápad)", [f"20{NBSP}%"], f"33{NBSP}%"),
    ]
    assert [row.cells[0].off for row in table.rows] == [True, False, True]
    assert dict(view.boards[0].figures)["Odehraných simulovaných táborů"] == "40"
    assert view.parameters[3] == ("Simulovaných táborů na herní plán", "40")


def test_a_broken_report_still_reads() -> None:
    view = rehearsal_report.report_view(
        {"format": "zlate-ostrovy-rehearsal/1", "boards": [{"label": "x"}, "junk"], "best_board": 7}
    )
    assert view.best is None and len(view.boards) == 1 and view.older
    board = view.boards[0]
    assert (
        board.sides == ()
        and board.shares.rows == ()
        and board.home_by_round == ()
        and dict(board.figures)["Truhel na herním plánu"] == "–"
    )
    assert rehearsal_report.report_view({}).boards == ()
    junk = {
        "format": rehearsal_report.REPORT_FORMAT,
        "spec": {"teams": "nobody", "ap_table": 7, "camps": "many"},
        "boards": [
            {
                "camps": "x",
                "styles": [
                    "junk",
                    {"style": 3, "camps": None, "sides": "no", "choice": [{"order": True}, {"order": 2}]},
                    {"sides": [{"side": "up", "share": "x", "low": None}]},
                ],
                "verdict": {"code": "unfair_side", "params": {"side": "right"}},
                "problems": "none",
            }
        ],
    }
    with translation.override("cs"):
        view = rehearsal_report.report_view(junk)
    board = view.boards[0]
    assert not view.older and board.verdict.startswith("Plán je nespravedlivý: jedna strana")
    assert [(row.name, [c.text for c in row.cells]) for row in board.shares.rows] == [
        ("up", ["–", "–"]),
        ("týmy, které si vybíraly zátoku jako druhé", ["–", "–"]),
    ]
    assert dict(view.parameters)["Týmy"] == "–"
