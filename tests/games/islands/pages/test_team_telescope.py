"""A team chooses its own telescope's hex from its page (``/tym/<token>/dalekohled/``): a hex
clicked or typed, a confirmation, then stored and revealed for all (the camp's version drawn anew,
so the team's and the public maps show it); refusals (a label of no hex, not confirmed, chosen
already by staff or another phone, another team's ship, a skip, a revoked link, a round not
resolved), CSRF, Czech words, and the page's bytes whatever is hidden."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from camp.caches.version import public_version_bump
from camp.models import Round, Team
from games.islands import words
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.resolve import telescope_hexes
from games.islands.errors import IslandsError
from games.islands.models.board import BoardHex, Ship
from games.islands.models.links import TeamLink
from games.islands.models.rounds import TelescopeChoice
from games.islands.services import rounds as round_services
from games.islands.services import team_links as link_services
from tests.games.islands.pages.helpers import links_on, resolved_with_telescope
from tests.test_czech_words import english_in, visible_text

pytestmark = pytest.mark.django_db

#: The CSRF token of the confirmation's form: drawn anew for every response.
CSRF_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


class Scope:
    """Round 2 resolved with a pending telescope: its owner's link, the ship, another team's link."""

    def __init__(self, game: Round, teams: list[Team]) -> None:
        self.game = game
        self.result = resolved_with_telescope(game, teams)
        self.links = links_on(game.camp)
        owner, self.ship = self.result.pending_telescopes[0].split(".")
        self.owner = self.links[owner]
        pending = {who.split(".")[0] for who in self.result.pending_telescopes}
        self.other = next(link for name, link in self.links.items() if name not in pending)
        self.g = geometry(game.camp.board_side)

    def url(self, link: TeamLink | None = None) -> str:
        return reverse("islands_public:team_telescope", args=[(link or self.owner).token])

    def query(self, **extra: str) -> dict[str, str]:
        return {"round": str(self.game.number), "telescope": self.ship, **extra}

    def hidden_label(self) -> str:
        """A hex of the board nobody has seen yet."""
        row = BoardHex.objects.filter(camp=self.game.camp, revealed=False).order_by("q", "r").first()
        assert row is not None
        return self.g.label(Hex(row.q, row.r))

    def choose(self, label: str, *, link: TeamLink | None = None, client: Client | None = None, **extra: str):  # type: ignore[no-untyped-def]
        data = {**self.query(hex=label, confirm="1"), **extra}
        return (client or Client()).post(self.url(link), data)


@pytest.fixture
def scope(game: Round, teams: list[Team]) -> Scope:
    return Scope(game, teams)


def refusal(content: bytes) -> str:
    found = re.search(
        r'<div class="zo-refused" role="alert" data-telescope-refused>(.*?)</div>', content.decode(), re.S
    )
    assert found is not None, content.decode()[:3000]
    return re.sub(r"<[^>]+>", " ", found.group(1)).strip()


def hex_errors(content: bytes) -> str:
    found = re.search(
        r"<ul class=\"zo-refused\" id=\"telescope-hex-errors\" data-hex-errors>(.*?)</ul>",
        content.decode(),
        re.S,
    )
    assert found is not None, content.decode()[:3000]
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def hex_class(content: bytes, label: str) -> str:
    found = re.search(rf'<g class="([^"]+)" data-hex="{label}">', content.decode())
    assert found is not None, label
    return found.group(1)


# ------------------------------------------------------------------------------------ the way there


def test_the_team_page_links_its_telescope_to_the_page_that_picks_the_hex(scope: Scope) -> None:
    page = Client().get(reverse("islands_public:team", args=[scope.owner.token])).content.decode()
    link = re.search(r'<a href="([^"]+)" data-telescope-link>Vybrat pole</a>', page)
    assert link is not None and link.group(1) == scope.url()
    content = Client().get(link.group(1)).content.decode()
    assert f"<h2>Dalekohled: {words.ship_label(scope.ship)}</h2>" in content
    assert "data-telescope-pick" in content and 'name="hex" value=""' in content
    first = scope.g.label(scope.g.ordered[0])
    click = f"{scope.url()}?round={scope.game.number}&amp;telescope={scope.ship}&amp;hex={first}"
    assert f'href="{click}"' in content  # each hex of the map picks itself
    assert 'data-hx-target="#telescope"' in content


def test_a_click_asks_for_the_confirmation_and_highlights_the_hexes(scope: Scope) -> None:
    label = scope.hidden_label()
    response = Client().get(scope.url(), scope.query(hex=label), HTTP_HX_REQUEST="true")
    content = response.content.decode()
    assert response.status_code == 200 and "<html" not in content  # the page's partial
    assert f"<strong>Odhalit {label} a jeho sousedy?</strong>" in content
    assert f'<button name="confirm" value="1">Ano, odhalit {label}</button>' in content
    assert f'<input type="hidden" name="hex" value="{label}">' in content
    assert 'name="csrfmiddlewaretoken"' in content
    assert not TelescopeChoice.objects.exists()  # a click stores nothing


# ------------------------------------------------------------------------------------ the choice


def test_the_confirmed_choice_is_stored_and_revealed_on_the_maps(scope: Scope) -> None:
    camp = scope.game.camp
    label = scope.hidden_label()
    board = reverse("islands_public:notice_board", args=[camp.pk])
    team_page = reverse("islands_public:team", args=[scope.owner.token])
    assert hex_class(Client().get(team_page).content, label) == "hex hidden"  # cached under this version
    assert hex_class(Client().get(board).content, label) == "hex hidden"

    response = scope.choose(label)
    assert response.status_code == 302
    assert response["Location"] == f"{scope.url()}?round={scope.game.number}&telescope={scope.ship}&done=1"
    choice = TelescopeChoice.objects.get()
    assert (choice.result_id, choice.ship, choice.hex) == (
        scope.result.pk,
        f"{scope.owner.team.name}.{scope.ship}",
        label,
    )
    g = scope.g
    around = [g.label(h) for h in telescope_hexes(g, g.parse(label)) if g.on_board(h)]
    assert all(BoardHex.objects.get(camp=camp, q=g.parse(x).q, r=g.parse(x).r).revealed for x in around)

    assert hex_class(Client().get(team_page).content, label).startswith("hex revealed tile-")
    assert hex_class(Client().get(board).content, label).startswith("hex revealed tile-")
    assert b"data-telescopes" not in Client().get(team_page).content  # nothing left to choose
    done = Client().get(response["Location"]).content.decode()
    assert f"data-telescope-done>Hotovo: {label} a jeho sousedé jsou odhaleni pro všechny.</p>" in done
    later = Client().get(scope.url(), scope.query()).content.decode()
    assert (
        f"data-telescope-chosen>Zvolené pole: {label}. Ono i jeho sousedé jsou odhaleni pro všechny.</p>"
        in later
    )
    assert "data-hx-target" not in later  # the map no longer picks


def test_without_the_round_and_name_the_page_takes_the_team_s_only_telescope(scope: Scope) -> None:
    label = scope.hidden_label()
    content = Client().get(scope.url(), {"hex": label}).content.decode()
    assert f"<strong>Odhalit {label} a jeho sousedy?</strong>" in content
    assert f'<input type="hidden" name="telescope" value="{scope.ship}">' in content
    response = Client().post(scope.url(), {"hex": label, "confirm": "1"})
    assert response.status_code == 302 and TelescopeChoice.objects.get().hex == label


# ------------------------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("Q99", "„Q99“ není hex tohoto herního plánu (A1 … "),
        ("", "Zadejte pole, na které se má dalekohled podívat."),
        ("  ", "Zadejte pole, na které se má dalekohled podívat."),
        ("ž" * 40, "„žžžžžžžžžž“ není hex tohoto herního plánu (A1 … "),
    ],
)
def test_a_label_of_no_hex_is_refused_naming_it(scope: Scope, typed: str, error: str) -> None:
    picked = Client().get(scope.url(), scope.query(hex=typed))
    assert picked.status_code == 200 and hex_errors(picked.content).startswith(error)
    assert "data-telescope-confirm" not in picked.content.decode()
    response = scope.choose(typed)
    assert response.status_code == 200
    assert refusal(response.content) == "Nic nebylo uloženo."
    assert hex_errors(response.content).startswith(error)
    assert not TelescopeChoice.objects.exists()


def test_a_bay_is_refused_naming_it(scope: Scope) -> None:
    g = scope.g
    bay = g.bays[0]
    response = scope.choose(g.label(bay))
    assert hex_errors(response.content) == f"{g.label(bay)} je zátoka: zadejte hex herního plánu."
    assert not TelescopeChoice.objects.exists()


def test_an_unconfirmed_choice_and_a_skip_store_nothing(scope: Scope) -> None:
    label = scope.g.label(scope.g.ordered[3])
    unconfirmed = Client().post(scope.url(), scope.query(hex=label))
    assert refusal(unconfirmed.content) == "Nic se neuložilo: potvrďte pole jeho tlačítkem."
    assert "data-telescope-confirm" in unconfirmed.content.decode()  # asked again
    skip = Client().post(scope.url(), {**scope.query(), "action": "skip", "skip": "1", "confirm": "1"})
    assert (
        refusal(skip.content)
        == "Vyberte pole, na které se podívat: klepněte na něj na mapě, nebo napište jeho označení."
    )
    assert not TelescopeChoice.objects.exists()


def test_a_choice_staff_entered_first_wins_and_the_team_s_is_refused(scope: Scope) -> None:
    g = scope.g
    first, second = g.label(g.ordered[3]), g.label(g.ordered[-4])
    who = f"{scope.owner.team.name}.{scope.ship}"
    round_services.telescope_choose(round=scope.game, ship=who, at=g.parse(first))
    state = list(BoardHex.objects.filter(camp=scope.game.camp).values_list("q", "r", "revealed"))
    response = scope.choose(second)
    assert response.status_code == 200
    assert (
        refusal(response.content)
        == f"{words.ship_label(scope.ship)} ({scope.owner.team.name}): volba dalekohledu už je zadaná."
    )
    assert f"Zvolené pole: {first}." in response.content.decode()  # the page shows the choice that counts
    assert TelescopeChoice.objects.get().hex == first
    assert list(BoardHex.objects.filter(camp=scope.game.camp).values_list("q", "r", "revealed")) == state


def test_a_second_phone_s_choice_is_refused_and_staff_after_the_team_too(scope: Scope) -> None:
    g = scope.g
    first, second = g.label(g.ordered[3]), g.label(g.ordered[-4])
    assert scope.choose(first).status_code == 302
    again = scope.choose(second)
    assert "už je zadaná" in refusal(again.content)
    assert TelescopeChoice.objects.get().hex == first
    with pytest.raises(IslandsError) as refused:
        round_services.telescope_choose(
            round=scope.game, ship=f"{scope.owner.team.name}.{scope.ship}", at=g.parse(second)
        )
    assert refused.value.code == "chosen"
    with pytest.raises(IslandsError):
        round_services.telescope_skip(round=scope.game, ship=f"{scope.owner.team.name}.{scope.ship}")
    assert TelescopeChoice.objects.count() == 1


def test_another_team_s_token_never_chooses_for_the_owner(scope: Scope) -> None:
    label = scope.g.label(scope.g.ordered[3])
    other = scope.other.team.name
    response = scope.choose(label, link=scope.other)
    assert response.status_code == 200
    ship = f"{words.ship_label(scope.ship)} ({other})"
    assert refusal(response.content) == f"{ship} v tomto kole nemá dalekohled, pro který by se volilo."
    page = Client().get(scope.url(scope.other), scope.query()).content.decode()
    assert "data-telescope-missing>Tady na volbu pole nečeká žádný váš dalekohled.</p>" in page
    for forged in (f"{scope.owner.team.name}.{scope.ship}", f".{scope.ship}", f"x.{scope.ship}"):
        response = scope.choose(label, link=scope.other, telescope=forged)
        assert "nemá dalekohled" in refusal(response.content)
    assert not TelescopeChoice.objects.exists()


def test_a_skipped_telescope_reads_skipped_and_takes_no_choice(scope: Scope) -> None:
    round_services.telescope_skip(round=scope.game, ship=f"{scope.owner.team.name}.{scope.ship}")
    page = Client().get(scope.url(), scope.query()).content.decode()
    assert "data-telescope-skipped>Vedoucí tento dalekohled přeskočili: nic se neodhalilo.</p>" in page
    response = scope.choose(scope.g.label(scope.g.ordered[3]))
    assert "už je zadaná" in refusal(response.content)
    assert TelescopeChoice.objects.get().hex == ""


def test_a_round_not_resolved_refuses_the_choice(scope: Scope) -> None:
    label = scope.g.label(scope.g.ordered[3])
    closed = scope.choose(label, round="1")
    assert refusal(closed.content) == "Kolo 1 je uzavřené: volby dalekohledů už nejde měnit."
    nowhere = scope.choose(label, round="99")
    assert refusal(nowhere.content) == "Nic nebylo uloženo."
    assert "Tady na volbu pole nečeká žádný váš dalekohled." in nowhere.content.decode()
    Round.objects.filter(pk=scope.game.pk).update(status="orders_open")
    not_resolved = scope.choose(label)
    assert (
        refusal(not_resolved.content) == "Kolo 2 ještě není vyhodnocené: dalekohledy se volí po vyhodnocení."
    )
    assert not TelescopeChoice.objects.exists()


def test_a_revoked_or_unknown_link_gets_the_not_found_page(scope: Scope) -> None:
    missing = Client().get(reverse("islands_public:team", args=["x" * 43])).content
    unknown = reverse("islands_public:team_telescope", args=["x" * 43])
    assert Client().get(unknown).content == missing
    link_services.team_link_revoke(link=scope.owner)
    for response in (
        Client().get(scope.url(), scope.query()),
        scope.choose(scope.g.label(scope.g.ordered[3])),
    ):
        assert response.status_code == 404 and response.content == missing
    assert not TelescopeChoice.objects.exists()


def test_a_post_without_the_csrf_token_is_refused(scope: Scope) -> None:
    label = scope.g.label(scope.g.ordered[3])
    client = Client(enforce_csrf_checks=True)
    assert scope.choose(label, client=client).status_code == 403
    assert not TelescopeChoice.objects.exists()
    page = client.get(scope.url(), scope.query(hex=label))
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content)
    assert token is not None
    response = scope.choose(label, client=client, csrfmiddlewaretoken=token.group(1).decode())
    assert response.status_code == 302
    assert TelescopeChoice.objects.get().hex == label


# ------------------------------------------------------------------------------------ words and secrecy


def test_every_step_is_czech_and_english_one_click_away(scope: Scope) -> None:
    label = scope.g.label(scope.g.ordered[3])
    steps = [
        Client().get(scope.url(), scope.query()),
        Client().get(scope.url(), scope.query(hex="Q99")),
        Client().get(scope.url(), scope.query(hex=label)),
        Client().post(scope.url(), scope.query(hex=label)),
        Client().get(scope.url(scope.other)),
    ]
    steps.append(Client().get(scope.choose(label)["Location"]))
    for response in steps:
        assert response.status_code == 200
        text = visible_text(response.content)
        assert not english_in(text), (response.wsgi_request.get_full_path(), english_in(text))
    english = Client().get("/en" + scope.url(scope.other)).content.decode()  # (leaves English active)
    assert "No telescope of yours waits for a hex here." in english
    assert 'lang="cs">Česky</a>' in english


def test_the_page_is_the_same_whatever_is_hidden(scope: Scope, teams: list[Team]) -> None:
    label = scope.g.label(scope.g.ordered[3])
    pages = [scope.query(), scope.query(hex=label), {}]

    def render() -> list[bytes]:
        out = []
        for query in pages:
            response = Client().get(scope.url(), query)
            out.append(CSRF_TOKEN.sub(b"", response.content))
        return out

    before = render()
    camp = scope.game.camp
    for row in BoardHex.objects.filter(camp=camp, revealed=False):
        row.tile = "treasure" if row.tile != "treasure" else "reefs"
        row.chests = 4 if row.tile == "treasure" else 0
        row.save(update_fields=["tile", "chests"])
    Ship.objects.filter(team=scope.other.team).update(chests=1)
    public_version_bump(camp=camp)
    assert render() == before
