"""The camp server for the benchmarks: a camp with 15 rounds played (and a second camp run with 2,
whose orders the load's staff enter while the first one's round is resolved and undone) in a
temporary data folder, served by ``python -m config.server`` (waitress, camp mode: production
settings, ``DEBUG`` off) on loopback, and a small keep-alive HTTP client with a staff login.

Three camps (``world``): ``"played"`` (the staff pages' benchmark on today's small camp: a board
of side 9, 3 teams), ``"night"`` (the camp night's load and the team pages: a board of side 13, 12
teams, their own links on; :data:`NIGHT_TEAMS`) and ``"large"`` (the staff pages' benchmark on the
largest camp, issue 22: side 13, 12 teams, :data:`LARGE_ROUNDS` rounds played). In ``"played"`` and
``"large"`` the open round holds every team's real orders, made by the demo planner
(:func:`games.islands.demo.plan_orders`): the resolve preview moves ships, the htmx check posts
real routes.

``python -m bench._camp_server DATA_DIR [WORLD]`` builds the camp (run in a child process, so the
benchmark's own process never sets Django up with another database)."""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 15
OTHER_ROUNDS = 2  # the second camp run's
STAFF, PASSWORD = "bench", "bench-camp-server-2026"
#: The camp night's camp: the largest board and as many teams as a camp has, each with its own link.
NIGHT_SIDE = 13
NIGHT_TEAMS = 12
_COLOURS = (
    "#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98", "#ca6f1e",
    "#17a589", "#566573", "#e84393", "#6d4c41", "#00838f", "#9e9d24",
)  # fmt: skip
#: Rounds played in the large camp (issue 22: the staff pages on the largest camp).
LARGE_ROUNDS = 30
#: The games' seeds of the staff pages' camps: the same rounds, and real routes in the open round's
#: orders, in every run.
SEEDS = {"played": 1800052252803306510, "large": 2026_0822}
WORLDS = ("played", "night", "large")
#: The camps whose open round holds every team's orders (the planner's).
WITH_ORDERS = ("played", "large")
STATIC_FILE = "/static/admin/css/base.css"  # a static file the same server serves (WhiteNoise)
_WORLDS: dict[str, Path] = {}
#: The process id of the camp server serving on a port (for its CPU time).
SERVER_PIDS: dict[int, int] = {}


@dataclass(frozen=True)
class World:
    camp: int
    rounds: int  # played
    round: int  # open for orders
    teams: list[int]
    #: The pages' addresses by name ("orders" and "sheet": one per team; "other_orders": one per
    #: team of the second camp run, "other_round" its round open for orders; "team_pages": each
    #: team's own page ``/tym/<token>/``, the night's camp only; "placements": the open round's
    #: placements page).
    urls: dict[str, Any]
    #: The open round's places by team id (what its placements page posts back unchanged).
    places: dict[str, int] = dataclasses.field(default_factory=dict)
    other_round: int = 0
    other_teams: list[int] = dataclasses.field(default_factory=list)


