"""Record every page and PDF of the demo camp, to show that a refactor changed nothing.

    .venv/bin/python tools/page_snapshot.py OUT_DIR            # record
    .venv/bin/python tools/page_snapshot.py OUT_DIR --compare REFERENCE_DIR

Builds the demo camp in a throwaway SQLite database, logs in as a superuser and follows every link
(GET only) from the admin index, the notice boards and the Batavia team pages, in Czech and English,
saving each answer's bytes (PDFs in ReportLab's invariant mode). CSRF tokens, Batavia seat tokens
and database ids that change from run to run are normalised. ``--compare`` lists the pages that
differ from (or are missing in) the reference and exits 1 when there is any.
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
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parent.parent
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
    for token, name in tokens.items():
        text = text.replace(token, name)
    return text.encode()


def _file_name(url: str) -> str:
    digest = hashlib.sha1(url.encode()).hexdigest()[:10]
    slug = re.sub(r"[^A-Za-z0-9]+", "_", url).strip("_")[:120]
    return f"{slug}.{digest}"


def demo_start(tokens: dict[str, str]) -> list[str]:
    """Where the crawl of the demo camp starts: the start page and the admin index, every camp's
    notice board (both languages) and every Batavia team page (``tokens``: the seats' live tokens)."""
    from camp.models import Camp

    start = ["/", "/en/", "/admin/", "/en/admin/"]
    for camp in Camp.objects.all():
        start += [f"/nastenka/{camp.pk}/", f"/en/nastenka/{camp.pk}/"]
    start += [f"/batavia/t/{t}/" for t in tokens]
    return start


def demo_tokens() -> dict[str, str]:
    """Every Batavia seat's live token and a stable name for it (a token changes from run to run)."""
    from games.batavia.models import BataviaSeat

    seats = BataviaSeat.objects.order_by("session_id", "number")
    return {s.token: f"TOKEN-{s.session_id}-{s.number}" for s in seats if s.token}


def is_public(url: str) -> bool:
    """A page that people read without a login (the start page, notice boards, Batavia team pages)."""
    return url in ("/", "/en/") or url.startswith(
        ("/nastenka/", "/en/nastenka/", "/batavia/t/", "/en/batavia/t/")
    )


def crawl(
    *,
    staff: Any,
    public: Any,
    start: list[str],
    shape: Callable[[str], str] = _shape,
    per_shape: int = PER_SHAPE,
    max_pages: int = MAX_PAGES,
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
                if path not in seen:
                    queue.append(path)


def record(out: Path) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="zo-snapshot-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="camp.settings",
        DJANGO_DEBUG="1",
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        ZO_DEMO_DIR=str(workdir / "var"),  # DJANGO_DEBUG: the demo's data folder
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from reportlab import rl_config

    rl_config.invariant = 1
    call_command("migrate", verbosity=0)
    call_command("demo_setup", verbosity=0)
    from django.contrib.auth import get_user_model

    tokens = demo_tokens()
    user = get_user_model().objects.filter(is_superuser=True).first()
    client = Client()
    client.force_login(user)
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for url, response, body in crawl(staff=client, public=Client(), start=demo_start(tokens)):
        name = _file_name(url)
        shown = url
        for token, label in tokens.items():
            shown = shown.replace(token, label)
        (out / name).write_bytes(_normalise(body, tokens))
        index.append(f"{response.status_code} {shown} {name}")
    (out / "INDEX").write_text("\n".join(sorted(index, key=lambda line: line.split()[1])) + "\n")
    print(f"recorded {len(index)} pages in {out}")
    return 0


def compare(out: Path, reference: Path) -> int:
    def entries(folder: Path) -> dict[str, tuple[str, str]]:
        result = {}
        for line in (folder / "INDEX").read_text().splitlines():
            status, url, name = line.split(" ")
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
    args = parser.parse_args()
    if args.compare and (args.out / "INDEX").exists():
        return compare(args.out, args.compare)
    code = record(args.out)
    return compare(args.out, args.compare) if args.compare else code


if __name__ == "__main__":
    sys.exit(main())
