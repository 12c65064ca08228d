"""Server time of the round pages on a camp with 15 rounds played (target: p95 under 100 ms each).

A temporary SQLite database gets the schema and a camp whose rounds 1 … 15 are played with the
demo's planner (``games.islands.demo.demo_play``), round 16 open for orders. Then the
Django test client times, for each team in turn: the order-entry page, its htmx live check (a
typed route), a map click (htmx), and the resolve preview; then the printed sheets (all teams'
PDF, the staff master sheet; target p95 under 1 s). Nothing is written by these requests.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

REPEATS = 40
TARGET_MS = 100.0
PRINT_TARGET_MS = 1000.0  # a PDF is printed once an evening, not clicked through
ROUNDS = 15


def _setup_django(db_path: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "camp.settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_TESTING", "1")  # a development key and the test client's host
    import django
    from django.conf import settings

    if settings.configured and str(settings.DATABASES["default"]["NAME"]) != str(db_path):
        raise RuntimeError("Django is already set up with another database: run this benchmark alone")
    django.setup()


def _timed(call: Callable[[], object], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return times


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    warnings.filterwarnings("ignore", message="No directory at")  # WhiteNoise: no collectstatic here
    with tempfile.TemporaryDirectory(prefix="zo-bench-") as tmp:
        _setup_django(Path(tmp) / "bench.sqlite3")
        from django.contrib.auth import get_user_model
        from django.core.management import call_command
        from django.test import Client
        from django.urls import reverse

        from camp import services as camp_services
        from camp.models import Round
        from games.islands import selectors
        from games.islands.demo import demo_play
        from games.islands.engine.hexes import CZECH_DIRECTIONS

        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        camp = camp_services.camp_create(name="Benchmark", year=2026, board_side=9)
        teams = [
            camp_services.team_create(camp=camp, name=name, colour=colour)
            for name, colour in (("Červení", "#c0392b"), ("Modří", "#2471a3"), ("Zelení", "#229954"))
        ]
        demo_play(camp, rounds=ROUNDS, open_next=True)
        round_ = Round.objects.get(camp=camp, number=ROUNDS + 1)
        print(f"camp with {ROUNDS} rounds played in {time.perf_counter() - started:.1f} s")

        user = get_user_model().objects.create_superuser("bench", "bench@example.com", "bench-bench-123")
        client = Client()
        client.force_login(user)
        state = selectors.game_state(camp, round=round_)
        g = state.geometry

        requests: dict[str, list[Callable[[], object]]] = {
            "orders": [],
            "check": [],
            "click": [],
            "preview": [],
        }
        for team in teams:
            page = reverse("admin:islands_round_orders", args=[round_.pk, team.pk])
            t = state.team(team.name)
            data = {"build_cargo": "0", "build_battleship": "0", "harbor": "", "fire": ""}
            click_hex = "A1"
            for ship in t.ships:
                start = t.harbor if ship.at is None else ship.at
                steps = [d for d in ("N", "NE", "SE", "S", "SW", "NW") if g.on_board(start.step(d))]
                if ship.may_move and steps:
                    data[f"route-{ship.id}"] = CZECH_DIRECTIONS[steps[0]]
                    data["mode"] = ship.id
                    click_hex = g.label(start.step(steps[0]))
                else:
                    data[f"route-{ship.id}"] = ""

            def get(page: str = page) -> None:
                assert client.get(page).status_code == 200

            def check(page: str = page, data: dict[str, str] = data) -> None:
                assert client.post(page, data, HTTP_HX_REQUEST="true").status_code == 200

            def click(page: str = page, data: dict[str, str] = data, hex_: str = click_hex) -> None:
                assert client.get(page, {**data, "hex": hex_}, HTTP_HX_REQUEST="true").status_code == 200

            requests["orders"].append(get)
            requests["check"].append(check)
            requests["click"].append(click)
        preview = reverse("admin:islands_round_resolve", args=[round_.pk])
        requests["preview"].append(lambda: client.get(preview))
        # The printed sheets (a PDF of every team's two pages; the staff master sheet).
        for name in ("sheets", "master"):
            pdf_url = reverse(f"admin:islands_round_{name}", args=[round_.pk])

            def pdf(pdf_url: str = pdf_url) -> None:
                response = client.get(pdf_url)
                assert response.status_code == 200 and response["Content-Type"] == "application/pdf"

            requests[name] = [pdf]

        print(f"{'page':<10} {'median ms':>10} {'p95 ms':>8}  target p95 < {TARGET_MS:.0f} ms")
        for name, calls in requests.items():
            for call in calls:  # warm up (template loading, first queries)
                call()
            times: list[float] = []
            for call in calls:
                times += _timed(call, REPEATS // len(calls) + 1)
            p95 = _p95(times)
            target = PRINT_TARGET_MS if name in ("sheets", "master") else TARGET_MS
            flag = "ok" if p95 < target else f"SLOW (target {target:.0f} ms)"
            print(f"{name:<10} {statistics.median(times):>10.1f} {p95:>8.1f}  {flag}")
