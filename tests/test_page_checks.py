"""Every page of the demo camp, in Czech and English, is valid HTML (the Nu Html Checker, vnu), has
no serious or critical accessibility violation (axe-core in Chromium), carries the
Content-Security-Policy and holds no inline script that the policy would refuse.

The pages are those ``tools/page_snapshot.py`` crawls (links from the admin index, the notice boards
and the Batavia team pages), one page of each shape (the same path but for its numbers, and the same
query keys). vnu checks them all in one run; axe checks them in one browser, which gets every answer
from the Django test client (no server), static files from the finders. vnu and axe come from npm
(``package.json``, installed by ``make test``), vnu needs Java: without them the tests are skipped.
"""

from __future__ import annotations

import json
import mimetypes
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client

from camp.demo import run_demo_setup
from camp.web.security_headers import HEADER, content_security_policy
from games.islands.models.board import BoardSetup
from games.islands.models.links import TeamLink
from games.islands.services.team_links import team_link_renew, team_links_switch
from tests.browser import CHROMIUM
from tests.inline_script import inline_scripts_in_html
from tools.page_snapshot import crawl, demo_start, demo_tokens, is_public

NODE_MODULES = Path(settings.BASE_DIR) / "node_modules"
VNU_JAR = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE_JS = NODE_MODULES / "axe-core" / "axe.min.js"
JAVA = shutil.which("java")
NOT_INSTALLED = "run `make test` (npm ci installs it from package.json)"

# Both checks share the crawl, so xdist gives them one worker (``--dist loadgroup``).
pytestmark = pytest.mark.xdist_group("page_checks")


#: Findings tolerated, each (page pattern, message start), with the reason beside it: none now (the
#: fixes of Django admin's own markup are in camp/admin/widgets.py and the camp run's team inline).
KNOWN_VNU: list[tuple[str, str]] = []
KNOWN_AXE: list[tuple[str, str]] = []


def known(found: str, allowed: list[tuple[str, str]]) -> bool:
    url, _, message = found.partition(": ")
    url = url.split(" line ")[0]
    return any(re.search(pattern, url) and message.startswith(start) for pattern, start in allowed)


def check_shape(url: str) -> str:
    """Pages of one shape show the same template: the path but for its numbers, the query's keys
    (a list's filters all count as one)."""
    parts = urlsplit(url)
    keys = {key for key, _ in parse_qsl(parts.query, keep_blank_values=True)}
    keys = {"filter" if "__" in key or key in ("_facets", "all") else key for key in keys}
    return re.sub(r"[0-9]+", "N", parts.path) + "?" + ",".join(sorted(keys))


@dataclass(frozen=True)
class Page:
    url: str
    body: bytes
    policy: str | None  # its Content-Security-Policy header


@dataclass(frozen=True)
class DemoPages:
    pages: list[Page]  # the HTML pages (200) of the crawl
    staff: Client
    public: Client
    folder: Path  # one file per page, for vnu
    vnu: subprocess.Popen[bytes] | None  # vnu checking them, its report into folder / "vnu.json"

    def shown(self, url: str) -> str:
        return re.sub(r"/(batavia/t|tym)/[^/]+/", r"/\1/TOKEN/", url)


