"""The print buttons of a round: login, PDF responses, 404 for unknown ids, GET only, the master
sheet only for staff who may view the islands rounds, and a refusal from a round that is not now."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from camp import services as camp_services
from camp.models import Camp, Placement, Round, RoundStatus, Team


def pdf_text(pdf: bytes) -> str:
    import io

    from pypdf import PdfReader

    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def url(name: str, *args: object) -> str:
    return reverse(f"admin:islands_round_{name}", args=list(args))


def _pdf_ok(response: object) -> None:
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert response["Content-Type"] == "application/pdf"  # type: ignore[index]
    assert response["Content-Disposition"].startswith("inline;")  # type: ignore[index]
    assert "no-store" in response["Cache-Control"]  # type: ignore[index]
    assert response.content.startswith(b"%PDF")  # type: ignore[attr-defined]


def test_anonymous_visitors_go_to_the_login(client: Client, game: Round, teams: list[Team]) -> None:
    for target in (url("sheets", game.pk), url("sheet", game.pk, teams[0].pk), url("master", game.pk)):
        response = client.get(target)
        assert response.status_code == 302
        assert reverse("admin:login") in response["Location"]


def test_staff_get_pdfs(staff_client: Client, game: Round, teams: list[Team]) -> None:
    _pdf_ok(staff_client.get(url("sheets", game.pk)))
    _pdf_ok(staff_client.get(url("sheet", game.pk, teams[1].pk)))
    _pdf_ok(staff_client.get(url("master", game.pk)))
    closed = Round.objects.get(camp=game.camp, number=1)
    _pdf_ok(staff_client.get(url("sheets", closed.pk)))


def test_the_round_page_has_the_print_buttons(staff_client: Client, game: Round, teams: list[Team]) -> None:
    html = staff_client.get(url("page", game.pk)).content.decode()
    assert url("sheets", game.pk) in html
    assert url("master", game.pk) in html
    for team in teams:
        assert url("sheet", game.pk, team.pk) in html


def test_unknown_ids_are_404(staff_client: Client, game: Round, other_camp: Camp) -> None:
    stranger = Team.objects.create(camp=other_camp, name="Cizí", colour="#000000")
    assert staff_client.get(url("sheets", 999999)).status_code == 404
    assert staff_client.get(url("master", 999999)).status_code == 404
    assert staff_client.get(url("sheet", game.pk, 999999)).status_code == 404
    assert staff_client.get(url("sheet", game.pk, stranger.pk)).status_code == 404
    assert staff_client.get(url("sheet", 999999, stranger.pk)).status_code == 404


def test_get_only(staff_client: Client, game: Round, teams: list[Team]) -> None:
    assert staff_client.post(url("sheets", game.pk)).status_code == 405
    assert staff_client.post(url("master", game.pk)).status_code == 405


def test_a_round_that_is_not_now_is_refused_with_a_message(staff_client: Client, game: Round) -> None:
    later = Round.objects.create(camp=game.camp, number=3, status=RoundStatus.PLANNED)
    response = staff_client.get(url("sheets", later.pk))
    assert response.status_code == 302
    assert response["Location"] == url("page", later.pk)
    html = staff_client.get(url("page", later.pk)).content.decode()
    assert url("sheets", later.pk) not in html


def test_sheets_need_the_view_permission(game: Round, teams: list[Team]) -> None:
    """A staff login alone is not enough: the rounds' view permission (team sheets hold each team's
    private data, the master sheet everything)."""
    user = get_user_model().objects.create_user("pomocnik", "p@example.org", "heslo-heslo-123", is_staff=True)
    client = Client()
    client.force_login(user)
    for sheet in (url("master", game.pk), url("sheet", game.pk, teams[0].pk), url("sheets", game.pk)):
        assert client.get(sheet).status_code == 403
    user.user_permissions.add(Permission.objects.get(codename="view_islandsround"))
    client.force_login(get_user_model().objects.get(pk=user.pk))
    _pdf_ok(client.get(url("master", game.pk)))
    _pdf_ok(client.get(url("sheet", game.pk, teams[0].pk)))


# ------------------------------------------------------------------------------ tonight's printing


def test_tonights_printing_and_the_notice_board_sheet_download(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    import io

    from pypdf import PdfReader

    for name in ("evening", "notice"):
        response = staff_client.get(url(name, game.pk))
        _pdf_ok(response)
        first = PdfReader(io.BytesIO(response.content)).pages[0].extract_text() or ""
        assert first.startswith(teams[0].name if name == "evening" else "Zlaté ostrovy – nástěnka")
    assert staff_client.post(url("evening", game.pk)).status_code == 405
    assert staff_client.get(url("notice", 999999)).status_code == 404
    later = Round.objects.create(camp=game.camp, number=3, status=RoundStatus.PLANNED)
    for name in ("evening", "notice"):
        response = staff_client.get(url(name, later.pk))
        assert response.status_code == 302 and response["Location"] == url("page", later.pk)


def test_the_round_page_has_tonights_printing_first(staff_client: Client, game: Round) -> None:
    from html.parser import HTMLParser

    class Links(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.hrefs: list[str] = []
            self.tonight: tuple[str, str] | None = None
            self._in_tonight = False

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if tag == "a" and a.get("href"):
                self.hrefs.append(str(a["href"]))
                self._in_tonight = a.get("id") == "zo-tonight"

        def handle_data(self, data: str) -> None:
            if self._in_tonight and data.strip():
                self.tonight = (self.hrefs[-1], data.strip())
                self._in_tonight = False

    parser = Links()
    parser.feed(staff_client.get(url("page", game.pk)).content.decode())
    assert parser.tonight == (url("evening", game.pk), "Tisk na dnešní večer")
    assert url("notice", game.pk) in parser.hrefs
    assert parser.hrefs.index(url("evening", game.pk)) < parser.hrefs.index(url("sheets", game.pk))


def test_a_sheet_printed_again_is_the_same_pdf_and_a_changed_one_is_drawn_anew(
    staff_client: Client, game: Round, teams: list[Team], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reprint answers the kept PDF without drawing it again (camp.caches.printed); placements saved as
    they were change nothing on the sheet; placements changed print the team's new AP."""
    from games.islands.pages import sheets

    drawn = []
    real = sheets.render_team_sheets

    def counted(data: Any, **kwargs: Any) -> bytes:
        drawn.append([sheet.team for sheet in data])
        return real(data, **kwargs)

    monkeypatch.setattr(sheets, "render_team_sheets", counted)
    first = staff_client.get(url("sheet", game.pk, teams[0].pk)).content
    assert staff_client.get(url("sheet", game.pk, teams[0].pk)).content == first
    assert drawn == [[teams[0].name]]

    places = dict(Placement.objects.filter(round=game).values_list("team_id", "rank"))
    camp_services.placements_record(round=game, ranks=places)  # as they were: a new public version
    assert staff_client.get(url("sheet", game.pk, teams[0].pk)).content == first
    assert len(drawn) == 1

    ap_before = Placement.objects.get(round=game, team=teams[0]).ap
    last = max(places.values())
    places = {pk: (last if pk == teams[0].pk else 1) for pk in places}  # the team now last alone
    camp_services.placements_record(round=game, ranks=places)
    ap_after = Placement.objects.get(round=game, team=teams[0]).ap
    assert ap_after != ap_before
    again = staff_client.get(url("sheet", game.pk, teams[0].pk)).content
    assert len(drawn) == 2
    assert f"AB na {game.number}. kolo: {ap_after}" in pdf_text(again)
