"""The admin home: the camp switcher (newest first, a running camp run never hidden by a new one),
tonight's steps in the order they happen, and a short list of tables with one name for rounds."""

from __future__ import annotations

import datetime

from bs4 import BeautifulSoup
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from camp import services
from camp.backups.document import camp_import_document
from camp.backups.export import camp_export_document
from camp.models import Camp, CampOrigin, Round, Team
from camp.staff.permissions import HELPER, Role
from camp.staff.roles import role_name


def home(client: Client, query: str = "") -> BeautifulSoup:
    response = client.get(reverse("admin:index") + query)
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def switcher(page: BeautifulSoup) -> list[tuple[str, str, bool]]:
    """(camp run, its state, shown) per entry of the switcher, in order."""
    nav = page.select_one("nav.zo-camp-switcher")
    assert nav is not None
    rows = []
    for item in nav.select("li"):
        link = item.find("a")
        state = item.select_one(".zo-camp-state")
        rows.append(
            (
                link.get_text(strip=True),
                state.get_text(strip=True) if state else "",
                link.get("aria-current") == "page",
            )
        )
    return rows


def desk_title(page: BeautifulSoup) -> str:
    return page.select_one("#zo-desk-title").get_text(" ", strip=True)


def steps(page: BeautifulSoup) -> list[str]:
    return [" ".join(li.get_text(" ", strip=True).split()) for li in page.select(".zo-desk ol li")]


