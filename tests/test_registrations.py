"""Functions named by a dotted string instead of imported: the games' steps, guards and backup parts
(registered in their ``AppConfig.ready`` through :func:`camp.hooks.lazy.lazy_function`, so start-up stays
light and the camp imports no game), the demo's steps, and the settings' callables. The import
linter cannot see them, so each is resolved here: a renamed or moved function fails this test
instead of a camp evening."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils.module_loading import import_string

from camp import demo
from camp.hooks import lazy

#: Taken when the module is collected: the apps' ``ready()`` has run by then (pytest-django).
REGISTERED = list(lazy.NAMED)
DEMO_STEPS = [*demo.DEMO_BUILD_STEPS, *demo.DEMO_SETUP_STEPS, *demo.DEMO_FIXTURE_CLEANERS]
SETTINGS_CALLABLES = sorted(
    value
    for name in dir(settings)
    if name.endswith("_CALLABLE") and isinstance(value := getattr(settings, name), str)
)


def test_both_games_register_functions_by_name() -> None:
    games = {module.split(".")[1] for module, _name in REGISTERED if module.startswith("games.")}
    assert games == {"islands", "batavia"}
    assert ("games.islands.guards", "team_add_guard") in REGISTERED


@pytest.mark.parametrize(("module", "name"), REGISTERED, ids=[f"{m}.{n}" for m, n in REGISTERED])
def test_each_registration_resolves_to_a_function(module: str, name: str) -> None:
    assert callable(lazy.named_function(module, name))


@pytest.mark.parametrize("dotted", DEMO_STEPS)
def test_each_demo_step_resolves_to_a_function(dotted: str) -> None:
    assert callable(import_string(dotted))


def test_the_settings_name_their_login_callables() -> None:
    assert SETTINGS_CALLABLES == [
        "camp.staff.logins.client_address",
        "camp.staff.logins.locked_out",
        "camp.staff.logins.login_username",
    ]
    for dotted in SETTINGS_CALLABLES:
        assert callable(import_string(dotted)), dotted


def test_a_misspelt_name_does_not_resolve() -> None:
    """What the tests above would report for a renamed function."""
    with pytest.raises(AttributeError):
        lazy.named_function("games.islands.guards", "team_add_guards")
    with pytest.raises(ModuleNotFoundError):
        lazy.named_function("games.islands.guard", "team_add_guard")
    with pytest.raises(ImportError):
        import_string("games.islands.demo.play_demo_round")
