"""Each staff role against every staff page, download and token (issue 31, item 6).

The robustness world (:mod:`tests.robustness_world`: the demo camp played, a round resolved, Batavia
in play and on the real board, a small camp with a round open, team links on) is crawled as each
of the three roles (docs/staff-guide.md, "Role vedoucích") and as the login the audit found leaking,
one with every ``view_*`` permission: every staff URL, filled with the world's ids. Then:

- no page answers 500, and what each login opens is what its role says: the backups only for the
  head leader, the seed not for a leader, nothing of the games for a helper;
- no page or download a login opens carries a secret its role may not see: the teams' tokens (the
  islands links and the Batavia seats) and the camp runs' seeds, as text;
- a token also hides in a QR code (a page's picture, a PDF): every page such a login opens is byte
  for byte the same after every token has been drawn again.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import translation

from camp.models import Camp
from camp.staff.permissions import HEAD, HELPER, LEADER, Role
from camp.staff.roles import role_name
from games.batavia.models import BataviaSeat
from games.islands.models.links import TeamLink
from tests.games.batavia.test_secrecy import normalise
from tests.robustness_world import World, all_routes, build, build_world, valid_fills

ROUTES = [
    route for route in all_routes() if route.admin and route.name not in ("admin:login", "admin:logout")
]
#: Every login crawled: the three roles, and every ``view_*`` permission without a role.
LOGINS = ("head", "leader", "helper", "viewer")
ROLE_OF: dict[str, Role] = {"head": HEAD, "leader": LEADER, "helper": HELPER}
#: Who may see what (docs/staff-guide.md): the team links, the seed, the backups, the games' pages.
MAY_SEE_LINKS = {"head", "leader"}
MAY_SEE_SEED = {"head"}
#: The downloads of the camp's secrets: the camp export, a round file, the snapshots' page.
BACKUP_ROUTES = ("admin:camp_camp_backup", "admin:islands_round_export", "admin:camp_camp_backups")


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    with django_db_blocker.unblock(), translation.override(settings.LANGUAGE_CODE):
        with transaction.atomic():
            built = build_world()
            yield built
            transaction.set_rollback(True)


def login(kind: str) -> Client:
    user = get_user_model().objects.create_user(kind, f"{kind}@example.org", "heslo-heslo-123", is_staff=True)
    if kind == "viewer":
        user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    else:
        user.groups.add(Group.objects.get(name=role_name(ROLE_OF[kind])))
    client = Client()
    client.force_login(user)
    return client


def body(response: HttpResponse) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content  # type: ignore[attr-defined]


def crawl(client: Client, world: World) -> tuple[dict[str, bytes], dict[str, int]]:
    """Every staff URL (two sets of the world's ids each): the bodies of those that open (200), and
    the status of each, by path."""
    opened: dict[str, bytes] = {}
    statuses: dict[str, int] = {}
    for route in ROUTES:
        for values in valid_fills(route, world)[:2]:
            path = build(route, values)
            response = client.get(path)
            assert response.status_code in (200, 204, 302, 403, 404, 405), (path, response.status_code)
            statuses[path] = response.status_code
            if response.status_code == 200:
                opened[path] = body(response)
    return opened, statuses


def tokens() -> set[str]:
    return set(TeamLink.objects.values_list("token", flat=True)) | set(
        BataviaSeat.objects.values_list("token", flat=True)
    )


def seeds() -> set[str]:
    return {str(seed) for seed in Camp.objects.values_list("seed", flat=True)}


def carrying(opened: dict[str, bytes], words: set[str]) -> list[str]:
    return sorted(path for path, content in opened.items() if any(word.encode() in content for word in words))


def route_paths(world: World, name: str) -> list[str]:
    (route,) = [route for route in ROUTES if route.name == name]
    return [build(route, values) for values in valid_fills(route, world)[:2]]


@pytest.mark.parametrize("kind", LOGINS)
def test_each_role_opens_what_it_may_and_no_page_carries_a_secret_it_may_not_see(
    kind: str, world: World, db: None
) -> None:
    opened, statuses = crawl(login(kind), world)
    with_tokens = carrying(opened, tokens())
    with_seed = carrying(opened, seeds())
    if kind in MAY_SEE_LINKS:  # the team links page shows them: the scan finds what is there
        assert reverse("admin:islands_teamlink_camp", args=[world.demo.pk]) in with_tokens
    else:
        assert with_tokens == []
    if kind in MAY_SEE_SEED:
        assert reverse("admin:camp_camp_change", args=[world.demo.pk]) in with_seed
    else:
        assert with_seed == []
    backups = [path for name in BACKUP_ROUTES for path in route_paths(world, name)]
    if kind == "head":
        assert all(statuses[path] == 200 for path in backups), {p: statuses[p] for p in backups}
    else:
        assert not any(path in opened for path in backups), [p for p in backups if p in opened]
    games = sorted(path for path in opened if path.startswith(("/admin/islands/", "/admin/batavia/")))
    if kind == "helper":  # nothing of the games: no hidden board, no hand, no link
        assert games == []
        placements = route_paths(world, "admin:camp_round_placements")
        assert [statuses[path] for path in placements] == [200, 200]  # what a helper is for
    else:
        assert len(games) > 10


@pytest.mark.parametrize("kind", sorted(set(LOGINS) - MAY_SEE_LINKS))
def test_no_page_of_a_login_without_the_links_changes_when_every_token_is_drawn_again(
    kind: str, world: World, db: None
) -> None:
    """A token in a QR code (a page's picture, a PDF's sheet) is not text: the pages are compared."""
    client = login(kind)
    before, _statuses = crawl(client, world)
    old = tokens()
    for link in TeamLink.objects.all():
        TeamLink.objects.filter(pk=link.pk).update(token=secrets.token_urlsafe(32))
    for seat in BataviaSeat.objects.all():
        BataviaSeat.objects.filter(pk=seat.pk).update(token=secrets.token_urlsafe(32))
    assert tokens().isdisjoint(old)
    after, _statuses = crawl(client, world)
    assert after.keys() == before.keys()
    changed = [
        path
        for path in before
        if normalise(before[path].decode("latin-1")) != normalise(after[path].decode("latin-1"))
    ]
    assert changed == []
