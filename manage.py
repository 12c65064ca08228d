#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ZO_COMMAND_LINE", "1")
    from django.core.management import execute_from_command_line

    from config.startup import django_setup_for_command

    django_setup_for_command(sys.argv)
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
