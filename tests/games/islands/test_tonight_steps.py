"""The islands steps of the admin home's evening panel (``games/islands/tonight_steps.py``)."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from camp.models import Round
from games.islands.tonight_steps import islands_steps


def url(name: str, *args: object) -> str:
    return reverse(f"admin:islands_round_{name}", args=list(args))


def test_the_home_panel_links_to_the_round_page_and_its_resolve(staff_client: Client, game: Round) -> None:
    html = staff_client.get(reverse("admin:index")).content.decode()
    assert f'href="{url("page", game.pk)}"' in html and f'href="{url("resolve", game.pk)}"' in html


def test_the_home_panel_offers_tonights_printing_once_the_round_is_resolved(game: Round) -> None:
    closed = Round.objects.select_related("camp").get(camp=game.camp, number=1)
    steps = {step.url: step for step in islands_steps(closed)}
    assert steps[url("evening", closed.pk)].label == "Tisk na dnešní večer"
    assert url("evening", game.pk) not in {step.url for step in islands_steps(game)}  # orders open


def test_the_evening_steps_link_to_the_team_links_done_while_they_are_on(game: Round) -> None:
    from games.islands.services import team_links as link_services

    links = reverse("admin:islands_teamlink_camp", args=[game.camp_id])
    step = {s.url: s for s in islands_steps(game)}[links]
    assert (step.label, step.done, step.permission) == ("Týmové odkazy", False, "camp.see_team_links")
    link_services.team_links_switch(camp=game.camp, on=True)
    assert {s.url: s for s in islands_steps(game)}[links].done


def test_the_home_panel_shows_the_team_links_step_as_a_link_only_to_who_may_see_them(
    staff_client: Client, game: Round, django_user_model: type
) -> None:
    from django.contrib.auth.models import Permission

    links = f'href="{reverse("admin:islands_teamlink_camp", args=[game.camp_id])}"'
    assert links in staff_client.get(reverse("admin:index")).content.decode()
    helper = django_user_model.objects.create_user(username="pomocnik", password="x", is_staff=True)  # type: ignore[attr-defined]
    helper.user_permissions.add(Permission.objects.get(codename="view_islandsround"))
    other = Client()
    other.force_login(helper)
    home = other.get(reverse("admin:index")).content.decode()
    assert "Týmové odkazy" in home and links not in home


def test_the_islands_rounds_table_is_named_for_what_it_lists(staff_client: Client, game: Round) -> None:
    """Not a second "Herní kola" (the camp's table of every round), nor "Losování kol"."""
    from bs4 import BeautifulSoup

    page = BeautifulSoup(
        staff_client.get(reverse("admin:islands_islandsround_changelist")).content, "html.parser"
    )
    assert page.h1 is not None and page.h1.get_text(strip=True) == "Otevřená herní kola Zlatých ostrovů"
    assert page.title is not None and page.title.get_text().startswith(
        "Otevřená herní kola Zlatých ostrovů |"
    )
    english = staff_client.get("/en" + reverse("admin:islands_islandsround_changelist"))
    assert "<h1>Open rounds of Golden Islands</h1>" in english.content.decode()
