"""Staff pages while the round moves under them: one thread resolves round 2 and undoes it again
through the services (as "Potvrdit" and "Vrátit" do), then resolves it, skips its telescopes and
closes it; meanwhile other threads load every page of the round (the checklist, each team's
orders with its live check and a map click, the preview, the after-page with a telescope click,
undo, the round file, the sheets, the notice board and the replay, the admin home's evening
panel). Not one answer may be a 500 or raise.

Runs on SQLite in WAL mode (production's: readers never wait for the writer, so they are read
while a resolve commits) and on PostgreSQL; bounded in cycles and in time."""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass, field

import pytest
from django.core.signals import got_request_exception
from django.db import connection
from django.test import Client
from django.urls import reverse

from camp.models import Camp, Round, RoundStatus, Team
from games.islands import demo
from games.islands.models.rounds import RoundResult, TeamOrders
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import HTMX, url

pytestmark = pytest.mark.django_db(transaction=True)

#: Resolve/undo cycles of the writer, and the most seconds they may take (a slow machine does fewer).
CYCLES = 20
SECONDS = 12.0
#: Page-loading threads (the laptop has two cores: more only queue); the first loads only the
#: order pages (quick ones, where staff are while a round is resolved), the others every page.
READERS = 3


@pytest.fixture
def round2(camp: Camp, teams: list[Team], production_journal: None) -> Round:
    """A camp whose round 1 was played and closed, round 2 open with every team's orders stored."""
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo.demo_play(camp, rounds=1, open_next=True)
    round_ = Round.objects.get(camp=camp, number=2)
    demo._orders(camp, round_)
    return round_


def round_pages(round_: Round, teams: list[Team]) -> list[tuple[str, str, dict[str, str], dict[str, str]]]:
    """(method, address, data, headers) of every page of the round, the sheets last."""
    pages: list[tuple[str, str, dict[str, str], dict[str, str]]] = [
        ("get", url("page", round_.pk), {}, {}),
        ("get", url("page", round_.pk), {}, HTMX),
    ]
    for team in teams:
        stored = TeamOrders.objects.get(round=round_, team=team)
        posted = {
            "build_cargo": str(stored.build_cargo),
            "build_battleship": str(stored.build_battleship),
            "harbor": stored.harbor,
            "fire": stored.fire,
            **{f"route-{ship}": route for ship, route in stored.routes.items()},
        }
        pages += [
            ("get", url("orders", round_.pk, team.pk), {}, {}),
            ("post", url("orders", round_.pk, team.pk), posted, HTMX),  # the live check
            ("get", url("orders", round_.pk, team.pk), {"hex": "C3"}, HTMX),  # a map click
            ("get", url("orders", round_.pk, team.pk), {"show_hidden": "1"}, HTMX),
        ]
    pages += [
        ("get", url("resolve", round_.pk), {}, {}),
        ("get", url("resolve", round_.pk), {}, HTMX),
        ("get", url("after", round_.pk), {}, {}),
        ("get", url("after", round_.pk), {"show_hidden": "1"}, {}),
        ("get", url("after", round_.pk), {"ship": "?", "hex": "C3"}, HTMX),  # a telescope's click
        ("get", url("after", round_.pk), {"ship": "?", "skip": "1"}, HTMX),
        ("get", url("undo", round_.pk), {}, {}),
        ("get", url("export", round_.pk), {}, {}),
        ("get", url("standings", round_.camp_id), {}, {}),
        ("get", reverse("islands_public:notice_board", args=[round_.camp_id]), {}, {}),
        ("get", reverse("islands_public:round_replay", args=[round_.camp_id, round_.number]), {}, {}),
        ("get", reverse("admin:index"), {}, {}),  # the evening panel
        ("get", url("sheet", round_.pk, teams[0].pk), {}, {}),
        ("get", url("master", round_.pk), {}, {}),
        ("get", url("notice", round_.pk), {}, {}),
        ("get", url("evening", round_.pk), {}, {}),
    ]
    return pages


@dataclass
class Seen:
    loads: int = 0
    loaded: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, address: str, failure: str | None) -> None:
        with self.lock:
            self.loads += 1
            self.loaded.add(address)
            if failure is not None:
                self.failures.append(failure)


