"""The demo camp through a backup and back: ``camp_export`` → ``camp_import`` gives a camp run whose
notice board, staff pages, team sheet PDFs and standings are those of the original (but ids), and
whose export is the same document (but ``exported_at``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from reportlab import rl_config

from camp.backups.document import camp_import_document
from camp.backups.export import camp_export_document
from camp.demo import demo_camp
from camp.models import Camp, Placement, Round, RoundStatus, Team
from games.batavia.models import BataviaSeat, BataviaSession
from games.islands.models.board import BoardHex
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders

#: Attributes whose digits are ids (links, form fields, element ids), never what a page shows.
_ID_ATTRIBUTE = re.compile(
    r'(\s(?:href|action|src|for|id|name|formaction|hx-[\w-]+|data-[\w-]+|aria-[\w-]+)=")([^"]*)(")'
)
_TAG = re.compile(r"<(?:input|option)\b[^>]*>")
_VALUE = re.compile(r'(\svalue=")([^"]*)(")')
_PUBLIC_VERSION = re.compile(r"(data-version=\"|\?v=)[0-9a-f]{16}")
_TOKEN = re.compile(r"/t/[A-Za-z0-9_-]{20,}/")
_CSRF = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]*(")')


def _mask(match: re.Match[str]) -> str:
    return match.group(1) + re.sub(r"\d+", "#", match.group(2)) + match.group(3)


def _mask_choice_value(match: re.Match[str]) -> str:
    """A hidden field, a checkbox or a choice carries an id as its value; a text field what staff see."""
    tag = match.group(0)
    if tag.startswith("<option") or re.search(r'type="(?:hidden|checkbox|radio)"', tag):
        return _VALUE.sub(_mask, tag)
    return tag


def normalised(response: Any) -> bytes | str:
    """The page with its ids (in URLs, field names, hidden fields, choices) and per-request tokens
    masked; the text a reader sees stays as it is."""
    if response["Content-Type"].startswith("application/pdf"):
        return bytes(response.content)
    text = response.content.decode()
    text = _CSRF.sub(r"\1CSRF\2", text)
    text = _TOKEN.sub("/t/TOKEN/", text)
    text = _PUBLIC_VERSION.sub(r"\1VERSION", text)  # a camp run's own random token (Camp.public_version)
    text = _ID_ATTRIBUTE.sub(_mask, text)
    return _TAG.sub(_mask_choice_value, text)


def camp_pages(camp: Camp, *, with_lists: bool = True) -> dict[str, tuple[str, str]]:
    """Every staff page of the camp run (name -> URL), the notice board and every sheet PDF."""
    pages: dict[str, str] = {
        "notice board": reverse("islands_public:notice_board", args=[camp.pk]),
        "camp run": reverse("admin:camp_camp_change", args=[camp.pk]),
        "AP overview": reverse("admin:camp_camp_ap_overview", args=[camp.pk]),
        "board set-up": reverse("admin:islands_boardsetup_camp", args=[camp.pk]),
        "standings": reverse("admin:islands_round_standings", args=[camp.pk]),
    }
    if with_lists:  # with one camp run only: the filters list every camp run
        pages["rounds"] = reverse("admin:camp_round_changelist") + f"?camp__id__exact={camp.pk}"
    teams = list(Team.objects.filter(camp=camp).order_by("order"))
    for round_ in Round.objects.filter(camp=camp).order_by("number"):
        n = round_.number
        pages[f"round {n}"] = reverse("admin:camp_round_change", args=[round_.pk])
        pages[f"round {n} placements"] = reverse("admin:camp_round_placements", args=[round_.pk])
        pages[f"round {n} game"] = reverse("admin:islands_round_page", args=[round_.pk])
        pages[f"round {n} file"] = reverse("admin:islands_round_export", args=[round_.pk])
        if round_.status == RoundStatus.ORDERS_OPEN:  # the sheets are printed for the open round
            pages[f"round {n} resolve"] = reverse("admin:islands_round_resolve", args=[round_.pk])
            pages[f"round {n} master sheet"] = reverse("admin:islands_round_master", args=[round_.pk])
            pages[f"round {n} all sheets"] = reverse("admin:islands_round_sheets", args=[round_.pk])
            for team in teams:
                pages[f"round {n} sheet {team.name}"] = reverse(
                    "admin:islands_round_sheet", args=[round_.pk, team.pk]
                )
        else:
            pages[f"round {n} after"] = reverse("admin:islands_round_after", args=[round_.pk])
        for team in teams:
            pages[f"round {n} orders {team.name}"] = reverse(
                "admin:islands_round_orders", args=[round_.pk, team.pk]
            )
    for session in BataviaSession.objects.filter(minigame__round__camp=camp):
        n = session.minigame.round.number
        pages[f"Batavia {n} master"] = reverse("admin:batavia_bataviasession_master", args=[session.pk])
        pages[f"Batavia {n} table"] = reverse("admin:batavia_bataviasession_table", args=[session.pk])
        pages[f"Batavia {n} record"] = reverse("admin:batavia_bataviasession_export", args=[session.pk])
    return {name: (url, "") for name, url in pages.items()}


def rendered(client: Client, pages: dict[str, tuple[str, str]]) -> dict[str, tuple[int, bytes | str]]:
    out = {}
    for name, (url, _unused) in pages.items():
        response = client.get(url)
        out[name] = (response.status_code, normalised(response))
    return out


@pytest.fixture
def invariant_pdfs() -> Iterator[None]:
    """ReportLab's invariant mode: no creation date or random id in a PDF, so two renders compare."""
    saved = rl_config.invariant
    rl_config.invariant = 1
    yield
    rl_config.invariant = saved


