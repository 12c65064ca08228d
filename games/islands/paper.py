"""The short code and the QR code on a team's paper order form (:mod:`.engine.paper_code`), and
looking a typed or scanned code up: which team's order page of which round it opens.

The seal's secret is derived from Django's ``SECRET_KEY`` with a purpose of its own (kept in
``var/secret_key`` under ``make camp``): never the camp's game seed, nothing a team can read. A
camp run is known by its id and the moment it was made, so a sheet of last summer's database (whose
ids may come again) is told from tonight's."""

from __future__ import annotations

from dataclasses import dataclass

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
#: The largest id a code may name and the database hold (a bigger one is no team of this laptop).
MAX_ID = 2**63 - 1


def paper_secret() -> bytes:
    """The seal's key: an HMAC of Django's ``SECRET_KEY`` for :data:`PURPOSE`."""
    return salted_hmac(PURPOSE, "paper plans", algorithm="sha256").digest()


def camp_identity(camp: Camp) -> str:
    return f"{camp.pk}@{camp.created_at.isoformat()}"


def paper_code(*, camp: Camp, team: Team, round_number: int) -> PaperCode:
    """The code on ``team``'s order form for round ``round_number`` (the round need not exist yet:
    a sheet printed after a resolution is for the next round)."""
    return PaperCode.make(
        camp=camp_identity(camp), team_id=team.pk, round_number=round_number, secret=paper_secret()
    )


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


def paper_lookup(text: str) -> PaperPlan:
    """The team and round of the code in ``text``; a :class:`PaperCodeTypo`,
    :class:`PaperCodeForeign` or :class:`PaperRoundNotOpen` (the message says which) otherwise.
    Reads only."""
    try:
        code = PaperCode.parse(text)
    except PaperCodeError as exc:
        raise _typo(exc) from None
    foreign = PaperCodeForeign(
        _(
            "This code is not from this laptop's sheets: it was printed for another camp run or on "
            "another laptop. Nothing was opened."
        ),
        code="foreign",
    )
    if code.team_id > MAX_ID:
        raise foreign
    team = Team.objects.select_related("camp").filter(pk=code.team_id).first()
    if team is None or not code.sealed(camp=camp_identity(team.camp), secret=paper_secret()):
        raise foreign
    round_ = Round.objects.select_related("camp").filter(camp=team.camp, number=code.round_number).first()
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
