"""The staff's three roles as Django groups (:data:`camp.staff.permissions.ROLES`), kept up to date after
every ``migrate``: a fresh database, the demo's, the tests' and a camp's at its next start
(``make camp`` migrates) all have them, each with exactly its role's permissions.

Not a data migration: Django creates the permissions after the migrations (in ``post_migrate``),
so on a fresh database a migration would find none of them. A change made by hand to a role's
permissions is undone at the next start; a camp that wants another mix makes a group of its own.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps as global_apps
from django.conf import settings
from django.contrib.auth.management import create_permissions
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.management import create_contenttypes
from django.db import DEFAULT_DB_ALIAS, router, transaction
from django.db.models import Q
from django.utils import translation

from camp.staff.permissions import ROLES, Role


def role_name(role: Role) -> str:
    """The group's name: the role's name in the camp's language (Czech: "Pomocník")."""
    with translation.override(settings.LANGUAGE_CODE):
        return str(role.name)


def role_permissions(role: Role, *, using: str = DEFAULT_DB_ALIAS) -> list[Permission]:
    """The permissions of ``role``; a name that names no permission is an error (a typo, or a
    model renamed), never a role silently smaller than documented."""
    query = Q(content_type__app_label__in=role.apps)
    for name in role.permissions:
        app_label, codename = name.split(".", 1)
        query |= Q(content_type__app_label=app_label, codename=codename)
    found = list(Permission.objects.using(using).filter(query).select_related("content_type"))
    names = {f"{p.content_type.app_label}.{p.codename}" for p in found}
    missing = sorted(set(role.permissions) - names)
    if missing:
        raise LookupError(f"The role {role_name(role)!r} names permissions that do not exist: {missing}")
    return found


@transaction.atomic
def roles_sync(*, using: str = DEFAULT_DB_ALIAS) -> list[Group]:
    """Each role's group, created if missing, with exactly the role's permissions."""
    groups = []
    for role in ROLES:
        group, _created = Group.objects.using(using).get_or_create(name=role_name(role))
        group.permissions.set(role_permissions(role, using=using))
        groups.append(group)
    return groups


def roles_after_migrate(sender: Any, *, using: str = DEFAULT_DB_ALIAS, **kwargs: Any) -> None:
    """``post_migrate`` of the camp app (the first app, so before the other apps' permissions are
    made): every app's content types and permissions first (Django's own, idempotent), then the
    roles."""
    if not router.allow_migrate_model(using, Group):
        return
    for config in global_apps.get_app_configs():
        create_contenttypes(config, verbosity=0, using=using)
        create_permissions(config, verbosity=0, using=using)
    roles_sync(using=using)
