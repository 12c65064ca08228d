"""The demo set-up that ``manage.py demo_setup`` (and so ``make run``) performs.

``DEMO_STEPS`` is the one place listing what the demo consists of, in order: dotted paths of
functions ``step(*, out: Callable[[str], None]) -> None``. Every step must be idempotent (running
``demo_setup`` again changes nothing). Another app adds its own step here, e.g. the islands app
will append ``"games.islands.demo.generate_board"`` to give the demo camp a board.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.management import call_command
from django.utils.module_loading import import_string

from camp.models import Camp

DEMO_FIXTURES: list[str] = ["demo_camp"]

DEMO_STEPS: list[str] = [
    "camp.demo.load_demo_camp",
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


def run_demo_steps(*, out: Out) -> None:
    for dotted in DEMO_STEPS:
        import_string(dotted)(out=out)