@pytest.fixture(scope="module")
def demo_pages(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[DemoPages]:
    # Committed, not in a transaction: while Playwright drives the browser, Django queries on other
    # connections (see tests/conftest.py), which must see the demo. The database is flushed after.
    folder = tmp_path_factory.mktemp("pages")
    with django_db_blocker.unblock():
        run_demo_setup(out=lambda line: None)
        for setup in BoardSetup.objects.filter(game_started_at__isnull=False):  # the team pages too
            team_links_switch(camp=setup.camp, on=True)
            for link in TeamLink.objects.filter(team__camp=setup.camp)[:1]:  # and the hall's feed a line
                team_link_renew(link=link)
        user = get_user_model().objects.create_superuser("vedouci", "", "heslo-heslo-123")
        staff, public = Client(), Client()
        staff.force_login(user)
        pages = []
        for url, response, body in crawl(
            staff=staff, public=public, start=demo_start(demo_tokens()), shape=check_shape, per_shape=1
        ):
            if response.status_code == 200 and response.get("Content-Type", "").startswith("text/html"):
                pages.append(Page(url, body, response.get(HEADER)))
    assert any(b'<section class="zo-feed">' in page.body for page in pages)  # the feed is checked too
    for number, page in enumerate(pages):
        (folder / f"{number:04d}.html").write_bytes(page.body)
    vnu = None
    if JAVA and VNU_JAR.exists():  # in the background, while axe runs (one run for every file)
        files = sorted(str(f) for f in folder.glob("*.html"))
        command = [JAVA, "-jar", str(VNU_JAR), "--format", "json", "--exit-zero-always", *files]
        vnu = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=(folder / "vnu.json").open("wb"))
    yield DemoPages(pages, staff, public, folder, vnu)
    if vnu is not None and vnu.poll() is None:
        vnu.kill()
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.mark.django_db  # (the marks make pytest-django set up the test database for the fixture)
def test_the_crawl_reaches_every_kind_of_page(demo_pages: DemoPages) -> None:
    """Both languages of the staff pages, the custom round and Batavia pages, the public ones."""
    urls = [p.url for p in demo_pages.pages]
    for pattern in (
        r"^/$",
        r"^/en/$",
        r"^/admin/$",
        r"^/en/admin/$",
        r"^/admin/islands/islandsround/round/\d+/orders/\d+/$",
        r"^/en/admin/islands/islandsround/round/\d+/orders/\d+/$",
        r"^/admin/batavia/bataviasession/\d+/master/$",
        r"^/admin/batavia/bataviasession/\d+/table/$",
        r"^/nastenka/\d+/$",
        r"^/nastenka/\d+/\?projektor",
        r"^/batavia/t/[^/]+/$",
        r"^/tym/[^/]+/$",
        r"^/tym/[^/]+/plan/mapa/\?hex=",  # a tap on the planning map, followed without htmx
    ):
        assert any(re.search(pattern, url) for url in urls), (pattern, urls)


@pytest.mark.django_db
def test_every_page_carries_the_content_security_policy(demo_pages: DemoPages) -> None:
    policy = content_security_policy()
    without = [demo_pages.shown(p.url) for p in demo_pages.pages if p.policy != policy]
    assert without == [], f"{len(without)} of {len(demo_pages.pages)} pages without the policy"


@pytest.mark.django_db
def test_no_page_holds_inline_script(demo_pages: DemoPages) -> None:
    """As rendered: Django admin's own templates and the markup Python writes (the maps' SVG, the
    admin's columns) too, which the template scan (tests/test_templates.py) does not read."""
    found = [
        f"{demo_pages.shown(p.url)} {what}"
        for p in demo_pages.pages
        for what in inline_scripts_in_html(p.body.decode("utf-8"))
    ]
    assert found == [], "\n".join(found)


#: Starts axe on the page; its promise waits in ``window.zoAxe`` (two tabs check at once).
AXE_START = """() => { window.zoAxe = axe.run(document, {resultTypes: ['violations']}).then(result =>
  result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)})));
}"""


def axe_pages(pages: list[Page]) -> list[Page]:
    """Each page once for axe, in Czech (the English page of the same shape has the same markup; vnu
    checks both): axe takes a second a page on the camp laptop."""
    czech = {check_shape(p.url) for p in pages if not p.url.startswith("/en/")}
    return [p for p in pages if not p.url.startswith("/en/") or check_shape(p.url[3:]) not in czech]


