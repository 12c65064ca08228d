"""The camp's public version: a random token that every write changing what the public pages show
draws anew (:attr:`camp.models.Camp.public_version`); their cached copies and ETags are keyed by it.

Its own module, light on imports, because ``CampConfig.ready`` connects the row signals at start-up
(issue 12: start-up imports neither camp's services nor its forms).
"""

from __future__ import annotations

from typing import Any

from camp.models import Camp, Placement, Round, Team, new_public_version


def public_version_bump(*, camp: Camp | int) -> None:
    """A new :attr:`Camp.public_version`: what the camp's public pages show has changed (their cached
    copies and ETags go). Call it inside the write's transaction, so the token always goes with the
    rows it describes (a snapshot of the database holds both)."""
    camp_id = camp if isinstance(camp, int) else camp.pk
    Camp.objects.filter(pk=camp_id).update(public_version=new_public_version())
    if isinstance(camp, Camp):
        camp.refresh_from_db(fields=["public_version"])


def _bump_for_row(
    sender: type[Team | Round | Placement], instance: Team | Round | Placement, **kwargs: Any
) -> None:
    camp_id = instance.camp_id if isinstance(instance, Team | Round) else instance.round.camp_id
    public_version_bump(camp=camp_id)


def public_version_watch_rows() -> None:
    """Teams, rounds and placements change the public pages however they are written (the services
    here, and the admin's own change and delete pages, which save the rows directly): each save and
    delete bumps the version (connected once, in ``CampConfig.ready``)."""
    from django.db.models.signals import post_delete, post_save

    for model in (Team, Round, Placement):
        post_save.connect(_bump_for_row, sender=model, dispatch_uid=f"public-version-{model.__name__}")
        post_delete.connect(_bump_for_row, sender=model, dispatch_uid=f"public-version-del-{model.__name__}")