def camp_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ZO_", "DATABASE_URL"))}
    env.update(
        {"ZO_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    )
    return env


def child_json(module: str, data_dir: Path, *args: str, what: str) -> Any:
    """Run ``python -m module DATA_DIR ARGS…`` in camp mode over a benchmark's camp (a throwaway
    key: it signs nothing that outlives it); the JSON its last line prints. ``what`` names the work
    in the error of a child that failed."""
    env = camp_env(data_dir) | {
        "ZO_CAMP": "1",
        "ZO_COMMAND_LINE": "1",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    }
    done = subprocess.run(
        [sys.executable, "-m", module, str(data_dir), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _build(data_dir: Path, kind: str = "played") -> None:
    """(child process) Migrate and play the camp (``kind``: one of :data:`WORLDS`); prints the
    world as JSON."""
    os.environ.update({"ZO_CAMP": "1", "ZO_COMMAND_LINE": "1"})
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from camp import services as camp_services
    from camp.models import Round
    from games.islands.demo import demo_play

    call_command("migrate", verbosity=0)
    get_user_model().objects.create_superuser(STAFF, "", PASSWORD)
    night = kind in ("night", "large")
    rounds = LARGE_ROUNDS if kind == "large" else ROUNDS
    camp = camp_services.camp_create(name="Benchmark", year=2026, board_side=NIGHT_SIDE if night else 9)
    names = [f"Tým {n}" for n in range(1, NIGHT_TEAMS + 1)] if night else ["Červení", "Modří", "Zelení"]
    teams = [
        camp_services.team_create(camp=camp, name=name, colour=colour)
        for name, colour in zip(names, _COLOURS, strict=False)
    ]
    if kind in SEEDS:  # the same game in every run (a camp run's seed is drawn at random)
        from camp.models import Camp

        Camp.objects.filter(pk=camp.pk).update(seed=SEEDS[kind])
        camp.refresh_from_db()
    demo_play(camp, rounds=rounds, open_next=True)
    round_ = Round.objects.get(camp=camp, number=rounds + 1)
    if kind in WITH_ORDERS:
        _store_planned_orders(camp, round_)
    links = []
    if kind == "night":
        from games.islands.models.links import TeamLink
        from games.islands.services.team_links import team_links_switch

        team_links_switch(camp=camp, on=True)
        links = [TeamLink.objects.get(team=t).token for t in teams]
    from django.urls import reverse

    def admin(name: str, *args: int) -> str:
        return reverse(f"admin:islands_round_{name}", args=[round_.pk, *args])

    other = camp_services.camp_create(name="Benchmark", year=2026, run_number=2, board_side=7)
    other_teams = [
        camp_services.team_create(camp=other, name=name, colour=colour)
        for name, colour in (("Žlutí", "#d4ac0d"), ("Fialoví", "#7d3c98"), ("Oranžoví", "#ca6f1e"))
    ]
    demo_play(other, rounds=OTHER_ROUNDS, open_next=True)
    other_round = Round.objects.get(camp=other, number=OTHER_ROUNDS + 1)
    urls = {
        "admin_index": reverse("admin:index"),
        "orders": [admin("orders", t.pk) for t in teams],
        "other_orders": [
            reverse("admin:islands_round_orders", args=[other_round.pk, t.pk]) for t in other_teams
        ],
        "resolve": admin("resolve"),
        "undo": admin("undo"),
        "sheets": admin("sheets"),
        "sheet": [admin("sheet", t.pk) for t in teams],
        "board": reverse("islands_public:notice_board", args=[camp.pk]),
        "board_en": translated_board(camp.pk),
        "replay": reverse("islands_public:round_replay", args=[camp.pk, rounds]),
        "placements": reverse("admin:camp_round_placements", args=[round_.pk]),
        "team_pages": [reverse("islands_public:team", args=[token]) for token in links],
    }
    world = {"camp": camp.pk, "rounds": rounds, "round": round_.pk, "teams": [t.pk for t in teams]}
    world["urls"] = urls
    world["places"] = {str(p.team_id): p.rank for p in round_.placements.all()}
    world.update({"other_round": other_round.pk, "other_teams": [t.pk for t in other_teams]})
    print(json.dumps(world))


def _store_planned_orders(camp: Any, round_: Any) -> None:
    """Every team's orders for the open round, as the demo planner makes them (stored through the
    orders service, as a team's sheet typed in would be)."""
    from camp.models import Placement, Team
    from games.islands.demo import plan_orders, submit_orders
    from games.islands.game_state import game_state

    state = game_state(camp, round=round_)
    ap = dict(Placement.objects.filter(round=round_).values_list("team_id", "ap"))
    for team in Team.objects.filter(camp=camp).order_by("order", "name", "id"):
        submit_orders(round_, team, plan_orders(state, team.name, ap=int(ap.get(team.pk, 0))), state)


def translated_board(camp_id: int) -> str:
    """The notice board's address in English (a phone set to English: another cached page)."""
    from django.urls import reverse
    from django.utils import translation

    with translation.override("en"):
        return reverse("islands_public:notice_board", args=[camp_id])


def world_data(target: Path, kind: str = "played") -> World:
    """A copy of the ``kind`` camp's data folder at ``target`` (each built once per process)."""
    if kind not in WORLDS:
        raise ValueError(f"no camp {kind!r}; there are {', '.join(WORLDS)}")
    if kind not in _WORLDS:
        built = Path(tempfile.mkdtemp(prefix=f"zo-bench-{kind}-"))
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "bench._camp_server", str(built), kind],
            cwd=ROOT,
            env=camp_env(built),
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"building the camp failed:\n{done.stderr[-3000:]}")
        (built / "world.json").write_text(done.stdout.strip().splitlines()[-1])
        print(
            f"(camp {kind!r} with {LARGE_ROUNDS if kind == 'large' else ROUNDS} rounds played"
            f" in {time.perf_counter() - started:.1f} s)",
            flush=True,
        )
        _WORLDS[kind] = built
        atexit.register(shutil.rmtree, built, ignore_errors=True)  # each server works on a copy
    built = _WORLDS[kind]
    target.mkdir(parents=True, exist_ok=True)
    for name in ("db.sqlite3", "secret_key"):
        if (built / name).exists():
            shutil.copy2(built / name, target / name)
            (target / name).chmod(0o600)
    return World(**json.loads((built / "world.json").read_text()))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def camp_server(
    threads: int | None = None, world: str = "played", static: Path | None = None
) -> Iterator[tuple[str, int, World, Path]]:
    """``make camp`` on loopback over a copy of the ``world`` camp: (host, port, world, data folder).

    ``static``: a copy of another server's collected static files (``<data folder>/static``, with
    its stamp) and whatever the benchmark wrote beside them: served as they are (the server collects
    anew only when the project's files differ), so a file added there is served too."""
    with tempfile.TemporaryDirectory(prefix="zo-bench-camp-") as tmp:
        data = Path(tmp) / "data"
        played = world_data(data, world)
        if static is not None:
            shutil.copytree(static, data / "static")
        port = free_port()
        log = open(Path(tmp) / "server.log", "wb")
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "config.server",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                *(["--threads", str(threads)] if threads else []),  # else the server's own default
            ],
            cwd=ROOT,
            env=camp_env(data),
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 180
            while True:
                if process.poll() is not None:
                    raise RuntimeError((Path(tmp) / "server.log").read_text(errors="replace")[-3000:])
                try:
                    if Http("127.0.0.1", port).get(STATIC_FILE).status == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError("the camp server did not start within 3 minutes")
                time.sleep(0.2)
            SERVER_PIDS[port] = process.pid
            yield "127.0.0.1", port, played, data
        finally:
            SERVER_PIDS.pop(port, None)
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
            log.close()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


def timed_ms(call: Callable[[], Answer], status: int = 200) -> float:
    """The milliseconds ``call`` took, from the client's side; its answer must have ``status``."""
    started = time.perf_counter()
    answer = call()
    took = (time.perf_counter() - started) * 1000
    assert answer.status == status, f"status {answer.status}, not {status}"
    return took


class Http:
    """One keep-alive connection with its cookies (a browser tab, roughly). A request the server
    dropped the connection under is sent once more on a new one, as a browser does, and counted."""

    def __init__(self, host: str, port: int) -> None:
        self.connection = http.client.HTTPConnection(host, port, timeout=120)
        self.cookies: dict[str, str] = {}
        self.dropped = 0  # requests sent again because the server dropped the connection
        self.origin = f"http://{host}:{port}"

    def request(self, method: str, path: str, data: dict[str, str] | None = None, **headers: str) -> Answer:
        head = {k.replace("_", "-"): v for k, v in headers.items()}
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data)
            head["Content-Type"] = "application/x-www-form-urlencoded"
            head["Referer"] = self.origin + path
            head["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=body, headers=head)
                response = self.connection.getresponse()
                payload = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.connection.close()
                self.dropped += 1
                if attempt == 2:
                    raise
        for value in response.headers.get_all("Set-Cookie") or []:
            cookie: SimpleCookie = SimpleCookie()
            cookie.load(value)
            for key, morsel in cookie.items():
                self.cookies[key] = morsel.value
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, payload)

    def get(self, path: str, **headers: str) -> Answer:
        return self.request("GET", path, **headers)

    def post(self, path: str, data: dict[str, str], **headers: str) -> Answer:
        return self.request("POST", path, data, **headers)

    def login(self) -> None:
        page = self.get("/admin/login/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
        assert token is not None, "no login form"
        answer = self.post(
            "/admin/login/?next=/admin/",
            {"csrfmiddlewaretoken": token.group(1).decode(), "username": STAFF, "password": PASSWORD},
        )
        assert answer.status == 302, f"login refused ({answer.status})"


def form_fields(html: bytes) -> dict[str, Any]:
    """The named inputs of a page's forms (hidden ones included) and their values."""
    fields: dict[str, Any] = {}
    for tag in re.findall(rb"<input\b[^>]*>", html):
        name = re.search(rb'\bname="([^"]*)"', tag)
        if not name:
            continue
        value = re.search(rb'\bvalue="([^"]*)"', tag)
        fields[name.group(1).decode()] = value.group(1).decode() if value else ""
    return fields


if __name__ == "__main__":
    _build(Path(sys.argv[1]), *sys.argv[2:3])
