"""Helpers of ``tests/test_robustness.py``: a realistic world, the project's URLs with their
parameters filled in, junk form data, and a fingerprint of every table a refused request must not
touch.

The world (:func:`build_world`), built through the real services:

- the demo camp (``fixtures/demo_base.json``, side 9): rounds 1–3 played and closed by
  ``games.islands.demo``, round 4 resolved but not closed (a team's telescope choice pending, for
  the team's telescope page), round 5 a Batavia game in play (digital,
  three teams, some actions taken), round 6 a Batavia game played on the real board (calculator),
  with one revoked link;
- a small camp (side 5): round 1 closed, round 2 open for orders with one team's orders stored;
- a bare camp without a board: round 1 with placements recorded, round 2 planned.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.batavia import services as batavia_services
from games.batavia.engine import chance_action
from games.batavia.engine.bots import make_bot
from games.batavia.models import BataviaSeat, BataviaSession, SessionMode
from games.batavia.selectors import session_state
from games.islands import orders as islands_orders
from games.islands.demo import demo_play, play_round, submit_orders
from games.islands.engine.sampling import random_legal_orders
from games.islands.game_state import game_state
from games.islands.models.board import Ship
from games.islands.models.links import TeamLink
from games.islands.models.rehearsals import Rehearsal, RehearsalStatus
from games.islands.models.rounds import RoundResult
from games.islands.rehearsals import RehearsalPlan
from games.islands.services.rehearsals import engine_spec, rehearsal_cancel, rehearsal_start
from games.islands.services.team_links import team_link_revoke, team_links_switch
from tests.games.islands.fake_rehearsal import fake_rehearse
from tests.games.islands.rehearsal_reports import old_report

SMALL_SEED = 4151990316782215021
BATAVIA_ACTIONS = 24


@dataclass
class World:
    demo: Camp
    small: Camp
    bare: Camp
    superuser: Any
    #: Round ids by what they are (one per status of the islands lifecycle, and the Batavia rounds).
    rounds: dict[str, int]
    digital: BataviaSession
    physical: BataviaSession
    #: Links that work, and one revoked.
    tokens: list[str]
    revoked_token: str
    #: The islands' team links (on in the demo and the small camp): working ones, and one revoked.
    team_link_tokens: list[str]
    revoked_team_link: str

    @property
    def camps(self) -> list[Camp]:
        return [self.demo, self.small, self.bare]


def _store_orders(round_: Round, team: Team) -> None:
    """Random legal orders for one team, as the demo stores them."""
    state = game_state(round_.camp, round=round_)
    ap = islands_orders.team_ap(round_, team)
    orders = random_legal_orders(random.Random(7), state, team.name, ap=ap, stay_share=0.15)
    submit_orders(round_, team, orders, state)


def _pending_telescope(round_: Round) -> None:
    """A telescope choice still to make in the resolved ``round_`` (its first team's first ship), as
    when a ship ends the round on a telescope: the after page and the team's telescope page offer it."""
    result = RoundResult.objects.get(round=round_)
    if not result.pending_telescopes:
        ship = Ship.objects.filter(team__camp=round_.camp).order_by("team__order", "team_id", "ident").first()
        assert ship is not None
        result.pending_telescopes = [f"{ship.team.name}.{ship.ident}"]
        result.save(update_fields=["pending_telescopes"])


def _batavia_round(camp: Camp, name: str) -> Round:
    round_ = camp_services.round_create(camp=camp)
    camp_services.minigame_record(round=round_, name=name, kind="batavia")
    return round_


def _play_batavia(session: BataviaSession, actions: int) -> None:
    """Let seeded bots act for the teams (through the service, as a team page would)."""
    for n in range(actions):
        session.refresh_from_db()
        state = session_state(session)
        assert state is not None
        if state.phase == "finished" or chance_action(state) is not None or state.to_act is None:
            break
        seat = state.to_act
        action = make_bot("greedy" if n % 2 else "random", seed=f"world/{n}").choose(state, seat)
        batavia_services.session_act(session=session, seat=seat, action=action)


def _rehearsals(demo: Camp, small: Camp) -> None:
    """A finished rehearsal of the demo's board and a seed (the tests' fake report: no game played),
    one kept from before report format /2 (an older report the pages must still read) and a
    cancelled one in the small camp."""
    teams = tuple(Team.objects.filter(camp=demo).order_by("order", "id").values_list("name", flat=True))
    plan = RehearsalPlan(board_seeds=(None, 10**15 + 7), teams=teams, ap_table=(14, 11, 8), rounds=4, camps=2)
    done = rehearsal_start(camp=demo, plan=plan).rehearsal
    Rehearsal.objects.filter(pk=done.pk).update(
        status=RehearsalStatus.DONE, camps_done=12, report=fake_rehearse(engine_spec(done.spec))
    )
    older = rehearsal_start(camp=demo, plan=plan, again=True).rehearsal
    Rehearsal.objects.filter(pk=older.pk).update(
        status=RehearsalStatus.DONE, camps_done=12, report=old_report(None, 10**15 + 7, rounds=4)
    )
    rehearsal_cancel(rehearsal=rehearsal_start(camp=small, plan=plan).rehearsal)


def build_world() -> World:
    user = get_user_model().objects.create_superuser("vedouci", "vedouci@example.org", "heslo-heslo-123")
    call_command("loaddata", "demo_base", verbosity=0)
    demo = Camp.objects.get(name="Letní tábor techniků – 1. běh")
    demo_play(demo, rounds=3)
    round4 = camp_services.round_create(camp=demo)
    play_round(demo, round4, close=False)
    _pending_telescope(round4)
    round5 = _batavia_round(demo, "Batavia v jídelně")
    digital = batavia_services.session_create(minigame=round5.minigame)
    batavia_services.session_start(session=digital)
    _play_batavia(digital, BATAVIA_ACTIONS)
    digital.refresh_from_db()
    round6 = _batavia_round(demo, "Batavia na stole")
    physical = batavia_services.session_create(minigame=round6.minigame, mode=SessionMode.PHYSICAL)
    revoked = batavia_services.token_revoke(seat=physical.seats.order_by("number").first())

    small = camp_services.camp_create(name="Malý tábor", year=2026, run_number=2, board_side=5)
    for name, colour in (("Orli", "#8e44ad"), ("Vlci", "#34495e"), ("Lišky", "#e67e22")):
        camp_services.team_create(camp=small, name=name, colour=colour)
    Camp.objects.filter(pk=small.pk).update(seed=SMALL_SEED)
    small.refresh_from_db()
    demo_play(small, rounds=1, open_next=True)
    open_round = Round.objects.get(camp=small, number=2)
    _store_orders(open_round, Team.objects.filter(camp=small).order_by("order", "id").first())

    bare = camp_services.camp_create(name="Tábor bez plánu", year=2025, run_number=1)
    bare_teams = [
        camp_services.team_create(camp=bare, name=f"Tým {i}", colour="#123456") for i in range(1, 4)
    ]
    placed = camp_services.round_create(camp=bare)
    camp_services.placements_record(round=placed, ranks={t.pk: i for i, t in enumerate(bare_teams, 1)})
    planned = camp_services.round_create(camp=bare)

    for camp in (demo, small):
        team_links_switch(camp=camp, on=True)
    revoked_link = team_link_revoke(
        link=TeamLink.objects.filter(team__camp=small).order_by("team__order").first()
    )

    _rehearsals(demo, small)

    assert Round.objects.get(pk=round4.pk).status == RoundStatus.RESOLVED
    assert BataviaSession.objects.get(pk=digital.pk).status == "playing"
    assert len(digital.record["actions"]) > BATAVIA_ACTIONS  # the teams' actions, the die's rolls
    return World(
        demo=demo,
        small=small,
        bare=bare,
        superuser=user,
        rounds={
            "closed": Round.objects.get(camp=demo, number=3).pk,
            "resolved": round4.pk,
            "batavia": round5.pk,
            "physical": round6.pk,
            "open": open_round.pk,
            "placed": placed.pk,
            "planned": planned.pk,
        },
        digital=digital,
        physical=physical,
        tokens=list(BataviaSeat.objects.filter(token_revoked_at=None).values_list("token", flat=True)),
        revoked_token=revoked.token,
        team_link_tokens=list(TeamLink.objects.filter(token_revoked_at=None).values_list("token", flat=True)),
        revoked_team_link=revoked_link.token,
    )


# --------------------------------------------------------------------------------------- fingerprint

#: Every model of the project's apps, plus the admin log (a refused request must not log a change).
FINGERPRINT_APPS = ("camp", "islands", "batavia")


def fingerprint_models() -> list[Any]:
    models = [m for label in FINGERPRINT_APPS for m in apps.get_app_config(label).get_models()]
    return [*models, apps.get_model("admin", "LogEntry"), get_user_model()]


def fingerprint() -> dict[str, str]:
    """A digest of every row of every project table (and the admin log, the users)."""
    digests = {}
    for model in fingerprint_models():
        rows = list(model.objects.order_by("pk").values_list())
        digests[model._meta.label] = hashlib.sha256(repr(rows).encode()).hexdigest()[:16] + f"/{len(rows)}"
    return digests


# ----------------------------------------------------------------------------------------- URLs


@dataclass(frozen=True)
class Route:
    """One URL pattern of the project: its full route text, name and parameters."""

    route: str
    name: str
    params: tuple[str, ...]
    regex: bool

    @property
    def admin(self) -> bool:
        return self.route.startswith("admin/")

    def fill(self, values: dict[str, str]) -> str:
        path = self.route
        for param in self.params:
            path = re.sub(rf"<(?:\w+:)?{param}>", values[param], path)
        return "/" + path


def _walk(resolver: URLResolver, prefix: str, namespace: str) -> Iterator[Route]:
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            ns = namespace
            if entry.namespace:
                ns = f"{namespace}:{entry.namespace}" if namespace else entry.namespace
            yield from _walk(entry, prefix + str(entry.pattern), ns)
        elif isinstance(entry, URLPattern):
            name = f"{namespace}:{entry.name}" if namespace and entry.name else (entry.name or "")
            text = prefix + str(entry.pattern)
            if isinstance(entry.pattern, RoutePattern):
                params = tuple(re.findall(r"<(?:\w+:)?(\w+)>", text))
                yield Route(text, name, params, regex=False)
            else:
                params = tuple(re.findall(r"\(\?P<(\w+)>", text))
                yield Route(text, name or text, params, regex=True)


def all_routes() -> list[Route]:
    """Every URL pattern of the project, admin ``get_urls`` views included."""
    return list(_walk(get_resolver(), "", ""))


def _model_of(route: Route) -> Any:
    """The model of a ``admin/<app>/<model>/…`` route (None for other routes)."""
    parts = route.route.split("/")
    if len(parts) > 3 and parts[0] == "admin":
        try:
            return apps.get_model(parts[1], parts[2])
        except (LookupError, ValueError):
            return None
    return None


def _first_and_last(model: Any) -> list[str]:
    pks = list(model.objects.order_by("pk").values_list("pk", flat=True))
    return sorted({str(pks[0]), str(pks[-1])}) if pks else []


def valid_fills(route: Route, world: World) -> list[dict[str, str]]:
    """Parameter values of the world that make the route resolve to something that exists."""
    params = set(route.params)
    if not params:
        return [{}]
    camps = [str(c.pk) for c in world.camps]
    rounds = [str(pk) for pk in world.rounds.values()]
    sessions = [str(world.digital.pk), str(world.physical.pk)]
    if params == {"round_id", "team_id"}:
        fills = []
        for key in ("open", "resolved", "closed", "placed", "planned"):
            round_ = Round.objects.get(pk=world.rounds[key])
            teams = list(Team.objects.filter(camp_id=round_.camp_id).order_by("order", "id"))
            chosen = teams if key == "open" else teams[:1]
            stranger = Team.objects.exclude(camp_id=round_.camp_id).first()
            fills += [{"round_id": str(round_.pk), "team_id": str(t.pk)} for t in [*chosen, stranger]]
        return fills
    if params == {"round_id"}:
        return [{"round_id": r} for r in rounds]
    if params == {"camp_id"}:
        return [{"camp_id": c} for c in camps]
    if params == {"camp_id", "rehearsal_id"}:  # a rehearsal: its own camp's, and under another camp
        rows = list(Rehearsal.objects.order_by("pk"))
        return [{"camp_id": str(r.camp_id), "rehearsal_id": str(r.pk)} for r in rows] + [
            {"camp_id": str(world.bare.pk), "rehearsal_id": str(rows[0].pk)}
        ]
    if params == {"camp_id", "number"}:  # a round of a camp by its number (the replay)
        return [{"camp_id": c, "number": n} for c in camps for n in ("1", "4", "2")]
    if params == {"pk"}:
        return [{"pk": s} for s in sessions]
    if params == {"token"} and route.name.startswith("islands_public:team"):
        return [{"token": t} for t in world.team_link_tokens]
    if params == {"token"}:
        return [{"token": t} for t in world.tokens]
    if params == {"link_id"}:  # a team link (the staff's renew and revoke)
        return [
            {"link_id": str(pk)} for pk in TeamLink.objects.order_by("pk").values_list("pk", flat=True)[:2]
        ]
    if params == {"id"}:
        return [{"id": str(world.superuser.pk)}]
    if params == {"app_label"}:
        return [{"app_label": label} for label in ("camp", "islands", "batavia", "auth")]
    if params == {"url"}:
        return [{"url": "nic/takoveho/"}]
    if params == {"name"}:  # a database snapshot's file name (the world's backup folder is empty)
        return [{"name": "2026-07-14T21-03-55+0200_round-4-resolved.sqlite3"}]
    if params == {"game"}:  # a rules page: each game's, and one that does not exist
        return [{"game": game} for game in ("islands", "batavia", "sachy")]
    if params == {"content_type_id", "object_id"}:
        ct = ContentType.objects.get_for_model(Camp)
        return [{"content_type_id": str(ct.pk), "object_id": str(world.demo.pk)}]
    if params == {"object_id"}:
        model = _model_of(route)
        assert model is not None, route
        if route.route.endswith(("/ap-overview/", "/placements/")):  # the camp's own pages: every state
            ids = camps if model is Camp else rounds
        else:  # Django's own admin views: the first and the last row
            ids = _first_and_last(model)
        return [{"object_id": pk} for pk in ids]
    raise AssertionError(f"no values for the parameters of {route.route}")


def build(route: Route, values: dict[str, str]) -> str:
    if route.regex:
        if "app_label" in values:
            return f"/admin/{values['app_label']}/"
        return f"/admin/{values['url']}"
    return route.fill(values)


# ------------------------------------------------------------------------------------------ junk

HUGE = "9" * 40
LONG = "Ž" * 3000 + "x" * 3000
#: A text with a NUL inside (PostgreSQL stores no NUL in a text; SQLite would store it).
WITH_NUL = "Nový\x00běh"
#: A 3,000-character host, where a page takes an address (the link sheets' ``base``, ``next``).
LONG_HOST = "http://" + "a" * 3000 + ".example:8000"
#: A 50,000-character search, one word and 25,000 words (past SQLite's LIKE and expression limits).
LONG_SEARCHES = ["Ž" * 50_000, "ab " * 16_667]
UNICODE = "Žluťoučký kůň úpěl 🏴‍☠️ \u202e\u200b<script>alert(1)</script> ' \" ; --"
DEEP_JSON = "[" * 50_000 + "]" * 50_000

#: Whole numbers just past each database column's range (2^15, 2^31, 2^63, and below −2^63).
PAST_RANGES = ["32768", "2147483648", "9223372036854775808", "-9223372036854775809"]
#: Scalar junk for a form field (strings; lists are made from them).
JUNK_VALUES = [
    *["", "abc", HUGE, "-5", "-" + HUGE, "1.5", "1e999", "NaN", UNICODE, LONG, "0", " 7 ", "\x00", WITH_NUL],
    *PAST_RANGES,
]
#: A round file the parser takes (as ``ROUND_FILE`` of
#: ``tests/games/islands/services/test_round_files.py``), for junk that only the storing can trip on.
_ROUND = (
    '{"format": "zlate-ostrovy/1", "side": 5, "seed": %(seed)s, "hexes": {"B2": {"tile": "treasure", '
    '"chests": %(chests)s}}, "teams": [{"name": "%(name)s", "harbor": "Z1", "delivered": %(delivered)s, '
    '"ships": [{"id": "C1", "kind": "cargo", "at": "Z1", "boat": %(boat)s}]}], '
    '"orders": {"%(key)s": {"ap": %(ap)s, "routes": {"C1": "%(route)s"}}}}'
)
_ROUND_OK = {"seed": 7, "chests": 2, "name": "red", "delivered": 0, "boat": 0, "key": "red", "ap": 3}
_ROUND_OK["route"] = "N"
#: That round file as it is: the import takes it.
ROUND_FILE = _ROUND % _ROUND_OK
#: Junk for a field that carries a document (a record, a round file).
JUNK_DOCUMENTS = [
    "",
    "{",
    "null",
    "[]",
    '{"format": "batavia/1"}',
    '{"format": "zlate-ostrovy/1", "side": "x", "teams": [1, 2]}',
    '{"format": "batavia/1", "players": ["A", "B", "C"], "track": 5, "deck": {}, "actions": [[]]}',
    DEEP_JSON,
    # Lone surrogates (JSON allows the escape, no database stores it) in values and keys.
    _ROUND % {**_ROUND_OK, "name": "\\ud800"},
    _ROUND % {**_ROUND_OK, "key": "red\\udfff"},
    _ROUND % {**_ROUND_OK, "route": "N \\ud800"},
    '{"format": "batavia/1", "players": ["\\ud800", "B", "C"], "track": 5, "deck": {}, "actions": []}',
    '{"\\ud800": 1}',
    # NUL (JSON allows the escape, PostgreSQL stores no NUL in a text) in values and keys.
    _ROUND % {**_ROUND_OK, "name": "red\\u0000"},
    _ROUND % {**_ROUND_OK, "key": "red\\u0000"},
    _ROUND % {**_ROUND_OK, "route": "N\\u0000"},
    '{"format": "batavia/1", "players": ["A\\u0000", "B", "C"], "track": 5, "deck": {}, "actions": []}',
    '{"format": "batavia/1", "players": ["A", "B", "C"], "note": "\\u0000", "\\u0000": 1}',
    '{"\\u0000": 1}',
    # Numbers just past each column's range, where the file's values are stored.
    *(_ROUND % {**_ROUND_OK, k: n} for k in ("boat", "ap", "chests") for n in PAST_RANGES),
    *(_ROUND % {**_ROUND_OK, "delivered": n} for n in PAST_RANGES[1:]),  # a 2^31 − 1 column
    _ROUND % {**_ROUND_OK, "seed": 2**64},
    '{"format": "batavia/1", "players": ["A", "B", "C"], "track": 9223372036854775808, "deck": {}}',
]
JUNK_FILES = [
    *[b"", b"\xff\xfe\x00\x81garbage", b"{" * 10, DEEP_JSON.encode()],
    *(d.encode() for d in JUNK_DOCUMENTS[8:]),
]
DOCUMENT_FIELDS = {"text", "record_text"}
FILE_FIELDS = {"file", "record"}


def junk_payloads(fields: list[str], rnd: random.Random, count: int) -> list[dict[str, Any]]:
    """``count`` junk POST bodies for a form with ``fields``: half of them one of the fixed kinds
    (nothing, every field blank, letters, huge, negative, unicode, very long, lists), the rest random
    mixtures (documents and files in their own fields)."""
    fields = [f for f in fields if not _management(f)]
    scalar_fields = [f for f in fields if f not in FILE_FIELDS]

    def every(value: Any) -> dict[str, Any]:
        return {f: value for f in scalar_fields}

    fixed: list[dict[str, Any]] = [
        {},
        every(""),
        every("abc"),
        every(HUGE),
        every("-5"),
        every(UNICODE),
        every(LONG),
        every(["1", "abc", HUGE]),
    ]
    payloads = rnd.sample(fixed, k=count // 2)
    while len(payloads) < count:
        data: dict[str, Any] = {}
        for f in fields:
            if f in FILE_FIELDS:
                data[f] = _upload(f, rnd.choice(JUNK_FILES))
            elif f in DOCUMENT_FIELDS:
                data[f] = rnd.choice(JUNK_DOCUMENTS)
            elif rnd.random() < 0.15:
                data[f] = [rnd.choice(JUNK_VALUES) for _ in range(rnd.randint(0, 3))]
            else:
                data[f] = rnd.choice(JUNK_VALUES)
        payloads.append(data)
    return payloads


def _management(name: str) -> bool:
    """A formset's management field (Django's own business: junk there makes up to 1000 forms)."""
    return name.endswith(("-TOTAL_FORMS", "-INITIAL_FORMS", "-MIN_NUM_FORMS", "-MAX_NUM_FORMS"))


def _upload(name: str, content: bytes) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(f"{name}.json", content, content_type="application/json")


_NAME = re.compile(r"""<(?:input|select|textarea|button)\b[^>]*?\bname=["']([^"']+)["']""", re.I)


def form_fields(html: str) -> list[str]:
    """The names of the form controls on a page (in order, each once)."""
    seen: dict[str, None] = {}
    for name in _NAME.findall(html):
        if name != "csrfmiddlewaretoken":
            seen.setdefault(name, None)
    return list(seen)


# ------------------------------------------------------------------------------------------ forms


@dataclass
class Form:
    """A form found on a page: where it posts and its controls' default values (several candidates
    for radios, selects and submit buttons)."""

    targets: set[str]
    defaults: dict[str, list[str]] = field(default_factory=dict)

    def add(self, name: str, value: str) -> None:
        if name and name != "csrfmiddlewaretoken":
            values = self.defaults.setdefault(name, [])
            if value not in values:
                values.append(value)


class _FormParser(HTMLParser):
    def __init__(self, page_path: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page_path = page_path
        self.forms: list[Form] = []
        self.current: Form | None = None
        self.select: str | None = None
        self.textarea: str | None = None
        self.textarea_text: list[str] = []

    def _targets(self, attrs: dict[str, str | None]) -> set[str]:
        targets = set()
        for key in ("action", "data-hx-post", "data-hx-get"):
            value = attrs.get(key)
            if value is not None:
                targets.add(urlsplit(urljoin(self.page_path, value)).path or self.page_path)
        return targets

    def handle_starttag(self, tag: str, attr_list: list[tuple[str, str | None]]) -> None:
        attrs = dict(attr_list)
        if tag == "form":
            self.current = Form(self._targets(attrs) or {self.page_path})
            self.forms.append(self.current)
            return
        form = self.current
        name = attrs.get("name") or ""
        if form is None or not name:
            return
        if tag == "input":
            kind = (attrs.get("type") or "text").lower()
            if kind in ("checkbox", "radio"):
                form.add(name, attrs.get("value") or "on")
            elif kind == "file":
                form.add(name, "")
            else:
                form.add(name, attrs.get("value") or "")
        elif tag == "button":
            form.add(name, attrs.get("value") or "")
        elif tag == "select":
            self.select = name
            form.defaults.setdefault(name, [])
        elif tag == "option" and self.select:
            form.add(self.select, attrs.get("value") or "")
        elif tag == "textarea":
            self.textarea = name
            self.textarea_text = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea" and self.textarea and self.current is not None:
            self.current.add(self.textarea, "".join(self.textarea_text))
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.textarea_text.append(data)


def page_forms(html: str, page_path: str) -> list[Form]:
    parser = _FormParser(page_path)
    parser.feed(html)
    return parser.forms


def defaults_with_junk(form: Form, rnd: random.Random) -> dict[str, Any]:
    """The form as a browser would post it, then one to three fields replaced by junk."""
    data: dict[str, Any] = {
        name: rnd.choice(values) if values else "" for name, values in form.defaults.items()
    }
    for name in data:
        if name in FILE_FIELDS:
            data[name] = _upload(name, b"")
    names = [n for n in data if not _management(n)]
    for name in rnd.sample(names, k=min(len(names), rnd.randint(1, 3))):
        if name in FILE_FIELDS:
            data[name] = _upload(name, rnd.choice(JUNK_FILES))
        elif name in DOCUMENT_FIELDS:
            data[name] = rnd.choice(JUNK_DOCUMENTS)
        elif rnd.random() < 0.15:
            data[name] = [rnd.choice(JUNK_VALUES) for _ in range(2)]
        else:
            data[name] = rnd.choice(JUNK_VALUES)
    return data
