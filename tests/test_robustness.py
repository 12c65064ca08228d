"""Robustness of every URL of the project against what a user (or a tampered form) can send.

One realistic world is built per module (:mod:`tests.robustness_world`): the demo camp played for
three rounds and a fourth resolved, a Batavia game in play and one on the real board, a small camp
with a round open for orders, a camp without a board. Then, for every URL pattern of the project
(walked from the root resolver, the admin's ``get_urls`` views included):

- its parameters are filled with ids of the world and with junk (ids that do not exist, huge,
  negative, letters, unicode);
- a staff member GETs it (plain and htmx, with junk in the query) and POSTs junk to it: nothing at
  all, blank fields, letters, huge and negative numbers, unicode, long text, lists, broken JSON and
  files, and the page's own forms with a few fields replaced by junk;
- no request may answer 500 (or raise), a GET never writes, and a POST that did not succeed (no
  success message: an error status, an error message, the form shown again, a redirect) changed
  nothing in any table of the project. Each request runs in a savepoint rolled back afterwards, so
  the world stays the same for the next one; the same in English for one set of ids per URL.

Then: anonymous visitors are sent to the login from every staff URL and never see data, a staff
login without permissions changes nothing, the public pages work without login, unknown and revoked
links get the friendly 404; broken documents and files are refused by every import; and the hidden
information sweep: public pages (and the team's-eye map at order entry) rendered before and after a
change of everything hidden (hidden tiles and chests, pirate draws, hints, cargo, telescope choices,
orders not resolved yet, another team's Batavia hand) are identical.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.db.models import F
from django.http import HttpResponse
from django.test import Client
from django.urls import resolve, reverse
from django.utils import translation

from camp.admin.search import MAX_SEARCH_LENGTH
from camp.models import Camp, Round, RoundStatus, Team
from games.batavia import services as batavia_services
from games.batavia.engine import RulesError
from games.batavia.engine.state import HAND_SIZE
from games.batavia.models import BataviaSeat
from games.batavia.selectors import record_state
from games.islands import words
from games.islands.engine.hexes import geometry
from games.islands.engine.tiles import Tile
from games.islands.models.board import BoardHex, Ship
from games.islands.models.links import TeamLink
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders
from tests.games.batavia.test_secrecy import normalise
from tests.pages import messages as messages_of
from tests.robustness_world import (
    HUGE,
    JUNK_DOCUMENTS,
    JUNK_FILES,
    LONG_HOST,
    LONG_SEARCHES,
    ROUND_FILE,
    UNICODE,
    WITH_NUL,
    Route,
    World,
    all_routes,
    build,
    build_world,
    defaults_with_junk,
    fingerprint,
    junk_payloads,
    page_forms,
    valid_fills,
)
from tests.sql_writes import written_table

pytestmark = pytest.mark.django_db  # the module's world needs the test database of every test

ROUTES = all_routes()
HTMX = {"HTTP_HX_REQUEST": "true"}

#: Junk for each kind of path parameter (the URL is built by hand, so a value the converter does
#: not accept simply does not resolve: that must be a 404 too).
JUNK_INT = ["0", "999999999", HUGE, "-1", "abc"]
JUNK_PATH = ["0", "999999999", HUGE, "-1", "abc", quote("Ž'\"<"), "1/2"]
JUNK_TOKEN = ["x", HUGE, "a" * 65, quote("Žluťoučký"), quote(UNICODE[:20], safe="")]
#: Query keys the views read (and the admin's own), filled with junk on GET.
QUERY_KEYS = [
    "seed",
    "hex",
    "ship",
    "v",
    "mode",
    "base",
    "round",
    "done",
    "q",
    "o",
    "p",
    "e",
    "all",
    "show_hidden",
    "route-C1",
    "route-B",
    "fire",
    "harbor",
    "build_cargo",
    "_changelist_filters",
    "next",
    "code",
]
JUNK_QUERY = [
    "",
    "abc",
    HUGE,
    "-5",
    UNICODE,
    "Z" * 3000,
    LONG_HOST,
    "1e999",
    "A1",
    "red.C1",
    "\x00",
    WITH_NUL,
]

#: Pages that answer anonymous visitors (everything else under /admin/ sends them to the login).
PUBLIC = {
    "set_language",
    "camp:home",
    "islands_public:notice_board",
    "islands_public:round_replay",
    "islands_public:team",
    "islands_public:team_plan",
    "islands_public:team_plan_check",
    "islands_public:team_plan_map",
    "islands_public:team_plan_watch",
    "islands_public:team_plan_form",
    "islands_public:team_telescope",
    "batavia:team",
    "batavia:team_check",
}


# ------------------------------------------------------------------------------------------ world


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """Built once per module inside a transaction that is rolled back at the end; every test runs
    in a savepoint of it (pytest-django's ``db``), every request in a savepoint of that."""
    with django_db_blocker.unblock(), translation.override(settings.LANGUAGE_CODE):
        with transaction.atomic():
            built = build_world()
            yield built
            transaction.set_rollback(True)


@pytest.fixture
def baseline(world: World, db: None) -> dict[str, str]:
    return fingerprint()


@pytest.fixture
def staff(world: World, db: None) -> Client:
    client = Client()
    client.force_login(world.superuser)
    return client


# ---------------------------------------------------------------------------------- filling URLs


def junk_fills(route: Route) -> list[dict[str, str]]:
    """Junk for every parameter at once (each junk value once)."""
    if not route.params or route.regex and route.params == ("app_label",):
        return []
    if route.regex:
        return [{"url": quote(v) + "/"} for v in ("x" * 300, UNICODE, "..%2F..%2Fetc")]
    fills = []
    kinds = {name: kind for kind, name in re.findall(r"<(?:(\w+):)?(\w+)>", route.route)}
    width = max(len(JUNK_INT), len(JUNK_PATH), len(JUNK_TOKEN))
    for i in range(width):
        fill = {}
        for name, kind in kinds.items():
            pool = {"int": JUNK_INT, "path": JUNK_PATH}.get(kind, JUNK_TOKEN)
            fill[name] = pool[i % len(pool)]
        fills.append(fill)
    return fills


# ------------------------------------------------------------------------------------- requests


class WriteStatements:
    """Notes whether any statement that can change a table ran (``connection.execute_wrapper``)."""

    def __init__(self) -> None:
        self.seen = False

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if written_table(sql) is not None:
            self.seen = True
        return execute(sql, params, many, context)


class Caller:
    """Sends requests in savepoints that are rolled back, failing loudly on an exception or a 500,
    and checking that a GET or a refused POST changed no table of the project."""

    def __init__(self, client: Client, baseline: dict[str, str]) -> None:
        self.client = client
        self.baseline = baseline
        self.session = client.cookies.get(settings.SESSION_COOKIE_NAME)

    def __call__(
        self, method: str, path: str, data: dict[str, Any] | None = None, *, htmx: bool = False
    ) -> HttpResponse:
        where = f"{method.upper()} {path} htmx={htmx} data={_short(data)}"
        extra = HTMX if htmx else {}
        after: dict[str, str] | None = None
        writes = WriteStatements()
        try:
            with transaction.atomic():
                with connection.execute_wrapper(writes):
                    if method == "get":
                        response = self.client.get(path, data or {}, **extra)
                    else:
                        response = self.client.post(path, data or {}, **extra)
                # No write statement ran: no table can have changed. Otherwise every table is
                # compared with the baseline (a write may leave the rows as they were, e.g. a session).
                if (method == "get" or refused(response)) and writes.seen:
                    after = fingerprint()
                transaction.set_rollback(True)
        except Exception as exc:  # the test client re-raises what the view raised: a 500 in production
            pytest.fail(f"{where} raised {exc!r}", pytrace=False)
        finally:
            self.restore()
        assert response.status_code != 500, where
        if after is not None and after != self.baseline:
            changed = sorted(k for k in after if after[k] != self.baseline[k])
            pytest.fail(
                f"{where} answered {response.status_code} ({_what(response)}) but changed {changed}",
                pytrace=False,
            )
        return response

    def restore(self) -> None:
        """The session the savepoint's rollback kept (a logout or login made a new one), the default
        language, no language cookie and no messages carried to the next request."""
        translation.activate(settings.LANGUAGE_CODE)  # a request to /en/… leaves English active
        cookies = self.client.cookies
        for name in (settings.LANGUAGE_COOKIE_NAME, "messages"):
            if name in cookies:
                del cookies[name]
        if self.session is not None:
            cookies[settings.SESSION_COOKIE_NAME] = self.session.value
        elif settings.SESSION_COOKIE_NAME in cookies:
            del cookies[settings.SESSION_COOKIE_NAME]


def queued_levels(response: HttpResponse) -> set[int]:
    storage = getattr(response.wsgi_request, "_messages", None)
    return {m.level for m in getattr(storage, "_queued_messages", [])}


def refused(response: HttpResponse) -> bool:
    """Did the request refuse what was sent? Anything but a success: a success message, a team
    page's redirect to its "done" notice, or the plan form's "done" notice (the writes that say so
    without a message)."""
    if response.status_code >= 400:
        return True
    if messages.SUCCESS in queued_levels(response):
        return False
    if response.status_code == 200 and b"data-plan-done" in response.content:  # the team's plan form
        return False
    return not (response.status_code == 302 and "done=1" in response["Location"])


def _what(response: HttpResponse) -> str:
    if response.status_code in (301, 302, 303):
        return f"to {response['Location']}"
    levels = queued_levels(response)
    return f"messages {sorted(levels)}" if levels else response.get("Content-Type", "")


def _short(data: Any) -> str:
    if not data:
        return repr(data)
    shown = {}
    for key, value in data.items():
        text = repr(value if not hasattr(value, "read") else f"<file {value.size} bytes>")
        shown[key] = text if len(text) < 40 else text[:30] + f"…({len(text)})"
    return repr(shown)


def _html(response: HttpResponse) -> str:
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return ""
    return response.content.decode()


def _parent(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[0] + "/"


# -------------------------------------------------------------------------------- the staff sweep


def _route_id(route: Route) -> str:
    return route.route or "/"


@pytest.mark.parametrize("route", ROUTES, ids=_route_id)
def test_no_url_answers_500_to_staff_and_refused_input_changes_nothing(
    route: Route, world: World, staff: Client, baseline: dict[str, str]
) -> None:
    call = Caller(staff, baseline)
    rnd = random.Random(zlib.crc32(route.route.encode()))
    fills = valid_fills(route, world)
    for values in fills:
        path = build(route, values)
        if not route.regex:
            assert resolve(path).route == route.route, (path, route.route)
        page = call("get", path)
        html, where = _html(page), path
        if not html and page.status_code in (301, 302, 303, 404, 405):  # a POST-only URL: its forms
            parent = staff.get(_parent(path), follow=True)  # are on the page above it
            call.restore()
            html, where = _html(parent), parent.wsgi_request.path
        forms = [form for form in page_forms(html, where) if path in form.targets]
        query = {key: rnd.choice(JUNK_QUERY) for key in rnd.sample(QUERY_KEYS, 6)}
        call("get", path, query, htmx=True)
        call("get", path, {k: [v, "1"] for k, v in query.items()})
        fields = sorted({name for form in forms for name in form.defaults}) or ["x"]
        for i, data in enumerate(junk_payloads(fields, rnd, 4 if html or forms else 1)):
            call("post", path, data, htmx=bool(i % 2))
        for i, form in enumerate(forms[:4]):
            for j in range(2):
                call("post", path, defaults_with_junk(form, rnd), htmx=bool((i + j) % 2))
        for form in forms[:4]:  # a forged count of an inline's rows: refused, not two billion forms
            for name in [n for n in form.defaults if n.endswith("-TOTAL_FORMS")]:
                data = {key: values[0] if values else "" for key, values in form.defaults.items()}
                response = call("post", path, {**data, name: "2147483648"})
                assert refused(response), (path, name)
        if route.name.endswith("_changelist"):  # a list action on rows that are not row ids
            for selected in SELECTED_JUNK:
                data = {"action": "delete_selected", "index": "0", "_selected_action": selected}
                call("post", path, data, htmx=rnd.random() < 0.5)
        if values is fills[0]:  # the same in English (the other language of every message)
            call("get", "/en" + path)
            call("post", "/en" + path, junk_payloads(fields, rnd, 2)[-1], htmx=True)
    for i, values in enumerate(junk_fills(route)):
        path = build(route, values)
        response = call("get", path, htmx=bool(i % 2))
        assert response.status_code in (200, 204, 301, 302, 400, 403, 404, 405), (path, response.status_code)
        call("post", path, junk_payloads(["x", "id", "seat", "v"], rnd, 3)[-1], htmx=bool(i % 2))


# --------------------------------------------------------------------- documents and files


def _import_targets(world: World) -> list[tuple[str, str, dict[str, str]]]:
    """(URL, field of the document, the other fields filled as a user would)."""
    batavia = [
        reverse("admin:batavia_bataviasession_import", args=[s.pk]) for s in (world.digital, world.physical)
    ]
    return [
        (reverse("admin:islands_round_import"), "text", {"name": "Nový běh"}),
        *((url, "record_text", {}) for url in batavia),
        (
            reverse("admin:camp_camp_add"),
            "ap_table",
            {
                "name": "Nový běh",
                "year": "2026",
                "run_number": "9",
                "board_side": "9",
                "teams-TOTAL_FORMS": "0",
                "teams-INITIAL_FORMS": "0",
            },
        ),
    ]


def test_broken_documents_and_files_are_refused_with_a_message(
    world: World, staff: Client, baseline: dict[str, str]
) -> None:
    call = Caller(staff, baseline)
    for url, name, extra in _import_targets(world):
        for document in JUNK_DOCUMENTS:
            response = call("post", url, {**extra, name: document})
            assert refused(response), (url, document[:40])
    # A document that would be taken, with a NUL in a text field beside it (the new camp run's name).
    valid = {"text": ROUND_FILE, "record_text": json.dumps(world.digital.record), "ap_table": "14, 11, 8"}
    for url, name, extra in _import_targets(world):
        for field in extra:
            if not field.endswith("_FORMS"):
                response = call("post", url, {**extra, field: WITH_NUL, name: valid[name]})
                assert refused(response), (url, field)
    record_with_nul = {**world.digital.record, "note": "\x00", "\x00": 1}
    for url, _name, _extra in _import_targets(world)[1:3]:
        call("post", url, {"record_text": json.dumps(record_with_nul)})
    for url, name in (
        (reverse("admin:islands_round_import"), "file"),
        (reverse("admin:batavia_bataviasession_import", args=[world.digital.pk]), "record"),
    ):
        for content in JUNK_FILES:
            upload = SimpleUploadedFile("x.json", content, content_type="application/json")
            response = call("post", url, {"name": "Nový běh", name: upload})
            assert refused(response), (url, content[:40])


# ------------------------------------------------------------------------------- anonymous visitors


def test_every_url_is_a_staff_page_or_a_known_public_page() -> None:
    """A new URL outside /admin/ must be added to ``PUBLIC`` on purpose (and so to the tests below)."""
    assert {r.name for r in ROUTES if not r.admin} == PUBLIC


def test_anonymous_visitors_are_sent_to_the_login_from_every_staff_url(
    world: World, client: Client, baseline: dict[str, str]
) -> None:
    call = Caller(client, baseline)
    login = reverse("admin:login")
    rnd = random.Random(1)
    for route in ROUTES:
        if not route.admin or route.name == "admin:login":
            continue
        for values in valid_fills(route, world):
            path = build(route, values)
            junk = junk_payloads(["name", "seed", "op", "kind", "text"], rnd, 2)[-1]
            for method, data in (("get", {}), ("post", junk)):
                response = call(method, path, data, htmx=method == "post")
                where = f"{method.upper()} {path}"
                if route.name == "admin:logout":
                    assert response.status_code in (302, 405), where
                    continue
                assert response.status_code == 302, (where, response.status_code)
                assert response["Location"].startswith(f"{login}?next="), (where, response["Location"])
                assert response.content == b"", where  # not a byte of the page


def test_public_pages_work_without_login(world: World, client: Client, baseline: dict[str, str]) -> None:
    call = Caller(client, baseline)
    for camp in world.camps:
        response = call("get", reverse("islands_public:notice_board", args=[camp.pk]))
        assert response.status_code == 200 and camp.name in response.content.decode()
        response = call("get", reverse("islands_public:notice_board", args=[camp.pk]), htmx=True)
        assert response.status_code == 200
    for token in world.tokens:
        seat = BataviaSeat.objects.select_related("team").get(token=token)
        response = call("get", reverse("batavia:team", args=[token]))
        assert response.status_code == 200 and seat.team.name in response.content.decode()
        assert response["Cache-Control"].startswith("max-age=0")  # never kept by a shared phone's cache
        response = call("post", reverse("batavia:team_check", args=[token]), {"count-EN": "abc"}, htmx=True)
        assert response.status_code == 200
    for token in world.team_link_tokens:
        link = TeamLink.objects.select_related("team").get(token=token)
        response = call("get", reverse("islands_public:team", args=[token]))
        assert response.status_code == 200 and f"<h1>{link.team.name}</h1>" in response.content.decode()
        assert response["Cache-Control"].startswith("max-age=0")  # never kept by a shared phone's cache
        response = call("get", reverse("islands_public:team", args=[token]), htmx=True)
        assert response.status_code == 200 and b'id="team-view"' in response.content
        response = call("get", reverse("islands_public:team_plan_watch", args=[token]), htmx=True)
        assert response.status_code == 200 and b'id="plan-watch"' in response.content
        response = call("get", reverse("islands_public:team_telescope", args=[token]))
        assert response.status_code == 200 and b"data-telescope" in response.content
    assert call("get", reverse("camp:home")).status_code == 200  # the start page


def test_unknown_and_revoked_links_get_the_friendly_not_found_page(
    world: World, client: Client, baseline: dict[str, str]
) -> None:
    call = Caller(client, baseline)
    friendly = translation.gettext("This link does not work")
    for token in [world.revoked_token, *JUNK_TOKEN, world.tokens[0][:-1], world.tokens[0] + "x"]:
        for name in ("batavia:team", "batavia:team_check"):
            path = f"/batavia/t/{token}/" + ("check/" if name.endswith("check") else "")
            for method in ("get", "post"):
                response = call(method, path, {"kind": "pass"} if method == "post" else None)
                where = f"{method.upper()} {path}"
                if response.status_code == 405:  # the live check answers POST only
                    continue
                assert response.status_code == 404, (where, response.status_code)
                assert friendly in response.content.decode(), where
    for token in [world.revoked_team_link, *JUNK_TOKEN, world.tokens[0], world.team_link_tokens[0] + "x"]:
        path = f"/tym/{token}/"
        for htmx in (False, True):
            response = call("get", path, htmx=htmx)
            assert response.status_code == 404, (path, response.status_code)
            assert friendly in response.content.decode(), path
        assert call("post", path, {"v": "1"}).status_code == 405
        plan = call("post", f"{path}plan/", {"action": "draft", "v": "0", "build_cargo": "1"})
        assert plan.status_code == 404, (path, plan.status_code)
        assert friendly in plan.content.decode(), path
        for htmx in (False, True):
            tap = call("get", f"{path}plan/mapa/", {"hex": "A1", "route-C1": "S"}, htmx=htmx)
            assert tap.status_code == 404, (path, tap.status_code)
            assert friendly in tap.content.decode(), path
        for part in ("plan/stav/", "plan/formular/", "dalekohled/"):
            response = call("get", f"{path}{part}", {"v": "0", "round": "4", "telescope": "C1"}, htmx=True)
            assert response.status_code == 404, (path, part, response.status_code)
            assert friendly in response.content.decode(), (path, part)
        choice = {"round": "4", "telescope": "C1", "hex": "A1", "confirm": "1"}
        scope = call("post", f"{path}dalekohled/", choice)
        assert scope.status_code == 404, (path, scope.status_code)
    for camp_id in JUNK_INT[:3]:
        assert call("get", f"/nastenka/{camp_id}/").status_code == 404


# ------------------------------------------------------------------------------ hidden information


def _render(client: Client, paths: list[tuple[str, bool]]) -> dict[str, str]:
    """The pages, normalised, each camp run's version masked: a write of hidden rows draws a new one
    as every write does, and a page shows it (its ETag, its polls)."""
    versions = list(Camp.objects.values_list("public_version", flat=True))
    pages = {}
    for path, htmx in paths:
        response = client.get(path, **(HTMX if htmx else {}))
        assert response.status_code == 200, path
        page = response.content.decode()
        for version in versions:
            page = page.replace(version, "VERSION")
        pages[f"{path} htmx={htmx}"] = normalise(page)
    return pages


def _differences(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return [key for key in before if before[key] != after[key]]


def _assert_same(before: dict[str, str], after: dict[str, str], why: str) -> None:
    if differ := _differences(before, after):
        pytest.fail(f"{why}: {differ} changed", pytrace=False)


def _change_the_hidden_board(camps: list[Camp]) -> int:
    """Every hidden hex gets another tile (treasure ↔ reefs ↔ open sea, other chests), every pirate
    draw other directions, every map hint another point, every non-public event is dropped."""
    changed = 0
    for row in BoardHex.objects.filter(camp__in=camps, revealed=False):
        if row.tile == Tile.TREASURE.value:
            row.tile, row.chests = Tile.REEFS.value, 0
        elif row.tile == Tile.OPEN_SEA.value:
            row.tile, row.chests = Tile.TREASURE.value, 7
        else:
            row.tile, row.chests = Tile.OPEN_SEA.value, 0
        row.save(update_fields=["tile", "chests"])
        changed += 1
    for islands_round in IslandsRound.objects.filter(round__camp__in=camps):
        draws = islands_round.pirate_moves
        islands_round.pirate_moves = {pirate: ["S"] * len(moves) for pirate, moves in draws.items()}
        islands_round.save(update_fields=["pirate_moves"])
    for result in RoundResult.objects.filter(round__camp__in=camps):
        result.hints = {key: "S" for key in result.hints}
        result.events = [e for e in result.events if e.get("visibility") == "public"]
        # The snapshot before the round (what the replay starts from): the hexes still hidden now
        # were hidden all round long; they get other tiles there too.
        hidden_now = {
            geometry(result.round.camp.board_side).label(row.hex)
            for row in BoardHex.objects.filter(camp=result.round.camp, revealed=False)
        }
        hexes = result.before.get("hexes", {})
        for label in hidden_now:
            hexes[label] = {"tile": Tile.TREASURE.value, "revealed": False, "chests": 5}
        result.save(update_fields=["hints", "events", "before"])
    return changed


def _change_what_only_staff_knows(camps: list[Camp]) -> None:
    """Cargo aboard, orders not resolved yet. (A telescope choice entered is public: it revealed
    its hexes for all, and the notice board and the replay tell it.)"""
    Ship.objects.filter(team__camp__in=camps).update(chests=F("chests") + 1, boat=F("boat") + 1)
    TeamOrders.objects.filter(round__camp__in=camps, round__status=RoundStatus.ORDERS_OPEN).update(
        routes={}, harbor="", fire="", build_cargo=0, build_battleship=0
    )


def test_public_pages_are_the_same_whatever_is_hidden(world: World, client: Client, staff: Client) -> None:
    public = [
        (reverse("islands_public:notice_board", args=[c.pk]), htmx)
        for c in world.camps
        for htmx in (False, True)
    ] + [
        (reverse("islands_public:round_replay", args=[r.camp_id, r.number]), False)
        for r in Round.objects.filter(
            camp__in=world.camps,
            status__in=(RoundStatus.RESOLVED, RoundStatus.CLOSED),
            islands_result__isnull=False,
        )
    ]
    assert len(public) > 6  # the demo's and the small camp's resolved rounds
    open_round = Round.objects.get(pk=world.rounds["open"])
    teams_eye = [
        (reverse("admin:islands_round_orders", args=[open_round.pk, t.pk]), False)
        for t in Team.objects.filter(camp=open_round.camp)
    ]  # the team's-eye map at order entry
    staff_map = [(reverse("admin:islands_boardsetup_camp", args=[c.pk]), False) for c in world.camps]
    before = _render(client, public)
    before_teams_eye = _render(staff, teams_eye)
    before_staff = _render(staff, staff_map)
    with transaction.atomic():
        assert _change_the_hidden_board(world.camps) > 50
        assert _differences(before_staff, _render(staff, staff_map))  # staff see the change
        _assert_same(before, _render(client, public), "hidden tiles, pirate draws, hints")
        _assert_same(before_teams_eye, _render(staff, teams_eye), "hidden tiles on the team's-eye map")
        _change_what_only_staff_knows(world.camps)
        _assert_same(before, _render(client, public), "cargo, telescope choices, orders")
        transaction.set_rollback(True)


def test_team_pages_are_the_same_whatever_is_hidden_from_them(world: World, client: Client) -> None:
    """Every team page (page and poll fragment) is byte for byte the same after the hidden tiles, the
    pirates' draws, the orders not resolved yet and one team's cargo changed (on the other teams'
    pages); the camp's version is drawn anew, as a real write does, so every page is rendered again."""
    from camp.caches.version import public_version_bump

    links = list(
        TeamLink.objects.filter(token__in=world.team_link_tokens).select_related("team").order_by("pk")
    )
    pages = {
        link.pk: [
            *((reverse("islands_public:team", args=[link.token]), h) for h in (False, True)),
            # a tap on the planning map, answered from the form as sent (or, the round not open, why not)
            (reverse("islands_public:team_plan_map", args=[link.token]) + "?hex=A1&route-C1=S&mode=C1", True),
        ]
        for link in links
    }
    before = {pk: _render(client, paths) for pk, paths in pages.items()}
    with transaction.atomic():
        for row in BoardHex.objects.filter(camp__in=world.camps, revealed=False):
            row.tile = Tile.OPEN_SEA.value if row.tile != Tile.OPEN_SEA.value else Tile.TREASURE.value
            row.chests = 0 if row.tile == Tile.OPEN_SEA.value else 7
            row.save(update_fields=["tile", "chests"])
        for islands_round in IslandsRound.objects.filter(round__camp__in=world.camps):
            draws = islands_round.pirate_moves
            islands_round.pirate_moves = {pirate: ["S"] * len(moves) for pirate, moves in draws.items()}
            islands_round.save(update_fields=["pirate_moves"])
        TeamOrders.objects.filter(round__camp__in=world.camps, round__status=RoundStatus.ORDERS_OPEN).update(
            routes={}, harbor="", fire="", build_cargo=0, build_battleship=0
        )
        cargo_of = next(link for link in links if Ship.objects.filter(team=link.team).exists())  # ships
        Ship.objects.filter(team=cargo_of.team).update(chests=F("chests") + 1)
        for camp in world.camps:
            public_version_bump(camp=camp)
        for link in links:
            after = _render(client, pages[link.pk])
            if link.team_id == cargo_of.team_id:
                assert _differences(before[link.pk], after)  # its own cargo: it sees it
            else:
                _assert_same(before[link.pk], after, f"hidden data on {link.team}'s page")
        transaction.set_rollback(True)


def test_hidden_hexes_carry_nothing_on_the_notice_board(world: World, client: Client) -> None:
    """Each hidden hex is drawn with nothing but its label; pirate draws appear nowhere."""
    hidden_hexes = 0
    for camp in (world.demo, world.small):
        html = client.get(reverse("islands_public:notice_board", args=[camp.pk])).content.decode()
        g = geometry(camp.board_side)
        hidden = BoardHex.objects.filter(camp=camp, revealed=False).exclude(tile=Tile.OPEN_SEA.value)
        hidden_hexes += len(hidden)
        shown_tiles = set(BoardHex.objects.filter(camp=camp, revealed=True).values_list("tile", flat=True))
        for row in hidden:
            label = g.label(row.hex)
            block = re.search(rf'<g class="([^"]*)" data-hex="{label}">(.*?)</g>', html, re.S)
            assert block is not None, label
            assert "hidden" in block.group(1).split() and "tile-" not in block.group(1), label
            inner = block.group(2)
            for tile in Tile:
                assert words.tile_name(tile) not in inner, (label, tile)
                if tile.value not in shown_tiles:
                    assert f"tile-{tile.value}" not in html, tile
        for islands_round in IslandsRound.objects.filter(round__camp=camp):
            for moves in islands_round.pirate_moves.values():
                assert " ".join(moves) not in html and json.dumps(moves) not in html
    assert hidden_hexes > 10


def _with_swapped_card(record: dict[str, Any], seat: int, players: int) -> dict[str, Any] | None:
    """The record with one card of ``seat``'s first hand swapped for another company's card from
    the bottom of the deck (never drawn yet), if the game still replays; else None."""
    deck = list(record["deck"])
    bottom = len(deck) - 1
    for position in range(seat * HAND_SIZE, (seat + 1) * HAND_SIZE):
        if deck[position] != deck[bottom] and bottom >= players * HAND_SIZE:
            swapped = deck.copy()
            swapped[position], swapped[bottom] = swapped[bottom], swapped[position]
            variant = {**record, "deck": swapped}
            try:
                record_state(variant)
            except (RulesError, ValueError):
                continue
            return variant
    return None


def test_another_teams_hand_changes_no_page_it_may_not_see(
    world: World, client: Client, staff: Client
) -> None:
    session = world.digital
    seats = list(session.seats.select_related("team").order_by("number"))
    table = reverse("admin:batavia_bataviasession_table", args=[session.pk])
    original = dict(session.record)
    with transaction.atomic():
        batavia_services.record_import(session=session, data=original)
        team_pages = {
            s.number: [(reverse("batavia:team", args=[s.token]), h) for h in (False, True)] for s in seats
        }
        before = {n: _render(client, paths) for n, paths in team_pages.items()}
        before_table = _render(staff, [(table, False), (table, True)])
        compared = 0
        for seat in seats:
            variant = _with_swapped_card(original, seat.number, len(seats))
            if variant is None:
                continue
            batavia_services.record_import(session=session, data=variant)
            after = {n: _render(client, paths) for n, paths in team_pages.items()}
            assert _differences(before[seat.number], after[seat.number])  # the team sees its own hand
            for other in seats:
                if other != seat:
                    why = f"{seat}'s hand on {other}'s page"
                    _assert_same(before[other.number], after[other.number], why)
            _assert_same(before_table, _render(staff, [(table, False), (table, True)]), f"{seat}'s hand")
            compared += 1
        assert compared >= 2
        transaction.set_rollback(True)


def test_staff_without_permissions_can_change_nothing(
    world: World, db: None, baseline: dict[str, str]
) -> None:
    """A staff login without any permission: every staff URL answers without a 500, writes nothing."""
    user = get_user_model().objects.create_user("pomocnik", "p@example.org", "heslo-heslo-123", is_staff=True)
    client = Client()
    client.force_login(user)
    call = Caller(client, {**baseline, **_users(fingerprint())})
    rnd = random.Random(2)
    for route in ROUTES:
        if not route.admin or route.name in ("admin:login", "admin:logout"):
            continue
        for values in valid_fills(route, world)[:2]:
            path = build(route, values)
            response = call("get", path)
            assert response.status_code in (200, 204, 302, 403, 404, 405), (path, response.status_code)
            data = junk_payloads(["op", "kind", "name", "seed", "confirm"], rnd, 2)[-1]
            response = call("post", path, data)
            assert refused(response), path


#: What a staff login without any permission may still open: nothing in them is game data.
OPEN_TO_EVERY_STAFF = {
    "admin:login",
    "admin:logout",
    "admin:index",  # the evening panel: steps and links only
    "phone_address",  # the admin home's panel on a page of its own: the address the links carry
    "admin:camp_rules",  # the rules of both games, as every leader should read them: no game data
    "admin:password_change",
    "admin:password_change_done",
    "admin:jsi18n",
    "admin:autocomplete",
    "admin:view_on_site",
}


def test_staff_without_permissions_read_no_game_data(world: World, db: None) -> None:
    """Hidden tiles, cargo, pirate draws, hands and links are on staff pages: a staff login without
    permissions opens none of them (403, or a redirect away)."""
    user = get_user_model().objects.create_user("pomocnik", "p@example.org", "heslo-heslo-123", is_staff=True)
    client = Client()
    client.force_login(user)
    opened = []
    for route in ROUTES:
        if not route.admin or route.name in OPEN_TO_EVERY_STAFF:
            continue
        for values in valid_fills(route, world)[:1]:
            path = build(route, values)
            if client.get(path).status_code == 200:
                opened.append(path)
    assert opened == []


def _view_only_staff() -> Client:
    """A staff login with every ``view_*`` permission and no other."""
    user = get_user_model().objects.create_user("divak", "d@example.org", "heslo-heslo-123", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    client = Client()
    client.force_login(user)
    return client


def test_view_only_staff_get_read_only_pages_and_change_nothing(
    world: World, db: None, baseline: dict[str, str]
) -> None:
    """A staff login that may only view: every staff URL is its read-only page or a refusal (403, a
    redirect with a message), never a 500; its forms, posted as shown or with junk, change nothing."""
    client = _view_only_staff()
    call = Caller(client, {**baseline, **_users(fingerprint())})
    rnd = random.Random(3)
    opened = 0
    for route in ROUTES:
        if not route.admin or route.name in ("admin:login", "admin:logout"):
            continue
        for values in valid_fills(route, world)[:2]:
            path = build(route, values)
            page = call("get", path)
            assert page.status_code in (200, 204, 302, 403, 404, 405), (path, page.status_code)
            opened += page.status_code == 200
            forms = [form for form in page_forms(_html(page), path) if path in form.targets][:1]
            for data in [
                *(defaults_with_junk(form, rnd) for form in forms),
                junk_payloads(["name"], rnd, 2)[-1],
            ]:
                response = call("post", path, data, htmx=rnd.random() < 0.5)
                assert refused(response), (path, response.status_code)
    assert opened > 40  # the read-only pages: camp runs, rounds, teams, boards, games …


# Not a row id: a word, a number past 64 bits (SQLite's integers), a list mixing one with an id.
SELECTED_JUNK: list[Any] = ["abc", str(2**63), HUGE, ["1", "abc"], "-1e3"]


def _change_lists_with_the_delete_action() -> list[str]:
    from django.contrib import admin

    lists = []
    for model in apps.get_models():
        if admin.site.is_registered(model):
            model_admin = admin.site.get_model_admin(model)
            if "delete_selected" in model_admin.get_actions(_superuser_request()):
                lists.append(reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist"))
    return sorted(lists)


def _superuser_request() -> Any:
    from django.test import RequestFactory

    request = RequestFactory().get("/admin/")
    request.user = get_user_model()(is_superuser=True, is_staff=True, is_active=True)
    return request


def test_every_list_action_refuses_rows_that_are_not_ids(
    world: World, staff: Client, baseline: dict[str, str]
) -> None:
    """``delete_selected`` with a word or a too-large number as the ticked row: back to the list with
    the admin's own "no items selected" warning, nothing deleted (it answered 500 on seven lists)."""
    from camp.admin.list_actions import SelectedRowsMixin

    warning = translation.gettext(
        "Items must be selected in order to perform actions on them. No items have been changed."
    )
    lists = _change_lists_with_the_delete_action()
    assert {"/admin/camp/team/", "/admin/auth/user/", "/admin/batavia/bataviasession/"} <= set(lists)
    call = Caller(staff, baseline)
    for changelist in lists:
        for selected in SELECTED_JUNK:
            data = {"action": "delete_selected", "index": "0", "_selected_action": selected}
            response = call("post", changelist, data)
            # Django's answer to a refused action: back to the list, with the warning.
            assert (response.status_code, response["Location"]) == (302, changelist), (changelist, selected)
            said = [(m.level, str(m)) for m in messages.get_messages(response.wsgi_request)]
            assert said == [(messages.WARNING, warning)], (changelist, selected)
    # Every list of the admin refuses so, including one registered after today.
    from django.contrib import admin

    for model in apps.get_models():
        if admin.site.is_registered(model):
            assert isinstance(admin.site.get_model_admin(model), SelectedRowsMixin), model


def _change_lists_with_a_search() -> list[str]:
    from django.contrib import admin

    return sorted(
        reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        for model, model_admin in admin.site._registry.items()
        if model_admin.search_fields
    )


def test_very_long_searches_on_every_change_list(
    world: World, staff: Client, baseline: dict[str, str]
) -> None:
    """A 50,000-character search on every list with a search box: one word for a superuser, thousands
    of words for a view-only login; the list, with the warning that the search was cut."""
    warning = translation.gettext(
        "The search is too long: only its first %(max)d characters were searched for."
    ) % {"max": MAX_SEARCH_LENGTH}
    lists = _change_lists_with_a_search()
    assert {"/admin/auth/user/", "/admin/camp/team/", "/admin/axes/accesslog/"} <= set(lists)
    for client, search in zip((staff, _view_only_staff()), LONG_SEARCHES, strict=True):
        call = Caller(client, fingerprint())
        for changelist in lists:
            response = call("get", changelist, {"q": search})
            assert response.status_code == 200, changelist
            assert messages_of(response, "warning") == [warning], changelist


def test_long_hosts_where_a_page_takes_an_address(
    world: World, staff: Client, baseline: dict[str, str]
) -> None:
    """A 3,000-character host in every query that took or takes an address (the link sheets' old
    ``base``, the ``next`` of the language switch and the login): never a 500."""
    call = Caller(staff, baseline)
    for route in ROUTES:
        for values in valid_fills(route, world)[:1]:
            path = build(route, values)
            call("get", path, {"base": LONG_HOST, "next": LONG_HOST}, htmx=path.endswith("/"))
    for path in (reverse("set_language"), reverse("admin:login"), reverse("admin:logout")):
        call("post", path, {"language": "en", "next": LONG_HOST})
        call("get", path, {"next": LONG_HOST})
    handout = reverse("admin:batavia_bataviasession_handout", args=[world.digital.pk])
    # The sheets carry the address chosen for the phones (or the page's own): ``base`` is no input.
    printed = call("get", handout, {"base": LONG_HOST})
    assert printed.status_code == 200 and printed["Content-Type"] == "application/pdf"


def _users(digests: dict[str, str]) -> dict[str, str]:
    return {key: value for key, value in digests.items() if key == get_user_model()._meta.label}


def test_the_sweep_notices_a_write(
    world: World, client: Client, baseline: dict[str, str], monkeypatch: Any
) -> None:
    """The checks above can fail: a page that writes while it is read is caught, with what changed."""
    from camp.caches.public_pages import forget_front
    from games.islands.pages import notice_board

    def writing_standings(camp: Camp) -> list[dict[str, Any]]:
        Ship.objects.filter(team__camp=camp).update(chests=F("chests") + 1)
        return []

    monkeypatch.setattr(notice_board, "standing_rows", writing_standings)
    cache.clear()  # the board of an earlier test would be answered from the cache, not drawn
    forget_front()
    # The write drew the camp run's version with it.
    with pytest.raises(pytest.fail.Exception, match=r"changed \['camp.Camp', 'islands.Ship'\]"):
        Caller(client, baseline)("get", reverse("islands_public:notice_board", args=[world.demo.pk]))
    assert fingerprint() == baseline  # and the write was rolled back


def test_every_paper_code_of_the_world_opens_its_team_or_is_named(
    world: World, staff: Client, baseline: dict[str, str]
) -> None:
    """The paper plan page with the codes of every team of the world for every round (and each with
    a letter wrong, and as another laptop prints it): opened from the QR code it writes nothing; posted,
    it opens that team's order page of an open round, or names the problem and changes nothing."""
    from games.islands.engine.paper_code import PaperCode
    from games.islands.paper import paper_code

    call = Caller(staff, baseline)
    page = reverse("admin:islands_round_paper")
    opened = named = 0
    for team in Team.objects.filter(camp__in=world.camps).select_related("camp"):
        for number in range(1, 7):
            code = paper_code(camp=team.camp, team=team, round_number=number)
            round_ = Round.objects.filter(camp=team.camp, number=number).first()
            is_open = round_ is not None and round_.status == RoundStatus.ORDERS_OPEN
            elsewhere = PaperCode.make(camp="x", team=code.team, round_number=number, secret=b"elsewhere")
            wrong = code.letters[:-1] + ("2" if code.letters[-1] != "2" else "3")
            for text in (str(code), wrong, str(elsewhere)):
                shown = call("get", page, {"code": text})
                assert shown.status_code == 200, text
                posted = call("post", page, {"code": text})
                if text == str(code) and is_open:
                    assert round_ is not None
                    assert posted["Location"] == reverse(
                        "admin:islands_round_orders", args=[round_.pk, team.pk]
                    )
                    opened += 1
                else:
                    assert posted.status_code == 200 and 'id="paper-problems"' in _html(posted), text
                    named += 1
    assert opened >= 2 and named > 50


# ------------------------------------------------------------------------------------------ CSRF


@pytest.mark.parametrize("route", ROUTES, ids=_route_id)
def test_a_post_without_the_csrf_token_is_refused_everywhere(route: Route, world: World, db: None) -> None:
    """Every URL the resolver knows (so a new one cannot be forgotten), posted by a logged-in
    superuser as a browser would post its forms, only without the CSRF token (a page of another site
    posting into the camp laptop): 403, and no table changes."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.superuser)
    call = Caller(client, fingerprint())  # after the login, which stamps ``last_login``
    for values in valid_fills(route, world):
        path = build(route, values)
        page = client.get(path)
        call.restore()
        forms = [form for form in page_forms(_html(page), path) if path in form.targets]
        for data in [{}, *(form.defaults for form in forms[:4])]:  # (``defaults`` holds no token)
            for htmx in (False, True):
                response = call("post", path, data, htmx=htmx)
                assert response.status_code == 403, (path, data, response.status_code)
