"""The Django project: settings, the top-level URLs, WSGI, the processes' start-up and the camp server."""