def running_and_new(camp: Camp, teams: list[Team]) -> tuple[Round, Camp]:
    """``camp`` running (round 1's placements recorded), then a new camp run created after it."""
    round1 = services.round_create(camp=camp)
    services.placements_record(round=round1, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    new = services.camp_create(name="Letní tábor techniků – 2. běh", year=camp.year, run_number=2)
    return round1, new


def test_a_new_camp_run_does_not_hide_the_running_one(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    camp.year = timezone.localdate().year
    camp.save()
    round1, new = running_and_new(camp, teams)
    page = home(admin_client)
    assert switcher(page) == [(str(new), "nezačal", False), (str(camp), "probíhá", True)]
    assert desk_title(page).startswith(f"{camp} – {round1}")


def test_the_switcher_shows_the_chosen_camp_run_and_remembers_it(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    camp.year = timezone.localdate().year
    camp.save()
    _round1, new = running_and_new(camp, teams)
    page = home(admin_client, f"?camp={new.pk}")
    assert [shown for _name, _state, shown in switcher(page)] == [True, False]
    assert desk_title(page) == str(new)
    assert desk_title(home(admin_client)) == str(new)  # remembered for the session
    assert desk_title(home(admin_client, "?camp=999999")) == str(new)  # no such camp: the remembered one
    assert desk_title(home(admin_client, f"?camp={camp.pk}")).startswith(str(camp))


def test_a_camp_of_an_earlier_summer_is_not_running(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    camp.year = timezone.localdate().year - 1
    camp.save()
    _round1, new = running_and_new(camp, teams)
    assert desk_title(home(admin_client)) == str(new)


def test_one_camp_run_has_no_switcher(admin_client: Client, camp: Camp) -> None:
    assert home(admin_client).select_one("nav.zo-camp-switcher") is None


def test_a_batavia_round_lists_the_game_before_its_placements(
    admin_client: Client, camp: Camp, teams: list[Team], round1: Round
) -> None:
    services.minigame_record(round=round1, name="Batavia v jídelně", kind="batavia")
    labels = steps(home(admin_client))
    assert labels[:3] == [
        "Zapsat dílčí hru (Batavia v jídelně)",
        "Batavia: připravit hru",
        "Zapsat umístění (AB) (z výsledku hry)",
    ]
    assert labels[3] == "Otevřít kolo a zapsat plány tahu"


def test_an_outdoor_round_lists_mini_game_placements_then_the_islands(
    admin_client: Client, camp: Camp, teams: list[Team], round1: Round
) -> None:
    services.minigame_record(round=round1, name="Stavba vorů", kind="outdoor")
    assert steps(home(admin_client))[:3] == [
        "Zapsat dílčí hru (Stavba vorů)",
        "Zapsat umístění (AB)",
        "Otevřít kolo a zapsat plány tahu",
    ]


def test_the_home_lists_the_tables_once_with_one_name_for_rounds(admin_client: Client, round1: Round) -> None:
    page = home(admin_client)
    assert page.select("#content-main table") == []  # not Django's app list
    sections = {
        section.find("h3").get_text(strip=True): [
            a.get_text(strip=True) for a in section.select("li > a:first-child")
        ]
        for section in page.select(".zo-home-section")
    }
    assert sections["Tábor"] == ["Běhy tábora", "Herní kola", "Týmy"]
    assert sections["Zlaté ostrovy"] == ["Příprava herního plánu"]
    assert sections["Batavia"] == ["Hry Batavia"]
    names = [name for tables in sections.values() for name in tables]
    assert not [name for name in names if "kol" in name.lower() and name != "Herní kola"]


def test_the_app_pages_have_czech_table_headers(admin_client: Client, db: None) -> None:
    """Django's hidden table headers of an app's page are Czech too; the islands' per-round table
    is not a second name for rounds."""
    page = BeautifulSoup(admin_client.get("/admin/islands/").content, "html.parser")
    headers = [th.get_text(strip=True) for th in page.select("thead th")]
    assert headers[:3] == ["Tabulka", "Přidat", "Změnit nebo zobrazit"]
    tables = [a.get_text(strip=True) for a in page.select("th[scope=row] a")]
    assert "Kola hry" not in tables
    assert "Otevřená herní kola Zlatých ostrovů" in tables  # named for what it lists, not "Losování kol"


# ------------------------------------------------------------------------------ dates per language


def dated_round(camp: Camp, teams: list[Team]) -> Round:
    return services.round_create(camp=camp, date=datetime.date(2026, 7, 6))


def test_dates_are_czech_on_czech_pages_and_english_on_english_ones(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    round_ = dated_round(camp, teams)
    placements = reverse("admin:camp_round_placements", args=[round_.pk])
    overview = reverse("admin:camp_camp_ap_overview", args=[camp.pk])
    assert desk_title(home(admin_client)) == f"{camp} – 1. herní kolo, pondělí 6. 7. (naplánováno)"
    assert desk_title(
        BeautifulSoup(admin_client.get("/en" + reverse("admin:index")).content, "html.parser")
    ) == (f"{camp} – Round 1, Monday, July 6 (planned)")
    czech = BeautifulSoup(admin_client.get(placements).content, "html.parser")
    english = BeautifulSoup(admin_client.get("/en" + placements).content, "html.parser")
    assert "pondělí 6. 7. 2026" in czech.select_one(".zo-placements p").get_text(" ", strip=True)
    assert "Monday, July 6, 2026" in english.select_one(".zo-placements p").get_text(" ", strip=True)
    cells = [
        td.get_text(strip=True)
        for td in BeautifulSoup(admin_client.get("/en" + overview).content, "html.parser").select("td")
    ]
    assert "Jul 6" in cells and "6. 7." not in cells


def switcher_marks(page: BeautifulSoup) -> list[tuple[str, str]]:
    """(camp run, its origin mark) per entry of the switcher, in order."""
    nav = page.select_one("nav.zo-camp-switcher")
    assert nav is not None
    rows = []
    for item in nav.select("li"):
        mark = item.select_one(".zo-camp-origin")
        rows.append((item.find("a").get_text(strip=True), mark.get_text(strip=True) if mark else ""))
    return rows


def test_a_camp_run_restored_from_a_backup_is_marked_and_two_copies_never_look_alike(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    document = camp_export_document(camp=camp)
    first = camp_import_document(data=document)
    second = camp_import_document(data=document)  # the same file again, within the same minute
    CampOrigin.objects.filter(camp=first).update(
        at=datetime.datetime(2026, 7, 14, 19, 3, tzinfo=datetime.UTC)
    )
    second_at = timezone.localtime(CampOrigin.objects.get(camp=second).at)
    page = home(admin_client, f"?camp={first.pk}")
    entries = switcher_marks(page)
    assert entries == [
        (str(second), f"(obnoveno {second_at:%-d. %-m. %H:%M})"),
        (str(first), "(obnoveno 14. 7. 21:03)"),  # 19:03 UTC is 21:03 in Prague
        (str(camp), ""),
    ]
    assert desk_title(page) == f"{first} (obnoveno 14. 7. 21:03)"
    CampOrigin.objects.filter(camp=first).update(at=CampOrigin.objects.get(camp=second).at)
    entries = switcher_marks(home(admin_client))
    assert entries[:2] == [
        (str(second), f"(obnoveno {second_at:%-d. %-m. %H:%M}, č. {second.pk})"),
        (str(first), f"(obnoveno {second_at:%-d. %-m. %H:%M}, č. {first.pk})"),
    ]
    assert len(set(entries)) == 3
    english = BeautifulSoup(admin_client.get("/en" + reverse("admin:index")).content, "html.parser")
    assert switcher_marks(english)[0] == (
        str(second),
        f"(restored {second_at:%b %-d %H:%M}, no. {second.pk})",
    )


def role_client(role: Role) -> Client:
    user = get_user_model().objects.create_user("clen", "clen@example.org", "heslo-heslo-123", is_staff=True)
    user.groups.add(Group.objects.get(name=role_name(role)))
    client = Client()
    client.force_login(user)
    return client


def linked(page: BeautifulSoup) -> list[bool]:
    """Whether each of tonight's steps is a link."""
    return [li.a is not None for li in page.select(".zo-desk ol li")]


def test_a_helper_sees_every_step_but_links_only_to_the_pages_a_helper_may_open(
    admin_client: Client, camp: Camp, teams: list[Team], round1: Round
) -> None:
    """A link the role may not open would only answer "Přístup odepřen"."""
    services.minigame_record(round=round1, name="Batavia v jídelně", kind="batavia")
    helper = role_client(HELPER)
    head_page, helper_page = home(admin_client), home(helper)
    assert steps(helper_page) == steps(head_page)  # every step shown, Batavia and the islands too
    assert linked(head_page)[:4] == [True, True, True, True]
    assert linked(helper_page)[:4] == [True, False, True, False]  # the mini-game, the placements
    for link in helper_page.select(".zo-desk ol li a"):
        assert helper.get(link["href"]).status_code == 200, link["href"]
    # The board set-up is the next step, but not the helper's to take; nor is adding a round.
    assert [a.get_text(strip=True) for a in head_page.select(".zo-desk a.button")] == [
        "Příprava herního plánu"
    ]
    assert helper_page.select(".zo-desk a.button") == []
    assert [s.get_text(strip=True) for s in helper_page.select(".zo-desk .zo-step-elsewhere")] == [
        "Příprava herního plánu"
    ]
    add_round = reverse("admin:camp_round_add")
    assert any(a["href"].startswith(add_round) for a in head_page.select(".zo-desk .zo-links a"))
    assert not any(a["href"].startswith(add_round) for a in helper_page.select(".zo-desk .zo-links a"))