# Transactional: no transaction of the test's own holds SQLite's write lock while the browser's
# requests run on other connections. It flushes the database at its end: the tests after it in
# this module need none.
@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed")
@pytest.mark.skipif(not AXE_JS.exists(), reason=f"axe-core is not installed: {NOT_INSTALLED}")
def test_no_page_has_a_serious_accessibility_violation(demo_pages: DemoPages, browser: Any) -> None:
    bodies = {p.url: p.body for p in demo_pages.pages}
    static: dict[str, tuple[int, bytes, str]] = {}

    def static_file(path: str) -> tuple[int, bytes, str]:
        if path not in static:
            found = finders.find(path.split("/", 2)[2])
            kind = (mimetypes.guess_type(found)[0] if found else None) or "application/octet-stream"
            static[path] = (200, Path(found).read_bytes(), kind) if found else (404, b"", "text/plain")
        return static[path]

    def answer(route: Any) -> None:
        """The browser's every request, answered by the Django test client (static files by the
        finders, the crawled pages from memory)."""
        request = route.request
        parts = urlsplit(request.url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if parts.path.startswith("/" + settings.STATIC_URL.strip("/") + "/"):
            status, body, kind = static_file(parts.path)
            route.fulfill(status=status, body=body, content_type=kind)
            return
        if request.method == "GET" and path in bodies:
            route.fulfill(status=200, body=bodies[path], content_type="text/html; charset=utf-8")
            return
        client = demo_pages.public if is_public(parts.path) else demo_pages.staff
        headers = {k: v for k, v in request.headers.items() if k.lower().startswith("hx-")}
        response = client.generic(
            request.method,
            path,
            request.post_data_buffer or b"",
            content_type=request.headers.get("content-type", "application/octet-stream"),
            headers=headers,
        )
        content = b"".join(response.streaming_content) if response.streaming else response.content
        route.fulfill(
            status=response.status_code,
            body=content,
            headers={k: v for k, v in response.items() if k.lower() != "content-length"},
        )

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.route("**/*", answer)
    context.add_init_script(path=str(AXE_JS))
    tabs = [context.new_page(), context.new_page()]
    checked = axe_pages(demo_pages.pages)
    problems = []

    def collect(tab: Any, page: Page) -> None:
        for violation in tab.evaluate("() => window.zoAxe"):
            problems.append(
                f"{demo_pages.shown(page.url)}: {violation['impact']} {violation['id']} "
                f"({violation['help']})\n    " + "\n    ".join(violation["nodes"])
            )

    running: list[tuple[Any, Page]] = []
    for number, page in enumerate(checked):
        tab = tabs[number % 2]
        if len(running) == 2:  # this tab's previous page first
            collect(*running.pop(0))
        tab.goto("http://testserver" + page.url, wait_until="load")
        tab.evaluate(AXE_START)
        running.append((tab, page))
    for tab, page in running:
        collect(tab, page)
    context.close()
    problems = [p for p in problems if not known(p, KNOWN_AXE)]
    assert not problems, f"{len(problems)} axe violations in {len(checked)} pages:\n" + "\n".join(problems)


# After axe: vnu has been checking the same pages meanwhile.
@pytest.mark.django_db
@pytest.mark.skipif(JAVA is None, reason="no Java runtime (apt-get install default-jre-headless)")
@pytest.mark.skipif(not VNU_JAR.exists(), reason=f"vnu-jar is not installed: {NOT_INSTALLED}")
def test_every_page_is_valid_html(demo_pages: DemoPages) -> None:
    assert demo_pages.vnu is not None
    demo_pages.vnu.wait(timeout=600)
    report = json.loads((demo_pages.folder / "vnu.json").read_text(encoding="utf-8"))
    errors = []
    for message in report["messages"]:
        if message["type"] not in ("error", "non-document-error"):
            continue
        number = int(Path(urlsplit(message["url"]).path).stem)
        url = demo_pages.shown(demo_pages.pages[number].url)
        errors.append(f"{url} line {message.get('lastLine')}: {message['message']}")
    errors = [e for e in errors if not known(e, KNOWN_VNU)]
    assert not errors, f"{len(errors)} vnu errors in {len(demo_pages.pages)} pages:\n" + "\n".join(errors)