@pytest.fixture
def staff_client(db: None) -> Client:
    user = get_user_model().objects.create_superuser("vedouci", "vedouci@example.com", "heslo-heslo-123")
    client = Client()
    client.force_login(user)
    return client


def without_moment(document: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in document.items() if k != "exported_at"}


def assert_same_pages(before: dict[str, Any], after: dict[str, Any]) -> None:
    assert before.keys() == after.keys()
    different = [name for name in before if before[name] != after[name]]
    assert not different, f"pages differ after the round trip: {different}"
    assert all(status == 200 for status, _page in before.values()), {
        name: status for name, (status, _page) in before.items() if status != 200
    }


def delete_everything() -> None:
    """An empty database (the teams are protected by their placements and Batavia seats)."""
    BataviaSeat.objects.all().delete()
    Placement.objects.all().delete()
    Camp.objects.all().delete()


def test_demo_camp_round_trip_into_an_empty_database(
    staff_client: Client, invariant_pdfs: None, django_assert_max_num_queries: Any
) -> None:
    call_command("loaddata", "demo_camp", verbosity=0)
    original = demo_camp()
    assert original is not None
    pages_before = rendered(staff_client, camp_pages(original))
    pdfs = [name for name, (_status, page) in pages_before.items() if isinstance(page, bytes)]
    assert len(pdfs) == 5 and all(pages_before[name][1].startswith(b"%PDF") for name in pdfs)  # type: ignore[union-attr]
    document = camp_export_document(camp=original)

    delete_everything()
    assert not any(m.objects.exists() for m in (Camp, Team, Round, BoardHex, BataviaSession, RoundResult))

    with django_assert_max_num_queries(400):  # bulk rows, not a query per hex
        restored = camp_import_document(data=document)
    assert restored.pk != original.pk
    pages_after = rendered(staff_client, camp_pages(restored))
    assert_same_pages(pages_before, pages_after)
    assert without_moment(camp_export_document(camp=restored)) == without_moment(document)


def test_the_demo_imported_twice_gives_a_second_camp_run_with_the_same_pages(
    staff_client: Client, invariant_pdfs: None
) -> None:
    call_command("loaddata", "demo_camp", verbosity=0)
    original = demo_camp()
    assert original is not None
    document = camp_export_document(camp=original)
    first = camp_import_document(data=document)
    second = camp_import_document(data=document)

    assert Camp.objects.count() == 3 and len({original.pk, first.pk, second.pk}) == 3
    pages = rendered(staff_client, camp_pages(original, with_lists=False))
    assert_same_pages(pages, rendered(staff_client, camp_pages(second, with_lists=False)))
    assert Team.objects.filter(camp=second).count() == 3
    assert IslandsRound.objects.filter(round__camp=second).count() == 4
    assert (
        TeamOrders.objects.filter(round__camp=second).count()
        == TeamOrders.objects.filter(round__camp=original).count()
    )
    # the original is untouched: its rows are still its own
    assert without_moment(camp_export_document(camp=original)) == without_moment(document)


def test_imported_batavia_seats_get_new_tokens_and_keep_their_link_state(db: None) -> None:
    call_command("loaddata", "demo_camp", verbosity=0)
    original = demo_camp()
    assert original is not None
    BataviaSeat.objects.filter(number=0).update(token_revoked_at=None)  # one live link
    document = camp_export_document(camp=original)
    assert "token" not in str(document["batavia"])

    restored = camp_import_document(data=document)
    old = {s.number: s for s in BataviaSeat.objects.filter(session__minigame__round__camp=original)}
    new = {s.number: s for s in BataviaSeat.objects.filter(session__minigame__round__camp=restored)}
    assert old.keys() == new.keys() == {0, 1, 2}
    for number, seat in new.items():
        assert seat.token != old[number].token and len(seat.token) >= 40
        assert seat.token_revoked_at == old[number].token_revoked_at
    assert new[0].link_active and not new[1].link_active


def test_the_priority_order_and_built_rounds_point_at_the_new_rows(db: None) -> None:
    """The database ids inside stored JSON are translated: team ids of the priority order, round
    ids of the snapshot's ``camp_rows.built``."""
    call_command("loaddata", "demo_camp", verbosity=0)
    original = demo_camp()
    assert original is not None
    restored = camp_import_document(data=camp_export_document(camp=original))

    def names(camp: Camp) -> list[list[str]]:
        by_id = dict(Team.objects.filter(camp=camp).values_list("id", "name"))
        rows = IslandsRound.objects.filter(round__camp=camp).order_by("round__number")
        return [[by_id[tid] for tid in row.priority] for row in rows]

    assert names(restored) == names(original)
    result = RoundResult.objects.get(round__camp=restored, round__number=3)
    built = result.before["camp_rows"]["built"]
    numbers = dict(Round.objects.filter(camp=restored).values_list("id", "number"))
    expected = {"Červení.C1": 2, "Modří.C2": 2, "Zelení.C2": 2}
    assert {key: numbers[rid] for key, rid in built.items()} == expected
