"""``manage.py demo_setup``: the demo camp and a staff login, for development (``make run``).

Idempotent: loads the demo fixture (``fixtures/demo_camp.json``) only into an empty database and
gives the demo's Batavia seats fresh private links (see ``camp.demo.DEMO_SETUP_STEPS``), and makes
sure the staff superuser ``vedouci`` exists (never part of the fixture). Refuses to run unless
``DEBUG`` is on, because it creates a user with a well-known password, and on a camp's database; it
marks the database as the demo's (``camp.models.Installation``), so its snapshots are never taken
for a camp's.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from camp.backups.installation import installation_claim
from camp.backups.snapshots import BackupError
from camp.demo import run_demo_setup
from camp.models import InstallationKind
from camp.staff.passwords import DEMO_PASSWORD  # development only: the command refuses to run without DEBUG

DEMO_USERNAME = "vedouci"


class Command(BaseCommand):
    help = (
        "Load the demo camp (into an empty database) and ensure the staff login vedouci exists. DEBUG only."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--base-url",
            default="http://127.0.0.1:8000",
            help="Where the server will listen (for the printed link).",
        )

    def handle(self, *args: Any, base_url: str, **options: Any) -> None:
        if not settings.DEBUG:
            raise CommandError(
                "demo_setup creates a user with a well-known password, so it runs only with DEBUG on "
                "(DJANGO_DEBUG=1, as `make run` sets). In production create staff with "
                "`manage.py createsuperuser`."
            )
        try:
            installation_claim(kind=InstallationKind.DEMO)  # a camp's database never gets the demo
        except BackupError as error:
            raise CommandError(str(error)) from error
        with transaction.atomic():
            run_demo_setup(out=lambda line: self.stdout.write(line), base_url=base_url)
            password_note = self._ensure_staff_user()
        url = base_url.rstrip("/") + "/admin/"
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("Staff login (vedoucí):"))
        self.stdout.write(f"  URL:      {url}")
        self.stdout.write(f"  user:     {DEMO_USERNAME}")
        self.stdout.write(f"  password: {password_note}")
        self.stdout.write("")

    def _ensure_staff_user(self) -> str:
        User = get_user_model()
        user = User.objects.filter(username=DEMO_USERNAME).first()
        if user is None:
            User.objects.create_superuser(username=DEMO_USERNAME, email="", password=DEMO_PASSWORD)
            return DEMO_PASSWORD
        changed = []
        for flag in ("is_staff", "is_superuser", "is_active"):
            if not getattr(user, flag):
                setattr(user, flag, True)
                changed.append(flag)
        if changed:
            user.save(update_fields=changed)
        if user.check_password(DEMO_PASSWORD):
            return DEMO_PASSWORD
        return "(changed by you; demo_setup leaves it alone)"
