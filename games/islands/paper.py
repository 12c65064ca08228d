"""The short code and the QR code on a team's paper order form (:mod:`.engine.paper_code`), and
looking a typed or scanned code up: which team's order page of which round it opens.

A code names the team by its number in the camp run's seat order (1, 2, …) and the round by its
number, never by a database id: a camp run put back from its backup (new ids) reads the sheets
printed before, and its sheets are byte for byte the original's. The seal binds the code to the
camp run (the moment it was made, which its backup keeps) and the team's name, under a key derived
from Django's ``SECRET_KEY`` for this purpose alone (kept in ``var/secret_key`` under ``make camp``):
never the camp's game seed, nothing a team can read. A sheet of last summer's camp run, of another
laptop, or of a team renamed or reseated since does not open a wrong team's page: it is refused."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from camp.models import Camp, Round, RoundStatus, Team
from games.islands.engine.paper_code import (
    LOOK_ALIKES,
    MAX_LETTERS,
    PAYLOAD_MIN,
    SEAL_LENGTH,
    PaperCode,
    PaperCodeError,
)
from games.islands.errors import PaperCodeForeign, PaperCodeTypo, PaperRoundNotOpen

#: The purpose the seal's key is derived for (a key of its own: no other signature of the site).
PURPOSE = "games.islands.paper.PaperCode"
#: The order of the seats the team's number counts in (the sheets' order; names are unique in a camp).
SEAT_ORDER = ("order", "name")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def paper_secret() -> bytes:
    """The seal's key: an HMAC of Django's ``SECRET_KEY`` for :data:`PURPOSE`."""
    return salted_hmac(PURPOSE, "paper plans", algorithm="sha256").digest()


def sealed_as(camp: Camp, team: Team) -> str:
    """What a code's seal binds it to: the camp run (the microsecond it was made, as its backup
    keeps it) and the team's name."""
    return f"{(camp.created_at - _EPOCH) // timedelta(microseconds=1)}|{team.name}"


def seats(camp: Camp) -> list[Team]:
    """The camp run's teams in seat order: the n-th is team number n of its codes."""
    return list(Team.objects.filter(camp=camp).order_by(*SEAT_ORDER))


def paper_codes(camp: Camp, round_number: int) -> dict[int, PaperCode]:
    """Every team's code (by team id) on its order form for round ``round_number`` (the round need
    not exist yet: a sheet printed after a resolution is for the next round). One query."""
    secret = paper_secret()
    return {
        team.pk: PaperCode.make(
            camp=sealed_as(camp, team), team=number, round_number=round_number, secret=secret
        )
        for number, team in enumerate(seats(camp), start=1)
    }


def paper_code(*, camp: Camp, team: Team, round_number: int) -> PaperCode:
    """``team``'s code for round ``round_number``."""
    return paper_codes(camp, round_number)[team.pk]


@dataclass(frozen=True)
class PaperPlan:
    """What a code opens: the team's order page of ``round``."""

    code: PaperCode
    round: Round
    team: Team


def _typo(error: PaperCodeError) -> PaperCodeTypo:
    if error.reason == "empty":
        return PaperCodeTypo(_("Type the code from the order form, e.g. ZO-4K7P-Q2XM."), code="empty")
    if error.reason == "letters":
        if set(error.detail) <= LOOK_ALIKES:
            message = _("A code has no %(letters)s (no 0, 1, I or O): read those letters on the form again.")
        else:
            message = _("A code has no %(letters)s: it has only letters and the digits 2 to 9.")
        return PaperCodeTypo(message % {"letters": ", ".join(error.detail)}, code="letters")
    if error.reason == "length":
        message = _(
            "A code has %(least)d to %(most)d letters after ZO, this one has %(n)s: "
            "check that no letter is missing or extra."
        )
        values = {"least": PAYLOAD_MIN + SEAL_LENGTH + 1, "most": MAX_LETTERS, "n": error.detail}
        return PaperCodeTypo(message % values, code="length")
    return PaperCodeTypo(
        _("The code has a typo: its letters do not check. Read it again from the order form."), code="check"
    )


def _sealed_teams(code: PaperCode) -> list[Team]:
    """The teams whose code it is: the team of its number in each camp run whose seal it carries
    (a camp run and its restored copies alike)."""
    by_camp: dict[int, list[Team]] = {}
    for team in Team.objects.select_related("camp").order_by("camp_id", *SEAT_ORDER):
        by_camp.setdefault(team.camp_id, []).append(team)
    secret = paper_secret()
    return [
        teams[code.team - 1]
        for teams in by_camp.values()
        if 1 <= code.team <= len(teams)
        and code.sealed(camp=sealed_as(teams[0].camp, teams[code.team - 1]), secret=secret)
    ]


def _round_of(teams: Iterable[Team], number: int) -> tuple[Team, Round | None]:
    """The team whose round ``number`` is open (the newest camp run's first), else the newest's."""
    candidates = sorted(teams, key=lambda t: -t.camp_id)
    rounds = {
        r.camp_id: r
        for r in Round.objects.select_related("camp").filter(
            camp__in=[t.camp_id for t in candidates], number=number
        )
    }
    for team in candidates:
        round_ = rounds.get(team.camp_id)
        if round_ is not None and round_.status == RoundStatus.ORDERS_OPEN:
            return team, round_
    return candidates[0], rounds.get(candidates[0].camp_id)


def paper_lookup(text: str) -> PaperPlan:
    """The team and round of the code in ``text``; a :class:`PaperCodeTypo`,
    :class:`PaperCodeForeign` or :class:`PaperRoundNotOpen` (the message says which) otherwise.
    Reads only."""
    try:
        code = PaperCode.parse(text)
    except PaperCodeError as exc:
        raise _typo(exc) from None
    teams = _sealed_teams(code)
    if not teams:
        raise PaperCodeForeign(
            _(
                "This code is not from this laptop's sheets: it was printed for another camp run or on "
                "another laptop. Nothing was opened."
            ),
            code="foreign",
        )
    team, round_ = _round_of(teams, code.round_number)
    values = {"team": team.name, "round": code.round_number, "camp": team.camp}
    if round_ is None:
        message = _("The code is %(team)s's plan for round %(round)d of %(camp)s, a round not planned yet.")
        raise PaperRoundNotOpen(message % values, code="round_missing")
    if round_.status != RoundStatus.ORDERS_OPEN:
        message = _(
            "The code is %(team)s's plan for round %(round)d of %(camp)s, but that round is “%(status)s”: "
            "paper plans are taken only while a round's orders are open."
        )
        raise PaperRoundNotOpen(
            message % {**values, "status": round_.get_status_display()}, code="round_shut"
        )
    return PaperPlan(code=code, round=round_, team=team)
