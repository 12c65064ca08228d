"""Record every page and PDF of the demo camp and of a 12-team camp, to show that a refactor
changed nothing.

    .venv/bin/python tools/page_snapshot.py OUT_DIR            # record
    .venv/bin/python tools/page_snapshot.py OUT_DIR --compare REFERENCE_DIR
    .venv/bin/python tools/page_snapshot.py OUT_DIR --root ../other-checkout   # another tree's code

Builds the demo camp in a throwaway SQLite database, logs in as a superuser and follows every link
(GET only) from the admin index, the notice boards and the Batavia team pages, in Czech and English,
saving each answer's bytes (PDFs in ReportLab's invariant mode). Then a camp of side 13 with 12
teams and five rounds played: its round pages, order pages, sheets, round files, notice board and
replays. On both camps' open round the order page is posted a set of typed orders, good and bad
(the live check, then a save), and the round is resolved: the answers, the round file and the
notice board after it are recorded too. CSRF tokens and Batavia seat tokens that change from run
to run are normalised. ``--compare`` lists the pages that differ from (or are missing in) the
reference and exits 1 when there is any.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parent.parent
LARGE_SEED = 0x5EED_0000_0013_0012  # the 12-team camp's own seed: the same camp every run
LARGE_ROUNDS = 5
#: What staff might type on an order page: each posted as the live check and as a save. ``route``
#: is the first ship's route, ``route2`` the second's.
ORDER_TRIES: list[dict[str, str]] = [
    {},
    {"route": "S SV . J"},
    {"route": "SV SV JV JV", "route2": "J J ."},
    {"route": " ".join(["S"] * 30)},
    {"route": "N NE SE"},
    {"route": "x!? 7"},
    {"route": "S" * 400},
    {"route": "J JZ SZ", "harbor": "+ + -"},
    {"harbor": "x y"},
    {"harbor": "+ . - + + + + + + + + + + +"},
    {"fire": "A1"},
    {"fire": "ZZ99"},
    {"fire": "C3", "route": "S"},
    {"build_cargo": "1"},
    {"build_cargo": "abc"},
    {"build_cargo": "-1"},
    {"build_cargo": "2", "build_battleship": "1"},
    {"build_battleship": "99999999999999999999"},
    {"v": "abc", "route": "S"},
    {"v": "1", "route": "SV"},
]
SKIP = re.compile(
    r"/(logout|delete|history|password)/|[?&](o|q|_changelist_filters|e|p)=|/i18n/|/static/|/jsi18n/"
)
MAX_PAGES = 1500
PER_SHAPE = 3  # pages of one shape (digits aside: /boardhex/<n>/change/, ?hex=<label>) to record


def _shape(url: str) -> str:
    return re.sub(r"[0-9]+", "N", url)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("a", "link", "iframe", "img"):
            for name, value in attrs:
                if name in ("href", "src") and value:
                    self.links.append(value)


def _normalise(body: bytes, tokens: dict[str, str]) -> bytes:
    text = body.decode("utf-8", "replace") if not body.startswith(b"%PDF") else None
    if text is None:
        return body
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', 'name="csrfmiddlewaretoken" value="X"', text)
    text = re.sub(r'"X-CSRFToken": "[^"]+"', '"X-CSRFToken": "X"', text)
    # A password's salt and hash are random (Django's user page shows their first letters).
    text = re.sub(r"<bdi>[^<*]{2,6}\*+</bdi>", "<bdi>HIDDEN</bdi>", text)
    # A camp's public version is random (it tells nothing of the game); only where it changes counts.
    text = re.sub(r"\b[0-9a-f]{16}-(cs|en)\b", r"VERSION-\1", text)
    for token, name in tokens.items():
        text = text.replace(token, name)
    return text.encode()


def _file_name(url: str) -> str:
    digest = hashlib.sha1(url.encode()).hexdigest()[:10]
    slug = re.sub(r"[^A-Za-z0-9]+", "_", url).strip("_")[:120]
    return f"{slug}.{digest}"


def demo_start(tokens: dict[str, str]) -> list[str]:
    """Where the crawl of the demo camp starts: the start page and the admin index, every camp's
    notice board (both languages), every Batavia team page (``tokens``: the seats' live tokens) and
    every islands team page (its team link's token, when the camp's team links are on)."""
    from camp.models import Camp

    start = ["/", "/en/", "/admin/", "/en/admin/"]
    for camp in Camp.objects.all():
        start += [f"/nastenka/{camp.pk}/", f"/en/nastenka/{camp.pk}/"]
    start += [f"/batavia/t/{t}/" for t, name in tokens.items() if not name.startswith("TEAM-LINK-")]
    start += [f"/tym/{t}/" for t, name in tokens.items() if name.startswith("TEAM-LINK-")]
    return start


def demo_tokens() -> dict[str, str]:
    """Every Batavia seat's live token and every islands team link's, each with a stable name (a
    token changes from run to run)."""
    from games.batavia.models import BataviaSeat
    from games.islands.models import TeamLink

    seats = BataviaSeat.objects.order_by("session_id", "number")
    tokens = {s.token: f"TOKEN-{s.session_id}-{s.number}" for s in seats if s.token}
    links = TeamLink.objects.filter(token_revoked_at=None).order_by("team_id")
    return tokens | {link.token: f"TEAM-LINK-{link.team_id}" for link in links}


def is_public(url: str) -> bool:
    """A page that people read without a login (the start page, notice boards, team pages)."""
    return url in ("/", "/en/") or url.startswith(
        ("/nastenka/", "/en/nastenka/", "/batavia/t/", "/en/batavia/t/", "/tym/", "/en/tym/")
    )


def crawl(
    *,
    staff: Any,
    public: Any,
    start: list[str],
    shape: Callable[[str], str] = _shape,
    per_shape: int = PER_SHAPE,
    max_pages: int = MAX_PAGES,
    follow: Callable[[str], bool] = lambda url: True,
) -> Iterator[tuple[str, Any, bytes]]:
    """Follow every link (GET only) from ``start``: yields (url, response, body) of each page, at
    most ``per_shape`` pages of one ``shape``. ``staff`` and ``public`` are Django test clients (the
    staff one logged in); a public page is fetched without a login."""
    seen: set[str] = set()
    shapes: dict[str, int] = {}
    queue = deque(start)
    while queue and len(seen) < max_pages:
        url = queue.popleft()
        if url in seen or SKIP.search(url) or shapes.get(shape(url), 0) >= per_shape:
            continue
        seen.add(url)
        shapes[shape(url)] = shapes.get(shape(url), 0) + 1
        response = (public if is_public(url) else staff).get(url)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        yield url, response, body
        if response.get("Content-Type", "").startswith("text/html"):
            parser = _Links()
            parser.feed(body.decode("utf-8", "replace"))
            for link in parser.links:
                absolute = urljoin(url, link)
                parts = urlsplit(absolute)
                if parts.netloc and parts.netloc != "testserver":
                    continue
                path = parts.path + (f"?{parts.query}" if parts.query else "")
                if path not in seen and follow(path):
                    queue.append(path)


def _url(name: str, *args: int) -> str:
    """The Czech address (a request in English leaves English active in this thread)."""
    from django.urls import reverse
    from django.utils import translation

    with translation.override("cs"):
        return reverse(name, args=args)


def large_camp() -> Any:
    """A camp of side 13 with 12 teams, five rounds played and round 6 open for orders."""
    from camp import services as camp_services
    from camp.marks import TEAM_COLOURS
    from camp.models import Camp
    from games.islands.demo import demo_play

    camp = camp_services.camp_create(name="Velký tábor", year=2026, board_side=13)
    Camp.objects.filter(pk=camp.pk).update(seed=LARGE_SEED)  # a new camp draws its seed
    camp = Camp.objects.get(pk=camp.pk)
    for number, colour in enumerate(TEAM_COLOURS[:12], start=1):
        camp_services.team_create(camp=camp, name=f"Posádka {number}", colour=colour)
    demo_play(camp, rounds=LARGE_ROUNDS, open_next=True)
    return camp


def large_start(camp: Any) -> tuple[list[str], Callable[[str], bool]]:
    """Where the crawl of the 12-team camp starts, and which links it follows (its own pages)."""
    from camp.models import Round

    rounds = list(Round.objects.filter(camp=camp).order_by("number"))
    start = [f"/nastenka/{camp.pk}/", f"/en/nastenka/{camp.pk}/"]
    start += [_url("admin:camp_camp_change", camp.pk)]
    for round_ in rounds:
        start.append(_url("admin:islands_round_page", round_.pk))
    marks = [f"/round/{r.pk}/" for r in rounds] + [
        f"/{camp.pk}/",
        f"camp={camp.pk}",
        f"camp__id__exact={camp.pk}",
    ]

    def ours(url: str) -> bool:
        return any(mark in url for mark in marks)

    return start, ours


def _post_orders(
    client: Any, url: str, tries: list[dict[str, str]], *, htmx: bool
) -> Iterator[tuple[str, Any, bytes]]:
    """Post each of ``tries`` to the order page ``url`` (htmx: the live check; else a save)."""
    fields = _form_fields(client.get(url).content)
    routes = sorted(k for k in fields if k.startswith("route-"))
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    for number, typed in enumerate(tries):
        data = {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}
        for key, value in typed.items():
            if key in ("route", "route2"):
                index = 0 if key == "route" else 1
                if index < len(routes):
                    data[routes[index]] = value
            else:
                data[key] = value
        response = client.post(url, data, **headers)
        kind = "check" if htmx else "save"
        yield f"POST {url} {kind} {number}", response, response.content


def _form_fields(html: bytes) -> dict[str, str]:
    fields: dict[str, str] = {}
    for tag in re.findall(rb"<input\b[^>]*>", html):
        name = re.search(rb'\bname="([^"]*)"', tag)
        if not name:
            continue
        kind = re.search(rb'\btype="([^"]*)"', tag)
        if kind and kind.group(1) in (b"checkbox", b"radio") and b" checked" not in tag:
            continue
        value = re.search(rb'\bvalue="([^"]*)"', tag)
        fields[name.group(1).decode()] = value.group(1).decode() if value else ""
    return fields


def played(client: Any, camp: Any) -> Iterator[tuple[str, Any, bytes]]:
    """The camp's open round worked through the order page: every try checked, then saved (good
    ones are stored, bad ones shown), then the round resolved; with the pages it changes."""
    from camp.models import Round, RoundStatus

    round_ = Round.objects.filter(camp=camp, status=RoundStatus.ORDERS_OPEN).order_by("number").first()
    if round_ is None:
        return
    teams = list(camp.teams.order_by("order"))
    for team in (teams[0], teams[-1]):
        for prefix in ("", "/en"):
            url = prefix + _url("admin:islands_round_orders", round_.pk, team.pk)
            yield from _post_orders(client, url, ORDER_TRIES, htmx=True)
        url = _url("admin:islands_round_orders", round_.pk, team.pk)
        yield from _post_orders(client, url, ORDER_TRIES, htmx=False)
        yield f"GET-after-saves {url}", (response := client.get(url)), response.content
    page = _url("admin:islands_round_page", round_.pk)
    resolve = _url("admin:islands_round_resolve", round_.pk)
    for url in (page, resolve, "/en" + resolve):
        yield f"GET-before-resolve {url}", (response := client.get(url)), response.content
    fields = _form_fields(client.get(resolve).content)
    data = {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}
    response = client.post(resolve, data)
    yield f"POST {resolve}", response, response.content
    after = [
        page,
        _url("admin:islands_round_after", round_.pk),
        _url("admin:islands_round_export", round_.pk),
        _url("admin:islands_round_sheets", round_.pk),
        f"/nastenka/{camp.pk}/",
        f"/en/nastenka/{camp.pk}/",
    ]
    for url in after:
        response = client.get(url)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        yield f"GET-after-resolve {url}", response, body


def record(out: Path) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="zo-snapshot-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="1",
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        ZO_DEMO_DIR=str(workdir / "var"),  # DJANGO_DEBUG: the demo's data folder
    )
    sys.path.insert(0, str(ROOT))
    import django
    import time_machine

    # The clock stands still but for one second a request: times shown (saved at, exported at,
    # login attempts) are the same every run.
    clock = time_machine.travel(datetime(2026, 7, 15, 20, 0, tzinfo=UTC), tick=False)
    traveller = clock.start()
    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from reportlab import rl_config

    class Client(Client):  # type: ignore[no-redef]
        def request(self, **request: Any) -> Any:
            traveller.shift(1)
            return super().request(**request)

    rl_config.invariant = 1
    import camp

    print(f"rendering with the code of {Path(camp.__file__).parent.parent}")
    call_command("migrate", verbosity=0)
    call_command("demo_setup", verbosity=0)
    from django.contrib.auth import get_user_model

    tokens = demo_tokens()
    user = get_user_model().objects.filter(is_superuser=True).first()
    client = Client()
    client.force_login(user)
    out.mkdir(parents=True, exist_ok=True)
    index = []
    from camp.models import Camp

    demo_camp = Camp.objects.order_by("pk").first()
    pages = list(crawl(staff=client, public=Client(), start=demo_start(tokens)))
    camp = large_camp()
    start, ours = large_start(camp)
    pages += crawl(staff=client, public=Client(), start=start, follow=ours, per_shape=2)
    pages += played(client, demo_camp)
    pages += played(client, camp)
    for url, response, body in pages:
        if response.status_code == 302:
            body = response["Location"].encode()
        name = _file_name(url)
        shown = url
        for token, label in tokens.items():
            shown = shown.replace(token, label)
        (out / name).write_bytes(_normalise(body, tokens))
        index.append(f"{response.status_code} {shown} {name}")
    (out / "INDEX").write_text("\n".join(sorted(index, key=lambda line: line.split(" ", 1)[1])) + "\n")
    print(f"recorded {len(index)} pages in {out}")
    return 0


def compare(out: Path, reference: Path) -> int:
    def entries(folder: Path) -> dict[str, tuple[str, str]]:
        result = {}
        for line in (folder / "INDEX").read_text().splitlines():
            status, rest = line.split(" ", 1)
            url, name = rest.rsplit(" ", 1)
            result[url] = (status, name)
        return result

    new, old = entries(out), entries(reference)
    differ = 0
    for url in sorted(old.keys() | new.keys()):
        if url not in new or url not in old:
            print(f"{'missing now' if url not in new else 'new page'}: {url}")
            differ += 1
            continue
        if new[url][0] != old[url][0]:
            print(f"status {old[url][0]} -> {new[url][0]}: {url}")
            differ += 1
        elif (out / new[url][1]).read_bytes() != (reference / old[url][1]).read_bytes():
            print(f"differs: {url}  ({reference / old[url][1]} vs {out / new[url][1]})")
            differ += 1
    print(f"{len(old.keys() & new.keys())} pages compared, {differ} differ")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--compare", type=Path, metavar="REFERENCE_DIR")
    parser.add_argument("--root", type=Path, help="the checkout whose code renders (default: this one's)")
    args = parser.parse_args()
    if args.root:
        global ROOT
        ROOT = args.root.resolve()
        os.chdir(ROOT)
    if args.compare and (args.out / "INDEX").exists():
        return compare(args.out, args.compare)
    code = record(args.out)
    return compare(args.out, args.compare) if args.compare else code


if __name__ == "__main__":
    sys.exit(main())
