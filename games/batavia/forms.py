"""Reading the action forms and the score calculator's form: anything typed or tampered with gives
a clear, translated message, never an exception."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.batavia.display import COMPANY_NAMES, GOOD_NAMES
from games.batavia.engine import GOAL, Action, Bid, Draw, Pass, Play
from games.batavia.engine.components import COMPANIES, GOODS
from games.batavia.engine.scoring import TablePlayer
from games.batavia.engine.state import CRATES

MAX_NUMBER = 999


class FormProblem(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def parse_int(
    raw: Any, *, label: str, minimum: int = 0, maximum: int = MAX_NUMBER, blank: int | None = 0
) -> int:
    """A whole number from a form field (blank gives ``blank``); :class:`FormProblem` otherwise."""
    text = str(raw if raw is not None else "").strip()
    if not text:
        if blank is None:
            raise FormProblem(_("%(label)s: enter a whole number.") % {"label": label})
        return blank
    if len(text) > 4 or not text.isdigit() or not text.isascii():
        raise FormProblem(
            _("%(label)s: “%(value)s” is not a whole number from %(min)d to %(max)d.")
            % {"label": label, "value": text[:12], "min": minimum, "max": maximum}
        )
    value = int(text)
    if not minimum <= value <= maximum:
        raise FormProblem(
            _("%(label)s: enter a whole number from %(min)d to %(max)d.")
            % {"label": label, "min": minimum, "max": maximum}
        )
    return value


def parse_counts(data: QueryDict) -> dict[str, int]:
    """The play form's card counts (``count-EN`` … ``count-SE``)."""
    return {
        c: parse_int(data.get(f"count-{c}"), label=_("%(company)s cards") % {"company": c}, maximum=110)
        for c in COMPANIES
    }


def parse_action(data: QueryDict) -> Action:
    """The action a submitted form asks for; :class:`FormProblem` when it cannot be read."""
    kind = data.get("kind", "")
    if kind == "pass":
        return Pass()
    if kind == "draw":
        return Draw()
    if kind == "bid":
        return Bid(parse_int(data.get("amount"), label=_("Bid"), minimum=1, blank=None))
    if kind == "play":
        counts = parse_counts(data)
        move = data.get("move", "")
        if move not in COMPANIES and move != GOAL:
            raise FormProblem(_("Choose the company whose next station your merchant goes to."))
        cash = data.get("cash_in", "0")
        if cash not in ("0", "1", ""):
            raise FormProblem(_("Choose whether to cash in your tiles."))
        return Play.of(counts, move=move, cash_in=cash == "1")
    raise FormProblem(_("Unknown action. Reload the page and try again."))


#: What an unreadable version becomes: no game ever has it, so the action is refused as stale.
STALE_VERSION = -1


def parse_version(data: QueryDict) -> int | None:
    """The game version the page was rendered from: None when missing (no staleness check); a
    value that is no version at all (``abc``, ``²``, 30 digits) is stale: it matches no game."""
    raw = data.get("v", "")
    if raw == "":
        return None
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else STALE_VERSION


# -------------------------------------------------------------------------------- score calculator


@dataclass
class CalculatorRow:
    """One player's inputs as typed (strings, for redisplay) and the parsed values."""

    crates: list[str]
    bills: str
    seals: list[str]
    goal: bool
    cashed: str
    problems: list[str] = field(default_factory=list)


def calculator_rows(data: QueryDict | dict[str, Any], seats: int) -> list[CalculatorRow]:
    rows = []
    for i in range(seats):
        rows.append(
            CalculatorRow(
                crates=[str(data.get(f"p{i}-{g}", "") or "") for g in GOODS],
                bills=str(data.get(f"p{i}-bills", "") or ""),
                seals=[c for c in COMPANIES if str(data.get(f"seal-{c}", "")) == str(i)],
                goal=str(data.get("goal", "")) == str(i),
                cashed=str(data.get(f"p{i}-cashed", "") or ""),
            )
        )
    return rows


def _field(raw: Any, found: list[str], **kwargs: Any) -> int | None:
    """:func:`parse_int`, its problem (if any) added to ``found`` and None returned instead."""
    try:
        return parse_int(raw, **kwargs)
    except FormProblem as e:
        found.append(e.message)
        return None


def parse_calculator(
    rows: list[CalculatorRow], names: list[str]
) -> tuple[list[TablePlayer] | None, list[str]]:
    """The calculator's rows as players for :func:`score_table`, or every problem of every player
    at once (translated), so the whole sheet can be corrected in one go."""
    players: list[TablePlayer] = []
    problems: list[str] = []
    per_good = [0] * len(GOODS)
    for row, name in zip(rows, names, strict=True):
        found: list[str] = []
        parsed = [
            _field(v, found, label=f"{name} – {GOOD_NAMES[g]}", maximum=len(COMPANIES))
            for v, g in zip(row.crates, GOODS, strict=True)
        ]
        bills = _field(row.bills, found, label=_("%(name)s – bills") % {"name": name}, maximum=75, blank=None)
        cashed = _field(row.cashed, found, label=_("%(name)s – gold from cashing in") % {"name": name})
        crates = tuple(n or 0 for n in parsed)  # the fields that were numbers still count below
        if sum(crates) > CRATES:
            found.append(
                ngettext(
                    "%(name)s: %(n)d crate, but a player has only %(max)d.",
                    "%(name)s: %(n)d crates, but a player has only %(max)d.",
                    sum(crates),
                )
                % {"name": name, "n": sum(crates), "max": CRATES}
            )
        for g, n in enumerate(crates):
            per_good[g] += n
        row.problems.extend(found)
        problems.extend(found)
        if bills is not None and cashed is not None:
            players.append(
                TablePlayer(crates=crates, bills=bills, seals=tuple(row.seals), goal=row.goal, cashed=cashed)
            )
    for g, n in enumerate(per_good):
        if n > len(COMPANIES):
            problems.append(
                _("The %(good)s exchange has only %(max)d fields, but %(n)d crates were entered.")
                % {"good": GOOD_NAMES[GOODS[g]], "max": len(COMPANIES), "n": n}
            )
    if problems:
        return None, problems
    return players, []


def seal_company_names() -> list[tuple[str, str]]:
    return [(c, str(COMPANY_NAMES[c])) for c in COMPANIES]
