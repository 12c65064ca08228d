"""The demo camp: the fixture ``make run`` loads, and the deterministic builder that generates it.

``fixtures/demo_camp.json`` holds every row of the demo, literally: the camp run, its teams, rounds,
mini-games and placements, round 3's game of Batavia (played by bots), the islands board set-up,
hexes, harbors, ships, orders and round results, rounds 1-3 closed and round 4 open for orders.

- ``manage.py demo_setup`` (``make run``) runs :data:`DEMO_SETUP_STEPS`: it loads that fixture into
  an empty database (never over real data) and gives every Batavia seat a fresh private link.
  Nothing is built at run time.
- ``manage.py demo_fixture`` generates the fixture: it runs :func:`build_demo` (the steps of
  :data:`DEMO_BUILD_STEPS`, through the real services and engines) in a throwaway database and writes
  :func:`serialize_demo`'s rows. ``--check`` only compares, and a test fails when the committed
  fixture is not what the builder makes now (after a change of an engine or of the demo planner):
  then run ``manage.py demo_fixture`` and commit the file.

The builder starts from ``fixtures/demo_base.json`` (hand-written: camp run, teams, rounds 1-3 with
their mini-games, the placements of rounds 1-2). Every step is a function ``step(*, out) -> None``
named by its dotted path, so each game app adds its own: Batavia plays the demo camp's rainy-day
round 3 with bots (its ranking becomes the round's placements), then the islands app deals the board
and plays rounds 1-3 with those placements. The build is deterministic (every random draw derives
from the camp's seed); the fixture's date-times are all :data:`DEMO_MOMENT` and the cleaners of
:data:`DEMO_FIXTURE_CLEANERS` replace secrets (Batavia's link tokens) by placeholders, so the same
build gives the same file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management import call_command
from django.db import models
from django.utils.module_loading import import_string

from camp.errors import CampError
from camp.models import Camp, Round, RoundStatus

#: The generated fixture (every row of the demo) that ``demo_setup`` loads.
DEMO_FIXTURE = "demo_camp"
#: The hand-written start of the demo, the builder's input.
DEMO_BASE_FIXTURE = "demo_base"
#: The demo camp as the fixtures load it: the steps touch only this camp, never a real one.
DEMO_CAMP_NAME = "Letní tábor techniků – 1. běh"
DEMO_CAMP_SEED = 4151990316782215021
#: The apps whose rows make the demo (all of them go into the fixture; auth, sessions, admin never).
DEMO_APPS: tuple[str, ...] = ("camp", "islands", "batavia")
#: Every date-time in the fixture (the demo camp's creation, in the hand-written base too).
DEMO_MOMENT = "2026-07-04T18:00:00Z"
#: The fixture is indented, but a value that fits in this many characters stays on one line.
FIXTURE_WIDTH = 140

#: What ``manage.py demo_fixture`` builds, in order (each step is idempotent).
DEMO_BUILD_STEPS: list[str] = [
    "camp.demo.load_demo_base",
    "games.batavia.demo.play_demo_game",
    "games.islands.demo.play_demo_rounds",
]
#: What ``manage.py demo_setup`` (``make run``) does, in order (each step is idempotent).
DEMO_SETUP_STEPS: list[str] = [
    "camp.demo.load_demo_camp",
    "games.batavia.demo.renew_demo_links",
]
#: Functions ``clean(rows) -> None`` that change the serialized rows in place before they are
#: written (e.g. secrets become placeholders that the set-up steps replace after loading).
DEMO_FIXTURE_CLEANERS: list[str] = [
    "games.batavia.demo.hide_links",
    "camp.demo.drop_public_versions",
]

Out = Callable[[str], None]
Row = dict[str, Any]


class DemoError(CampError):
    """The demo cannot be built or serialized here (the message says why)."""


def demo_fixture_path() -> Path:
    return Path(settings.BASE_DIR) / "fixtures" / f"{DEMO_FIXTURE}.json"


# ------------------------------------------------------------------------------ set-up (make run)


def load_demo_camp(*, out: Out, base_url: str = "") -> None:
    """``demo_setup`` step: load the demo fixture, but only into an empty database (never over real
    data)."""
    if Camp.objects.exists():
        out("Camp runs exist already: demo camp not loaded.")
        return
    call_command("loaddata", DEMO_FIXTURE, verbosity=0)
    camp = demo_camp()
    rounds = Round.objects.filter(camp=camp)
    closed = rounds.filter(status=RoundStatus.CLOSED).count()
    open_numbers = list(rounds.filter(status=RoundStatus.ORDERS_OPEN).values_list("number", flat=True))
    opened = "".join(f", round {n} open for orders" for n in open_numbers)
    out(f"Loaded the demo camp: {camp}: {closed} rounds played{opened}.")


def run_demo_setup(*, out: Out, base_url: str = "") -> None:
    """Every step of :data:`DEMO_SETUP_STEPS` (``base_url``: where the server listens, for the links
    a step prints)."""
    for dotted in DEMO_SETUP_STEPS:
        import_string(dotted)(out=out, base_url=base_url)


def demo_camp() -> Camp | None:
    """The demo camp as the fixtures load it (same name and seed), or None."""
    return Camp.objects.filter(name=DEMO_CAMP_NAME, seed=DEMO_CAMP_SEED).first()


# ------------------------------------------------------------------------- the builder (generator)


def load_demo_base(*, out: Out) -> None:
    """Build step: the hand-written start of the demo (camp run, teams, rounds 1-3), only into an
    empty database."""
    if Camp.objects.exists():
        out("Camp runs exist already: demo base not loaded.")
        return
    call_command("loaddata", DEMO_BASE_FIXTURE, verbosity=0)
    out(f"Loaded the demo base: {Camp.objects.first()}.")


def demo_models() -> list[type[models.Model]]:
    """The models of :data:`DEMO_APPS`, each after the models it refers to (as ``dumpdata`` orders)."""
    app_list = [(apps.get_app_config(label), None) for label in DEMO_APPS]
    return serializers.sort_dependencies(app_list)  # type: ignore[arg-type]


def build_demo(*, out: Out) -> None:
    """Run :data:`DEMO_BUILD_STEPS` in this database, which must hold no row of the demo's apps
    (the fixture is every row there is)."""
    filled = [m._meta.label for m in demo_models() if m._base_manager.exists()]
    if filled:
        raise DemoError(
            "The demo is built only in an empty database (the fixture is every row of "
            f"{', '.join(DEMO_APPS)}), but this one has rows of {', '.join(filled)}."
        )
    for dotted in DEMO_BUILD_STEPS:
        import_string(dotted)(out=out)


def serialize_demo() -> list[Row]:
    """Every row of :data:`DEMO_APPS` in ``dumpdata`` form, models in dependency order, rows by
    primary key; date-times set to :data:`DEMO_MOMENT`, then :data:`DEMO_FIXTURE_CLEANERS` applied."""
    rows: list[Row] = []
    for model in demo_models():
        queryset = model._base_manager.order_by("pk")
        model_rows: list[Row] = json.loads(serializers.serialize("json", queryset))
        outside = [
            f.name
            for f in model._meta.concrete_fields
            if f.is_relation and f.related_model._meta.app_label not in DEMO_APPS  # type: ignore[union-attr]
        ]
        moments = [f.name for f in model._meta.concrete_fields if isinstance(f, models.DateTimeField)]
        for row in model_rows:
            fields = row["fields"]
            for name in outside:
                if fields.get(name) is not None:
                    raise DemoError(
                        f"{row['model']} {row['pk']}: {name} refers to a row outside the demo's apps "
                        f"({', '.join(DEMO_APPS)}), which the fixture does not hold."
                    )
            for name in moments:
                if fields.get(name) is not None:
                    fields[name] = DEMO_MOMENT
        rows.extend(model_rows)
    for dotted in DEMO_FIXTURE_CLEANERS:
        import_string(dotted)(rows)
    return rows


def drop_public_versions(rows: list[Row]) -> None:
    """Camp runs without their random public version: loading the fixture draws a new one."""
    for row in rows:
        if row["model"] == "camp.camp":
            row["fields"].pop("public_version", None)


def fixture_text(rows: list[Row]) -> str:
    """The fixture file: indented JSON (a value that fits in :data:`FIXTURE_WIDTH` stays on one
    line), keys in model order, so that a change of the demo is a small diff."""
    return _dumps(rows, indent=0, used=0) + "\n"


def _dumps(value: Any, *, indent: int, used: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value or indent + used + len(flat) <= FIXTURE_WIDTH:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            name = json.dumps(key, ensure_ascii=False) + ": "
            items.append(pad + name + _dumps(item, indent=indent + 2, used=len(name)))
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _dumps(item, indent=indent + 2, used=0) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def fixture_differences(committed: Any, built: list[Row]) -> list[str]:
    """How the committed fixture (parsed JSON) differs from the built rows, one line per row
    (empty: the same rows, whatever the order and formatting)."""
    if not isinstance(committed, list) or not all(
        isinstance(r, dict) and {"model", "pk", "fields"} <= r.keys() for r in committed
    ):
        return ["the committed fixture is not a list of rows (model, pk, fields)"]

    def by_key(rows: list[Row]) -> dict[tuple[str, Any], Row]:
        return {(r["model"], r["pk"]): r["fields"] for r in rows}

    old, new = by_key(committed), by_key(built)
    lines = []
    for key in sorted(old.keys() | new.keys(), key=lambda k: (k[0], str(k[1]))):
        label = f"{key[0]} pk={key[1]}"
        if key not in new:
            lines.append(f"{label}: in the committed fixture, not built any more")
        elif key not in old:
            lines.append(f"{label}: built now, missing from the committed fixture")
        elif old[key] != new[key]:
            names = sorted(n for n in old[key].keys() | new[key].keys() if old[key].get(n) != new[key].get(n))
            lines.append(f"{label}: {', '.join(names)} {'differs' if len(names) == 1 else 'differ'}")
    if not lines and len(committed) != len(built):
        lines.append("the committed fixture repeats a row")
    return lines
