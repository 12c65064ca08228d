"""WSGI entry point."""

import os

from django.core.handlers.wsgi import WSGIHandler

from config.startup import django_setup

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_setup(set_prefix=False)  # as django.core.wsgi.get_wsgi_application, the collector held off
application = WSGIHandler()