def load_pages(
    client: Client,
    pages: list[tuple[str, str, dict[str, str], dict[str, str]]],
    start: int,
    stop: threading.Event,
    seen: Seen,
) -> None:
    """Load the pages round and round (each thread from another one) until ``stop``, and each of
    them at least once however slow the machine is."""
    i = start
    try:
        while not stop.is_set() or i - start < len(pages):
            method, address, data, headers = pages[i % len(pages)]
            i += 1
            try:
                response = getattr(client, method)(address, data, **headers)
            except Exception:  # the client itself (a view's error is a 500 here, kept by ``raised``)
                seen.add(address, f"{method.upper()} {address}: {traceback.format_exc(limit=-3)}")
                continue
            code = response.status_code
            seen.add(address, f"{method.upper()} {address}: {code}" if code >= 500 else None)
    finally:
        connection.close()


def cycle_the_round(round_: Round, stop: threading.Event, cycles: list[str], problems: list[str]) -> None:
    """Resolve and undo the round (the services of "Potvrdit" and "Vrátit") until ``CYCLES`` or
    ``SECONDS``; then resolve it, skip its telescopes and close it."""
    began = time.monotonic()
    try:
        while len(cycles) < CYCLES and time.monotonic() - began < SECONDS:
            round_services.round_resolve(round=Round.objects.get(pk=round_.pk))
            time.sleep(0.05)
            round_services.round_undo(round=Round.objects.get(pk=round_.pk))
            cycles.append("resolve+undo")
            time.sleep(0.05)
        round_services.round_resolve(round=Round.objects.get(pk=round_.pk))
        for ship in RoundResult.objects.get(round=round_).pending_telescopes:
            round_services.telescope_skip(round=Round.objects.get(pk=round_.pk), ship=ship)
        round_services.round_close(round=Round.objects.get(pk=round_.pk))
        cycles.append("close")
        time.sleep(0.5)  # the pages of the closed round, read while the readers still run
    except Exception:
        problems.append(traceback.format_exc())
    finally:
        stop.set()
        connection.close()


def test_no_page_of_the_round_fails_while_it_is_resolved_undone_and_closed(
    round2: Round, teams: list[Team], staff: object
) -> None:
    pages = round_pages(round2, teams)
    clients = []
    for _ in range(READERS):
        # A view's exception is answered 500 and kept by ``raised``: the test client's own record of it
        # is one for all threads (a signal), so it would blame the wrong thread's page.
        client = Client(raise_request_exception=False)
        client.force_login(staff)  # type: ignore[arg-type]
        clients.append(client)
    raised: list[str] = []

    def keep(sender: object, request: object = None, **kwargs: object) -> None:
        where = f"{getattr(request, 'method', '?')} {getattr(request, 'path', '?')}"
        raised.append(f"{where}: {traceback.format_exc(limit=-3)}")

    got_request_exception.connect(keep, dispatch_uid="test-races")
    stop = threading.Event()
    seen, cycles, problems = Seen(), [], []  # type: ignore[var-annotated]
    order_pages = [p for p in pages if "/orders/" in p[1]]
    readers = [
        threading.Thread(
            target=load_pages,
            args=(client, order_pages if n == 0 else pages, n * len(pages) // READERS, stop, seen),
        )
        for n, client in enumerate(clients)
    ]
    writer = threading.Thread(target=cycle_the_round, args=(round2, stop, cycles, problems))
    for thread in readers:
        thread.start()
    writer.start()
    writer.join(SECONDS + 60)
    stop.set()
    for thread in readers:
        thread.join(60)
    got_request_exception.disconnect(dispatch_uid="test-races")

    assert not problems, problems[0]
    assert cycles[-1] == "close" and len(cycles) >= 3, cycles  # the round really moved under the pages
    assert seen.loaded == {address for _method, address, _data, _headers in pages}
    assert not seen.failures and not raised, (
        f"{len(seen.failures)} of {seen.loads} loads failed, {len(raised)} raised:\n"
        + "\n".join(seen.failures[:5] + raised[:5])
    )
    round2.refresh_from_db()
    assert round2.status == RoundStatus.CLOSED
