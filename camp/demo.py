"""The demo set-up that ``manage.py demo_setup`` (and so ``make run``) performs.

``DEMO_STEPS`` is the one place listing what the demo consists of, in order: dotted paths of
functions ``step(*, out: Callable[[str], None]) -> None``. Every step must be idempotent (running
``demo_setup`` again changes nothing). Another app adds its own step here: Batavia plays the demo
camp's rainy-day round 3 with bots (its ranking becomes the round's placements), then the islands
app plays rounds 1-3 with those placements.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.management import call_command
from django.utils.module_loading import import_string

from camp.models import Camp

DEMO_FIXTURES: list[str] = ["demo_camp"]
#: The demo camp as the fixture loads it: the steps touch only this camp, never a real one.
DEMO_CAMP_NAME = "Letní tábor techniků – 1. běh"
DEMO_CAMP_SEED = 4151990316782215021

DEMO_STEPS: list[str] = [
    "camp.demo.load_demo_camp",
    "games.batavia.demo.play_demo_game",
    "games.islands.demo.play_demo_rounds",
]

Out = Callable[[str], None]


def load_demo_camp(*, out: Out) -> None:
    """Load the demo camp run, but only into an empty database (never over real data)."""
    if Camp.objects.exists():
        out("Camp runs exist already: demo camp not loaded.")
        return
    for fixture in DEMO_FIXTURES:
        call_command("loaddata", fixture, verbosity=0)
    out(f"Loaded the demo camp: {Camp.objects.first()}.")


def demo_camp() -> Camp | None:
    """The demo camp as the fixture loads it (same name and seed), or None."""
    return Camp.objects.filter(name=DEMO_CAMP_NAME, seed=DEMO_CAMP_SEED).first()


def run_demo_steps(*, out: Out) -> None:
    for dotted in DEMO_STEPS:
        import_string(dotted)(out=out)
