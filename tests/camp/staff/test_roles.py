"""The staff's roles (issue 31, item 6; docs/staff-guide.md, "Role vedoucích"): three Django groups
named in Czech, each with exactly its role's permissions, kept up to date after every migrate; and
the camp's secrets behind permissions of their own, so that a login with view permissions alone
reads no team's token, no seed and no backup."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group, Permission
from django.core.management import call_command

from camp.staff.permissions import CAMP_PERMISSIONS, HEAD, HELPER, LEADER, ROLES
from camp.staff.roles import role_name, role_permissions, roles_sync


def _names(permissions: Any) -> set[str]:
    return {f"{p.content_type.app_label}.{p.codename}" for p in permissions.select_related("content_type")}


def _perms(group: Group) -> set[str]:
    return _names(group.permissions)


# ------------------------------------------------------------------------------------ the groups


def test_the_three_roles_are_groups_named_in_czech(db: None) -> None:
    names = {role_name(role) for role in ROLES}
    assert names == {"Hlavní vedoucí", "Vedoucí", "Pomocník"}
    assert names <= set(Group.objects.values_list("name", flat=True))  # made by the test database's migrate


def test_each_group_has_exactly_its_roles_permissions(db: None) -> None:
    for role in ROLES:
        group = Group.objects.get(name=role_name(role))
        assert _perms(group) == {f"{p.content_type.app_label}.{p.codename}" for p in role_permissions(role)}
    head = _perms(Group.objects.get(name=role_name(HEAD)))
    every = _names(Permission.objects.filter(content_type__app_label__in=HEAD.apps))
    assert head == every and {f"camp.{codename}" for codename, _name in CAMP_PERMISSIONS} <= head
    assert "auth.change_user" in head  # the head gives the roles


def test_the_secrets_are_the_head_s_and_the_links_the_leader_s_too(db: None) -> None:
    secrets = {f"camp.{codename}" for codename, _name in CAMP_PERMISSIONS}
    leader = _perms(Group.objects.get(name=role_name(LEADER)))
    helper = _perms(Group.objects.get(name=role_name(HELPER)))
    assert secrets & leader == {"camp.see_team_links"}
    assert secrets & helper == set()
    assert not any(p.startswith(("islands.", "batavia.", "auth.")) for p in helper)
    assert "camp.change_round" in helper  # the placements page
    assert "islands.change_teamorders" in leader and "islands.change_boardhex" not in leader
    assert not any(p.startswith("auth.") or p == "camp.delete_camp" for p in leader)


def test_no_secret_permission_is_a_view_permission(db: None) -> None:
    """ "Every view_* permission" (a common way to make a read-only login) must not include a secret."""
    assert not any(codename.startswith("view_") for codename, _name in CAMP_PERMISSIONS)


def test_the_roles_come_back_as_defined_after_a_migrate(db: None) -> None:
    helper = Group.objects.get(name=role_name(HELPER))
    helper.permissions.add(Permission.objects.get(codename="export_camp"))
    Group.objects.filter(name=role_name(LEADER)).delete()
    call_command("migrate", verbosity=0)
    assert "camp.export_camp" not in _perms(Group.objects.get(name=role_name(HELPER)))
    assert Group.objects.filter(name=role_name(LEADER)).count() == 1
    before = sorted(Group.objects.values_list("name", "permissions"))
    roles_sync()
    assert sorted(Group.objects.values_list("name", "permissions")) == before
