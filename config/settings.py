"""Settings for the Zlaté ostrovy staff tool.

Development (``DJANGO_DEBUG=1``, what ``make run`` sets) works with no configuration at all on a
SQLite file. Production reads its secrets from the environment and refuses to start without them.

Environment:
- ``DJANGO_DEBUG``: ``1`` for development.
- ``DJANGO_SECRET_KEY``: required unless debugging.
- ``DJANGO_ALLOWED_HOSTS``: comma-separated host names (default: localhost only).
- ``DATABASE_URL``: e.g. ``postgres://user:pass@127.0.0.1:5432/camp``; default the SQLite file
  ``db.sqlite3`` in the data folder (DATA_DIR below).
- ``DJANGO_HTTPS``: ``0`` when production runs behind plain HTTP on a camp LAN (turns off the
  HTTPS-only cookies and redirects; ``check --deploy`` then warns, rightly).
- ``DJANGO_BEHIND_PROXY``: ``1`` when an HTTPS proxy in front sets ``X-Forwarded-Proto``.
- ``ZO_CAMP``: ``1`` for camp mode (``make camp``, see the "Camp mode" blocks below).
- ``ZO_DATA_DIR``, ``ZO_DEMO_DIR``: the camp's data folder, the demo's (see DATA_DIR below).
"""

from __future__ import annotations

import os
import secrets
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# The camp's own data (``make camp``, and every ``manage.py`` command without DJANGO_DEBUG): the
# database, the secret key, the backups and the logs, in one folder outside the code (``var/`` by
# default, ignored by git; ``ZO_DATA_DIR`` moves it). ``make run``'s demo (DJANGO_DEBUG=1 outside
# camp mode) keeps a folder of its own, ``var/demo/`` (``ZO_DEMO_DIR`` moves it): its database and
# its snapshots never land beside the camp's, whatever ZO_DATA_DIR says.
CAMP_DATA_DIR = Path(os.environ.get("ZO_DATA_DIR") or BASE_DIR / "var").resolve()
DEMO_DATA_DIR = Path(os.environ.get("ZO_DEMO_DIR") or BASE_DIR / "var" / "demo").resolve()
DEMO_MODE = _env_flag("DJANGO_DEBUG") and not _env_flag("ZO_CAMP")
DATA_DIR = DEMO_DATA_DIR if DEMO_MODE else CAMP_DATA_DIR
BACKUP_DIR = DATA_DIR / "backups"
LOG_DIR = DATA_DIR / "logs"


# --- Camp mode (``make camp``: config/server.py sets ZO_CAMP=1 and the ZO_CAMP_* it found at start) ---
# The one laptop in the dining hall: DEBUG off, everything in DATA_DIR (the database, a secret key
# made on first start, the collected static files, the logs), plain HTTP on the camp network.
CAMP_MODE = _env_flag("ZO_CAMP")
CAMP_PORT = int(os.environ.get("ZO_CAMP_PORT") or 8000)
# The laptop's addresses at the start (the banner's candidates, best first). The address the teams'
# phones are given is chosen among them and kept in the database: see camp.web.network.phone_base_url.
CAMP_ADDRESSES = [a.strip() for a in os.environ.get("ZO_CAMP_ADDRESSES", "").split(",") if a.strip()]


def _camp_secret_key(path: Path) -> str:
    """The key kept in ``path``, made on first use; readable by the owner only."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)
        key = path.read_text(encoding="ascii").strip()
        if not key:
            raise ImproperlyConfigured(f"{path} is empty: delete it and a new key is made.") from None
        return key
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key + "\n")
    return key


if CAMP_MODE:
    for _folder in (DATA_DIR, BACKUP_DIR, LOG_DIR):
        _folder.mkdir(mode=0o700, parents=True, exist_ok=True)
# --- end of camp mode (first block) ---

DEBUG = _env_flag("DJANGO_DEBUG") and not CAMP_MODE
# A test run: the test suite's settings module (config.settings_test), or DJANGO_TESTING=1.
TESTING = _env_flag("DJANGO_TESTING") or os.environ.get("DJANGO_SETTINGS_MODULE") == "config.settings_test"
if DEMO_MODE and not TESTING and not os.environ.get("DATABASE_URL"):
    DATA_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)  # SQLite makes the file, not its folder

# manage.py sets this: command-line tools (islands_scenario, batavia_replay, migrate …) sign nothing
# that outlives the process, so they run without a configured key. The web server (wsgi) never does.
COMMAND_LINE = _env_flag("ZO_COMMAND_LINE")
SECRET_KEY_IS_THROWAWAY = False

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if CAMP_MODE:
        SECRET_KEY = _camp_secret_key(DATA_DIR / "secret_key")
    elif DEBUG or TESTING:
        SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"
    elif COMMAND_LINE:
        SECRET_KEY = secrets.token_urlsafe(50)
        SECRET_KEY_IS_THROWAWAY = True
    else:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY (or DJANGO_DEBUG=1 for development).")


def _env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


ALLOWED_HOSTS = _env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
if DEBUG or TESTING:
    ALLOWED_HOSTS += ["testserver"]

INSTALLED_APPS = [
    "camp.apps.CampConfig",
    "games.islands.apps.IslandsConfig",
    "games.batavia.apps.BataviaConfig",
    "camp.apps.LazyAdminConfig",  # django.contrib.admin, its admin.py modules loaded with the URLs
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "camp.apps.LoginAttemptsConfig",  # django-axes
]

MIDDLEWARE = [
    "camp.web.security_headers.ContentSecurityPolicyMiddleware",  # first: every page leaving gets it
    "camp.web.hosts.HostCheckMiddleware",  # before anything asks for request.get_host()
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "camp.caches.public_pages.PublicPageMiddleware",  # the notice board from the cache, ahead of the rest
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "camp.caches.request_memo.RequestMemoMiddleware",  # what a page reads twice, read once
    "camp.web.disk_full.DiskFullMiddleware",  # a write on a full disk: the page that says so (503)
    "axes.middleware.AxesMiddleware",  # last: turns a lock-out into its page
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'db.sqlite3'}",
        conn_max_age=0 if TESTING else 60,  # tests open many short-lived threads
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Staff on one laptop: wait for a lock rather than fail, and take write locks up front.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 20, "transaction_mode": "IMMEDIATE"})
    # A server that runs for weeks: readers never wait for a writer (the notice board polls while a
    # round is resolved), and a commit waits for the disk only at checkpoints (still crash-safe).
    SQLITE_SERVER_PRAGMAS = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"
    DATABASES["default"]["OPTIONS"]["init_command"] = SQLITE_SERVER_PRAGMAS
    if TESTING:
        # A test database in a file, as in production: with Django's default in-memory test database
        # the live server's threads share one connection and other connections get SQLite's
        # shared-cache table locks, which fail at once instead of waiting; browser tests that
        # poll while they post then failed now and then. One file per process, so that two test
        # runs at once do not share one (pytest-xdist's workers are processes of their own).
        _test_db = Path(tempfile.gettempdir()) / f"zlate-ostrovy-test-{os.getpid()}.sqlite3"
        DATABASES["default"]["TEST"] = {"NAME": str(_test_db)}
        DATABASES["default"]["OPTIONS"]["init_command"] = "PRAGMA synchronous=OFF"
        # Tests never write into the real data folder (a test that needs backups sets its own).
        BACKUP_DIR = Path(tempfile.gettempdir()) / f"zlate-ostrovy-test-backups-{os.getpid()}"

# One waitress process serves the camp: the public pages' cache (camp.caches.public_pages) lives in
# its memory.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "zlate-ostrovy",
        "OPTIONS": {"MAX_ENTRIES": 500},
    }
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "camp.staff.passwords.NotTheDemoPasswordValidator"},
]
if TESTING:
    # Hashing a password the real way costs most of a second, once per user a test creates; the
    # test suite's users need no protection (the camp server and the deploy checks use the default).
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

LANGUAGE_CODE = "cs"
LANGUAGES = [("cs", _("Czech")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "camp" / "locale"]
# Django's date formats per language, plus the project's day formats (camp.templatetags.camp_dates):
# an English page shows English dates, never a Czech pattern from a template.
FORMAT_MODULE_PATH = ["camp.formats"]
TIME_ZONE = "Europe/Prague"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Files served at the site's root by WhiteNoise: the icon every browser asks for (/favicon.ico),
# so a new phone leaves no "Not Found" in the logs.
WHITENOISE_ROOT = BASE_DIR / "config" / "root_files"

LOGIN_URL = "admin:login"

# Staff logins (issue 8). After AXES_FAILURE_LIMIT failed logins of one user name from one address
# the pair is locked out for AXES_COOLOFF_TIME (camp/staff/logins.py draws the Czech page); a success
# clears the count. Staff lift a lock-out in the admin (Přístupové pokusy: delete the row) or with
# ``manage.py axes_reset_username NAME``. The address is REMOTE_ADDR only: waitress serves the LAN
# directly, and X-Forwarded-For is whatever a client writes. Off in tests (the test client's
# login() authenticates without a request, which axes refuses); tests/camp/staff/test_logins.py turns it on.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = not TESTING
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "camp.staff.logins.locked_out"
AXES_IPWARE_META_PRECEDENCE_ORDER = ["REMOTE_ADDR"]
AXES_CLIENT_IP_CALLABLE = "camp.staff.logins.client_address"
AXES_USERNAME_CALLABLE = "camp.staff.logins.login_username"
AXES_VERBOSE = False
# A staff session ends when the browser closes, and at the latest 12 hours after the login.
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_AGE = 12 * 60 * 60

# Project-wide fixtures (the demo camp: ``manage.py loaddata demo_camp``).
FIXTURE_DIRS = [BASE_DIR / "fixtures"]

# Fonts that cover Czech, embedded in every PDF.
PDF_FONT_DIR = BASE_DIR / "static" / "fonts"

# Who runs a rehearsal of the islands game (games.islands.services.rehearsals): "process", a
# background process of its own (``manage.py islands_rehearsal_run``); "inline", in the request;
# "manual", nobody (the tests run one themselves). ZO_REHEARSAL_RUNNER overrides it.
ISLANDS_REHEARSAL_RUNNER = os.environ.get("ZO_REHEARSAL_RUNNER") or ("manual" if TESTING else "process")

if not DEBUG and not TESTING:
    # Camp mode serves plain HTTP on the camp network: HTTPS-only cookies would make login impossible.
    _https = _env_flag("DJANGO_HTTPS", default=not CAMP_MODE)
    SECURE_SSL_REDIRECT = _https
    SESSION_COOKIE_SECURE = _https
    CSRF_COOKIE_SECURE = _https
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 30 if _https else 0
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _https
    SECURE_HSTS_PRELOAD = _https
    if _env_flag("DJANGO_BEHIND_PROXY"):  # else any client could claim HTTPS with the header
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    X_FRAME_OPTIONS = "DENY"
    CSRF_TRUSTED_ORIGINS = _env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

# Error reports (DEBUG's 500 page) hide a frame's ``token`` and cut tokens in the request's paths.
DEFAULT_EXCEPTION_REPORTER_FILTER = "camp.web.accesslog.TokenSafeReporterFilter"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # No log ever holds a whole team token (camp.web.accesslog); runserver's log is Django's own.
    "filters": {
        "redact_tokens": {"()": "camp.web.accesslog.RedactTokensFilter"},
        # A refusal that wrote its own line gets no second one from Django (camp.web.logged_once).
        "logged_once": {"()": "camp.web.logged_once.LoggedOnceFilter"},
    },
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["redact_tokens"]},
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["redact_tokens"],
        },
    },
    "loggers": {
        "django.request": {"filters": ["redact_tokens", "logged_once"]},
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# --- Camp mode (second block): the laptop's addresses, the collected static files, the log files ---
CAMP_EXTRA_HOSTS: list[str] = []
if CAMP_MODE:
    # camp.web.hosts.HostCheckMiddleware decides: the laptop's addresses of now (one it got after the
    # start too) with the server's port, localhost, and DJANGO_ALLOWED_HOSTS (e.g. a proxy's name);
    # any other Host gets its short page and one log line, before Django's check could raise.
    _hosts = ["localhost", "127.0.0.1", "[::1]", *CAMP_ADDRESSES]
    CAMP_EXTRA_HOSTS = [h for h in ALLOWED_HOSTS if h not in _hosts]
    ALLOWED_HOSTS = ["*"]
    CSRF_TRUSTED_ORIGINS = [*(f"http://{h}:{CAMP_PORT}" for h in _hosts), *CSRF_TRUSTED_ORIGINS]
    STATIC_ROOT = DATA_DIR / "static"
    _log_file = {
        "class": "logging.handlers.RotatingFileHandler",
        "maxBytes": 10_000_000,
        "backupCount": 5,
        "encoding": "utf-8",
        "filters": ["redact_tokens"],
        "formatter": "camp",
    }
    LOGGING["formatters"].update(
        {
            "camp": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
            "camp_console": {"format": "[{asctime}] {message}", "style": "{", "datefmt": "%d.%m. %H:%M:%S"},
        }
    )
    LOGGING["handlers"].update(
        {
            "camp_file": {**_log_file, "filename": str(LOG_DIR / "camp.log")},
            "access_file": {**_log_file, "filename": str(LOG_DIR / "access.log")},
            "access_console": {
                "class": "logging.StreamHandler",
                "filters": ["redact_tokens"],
                "formatter": "camp_console",
            },
        }
    )
    # One line per request, to the file only: a second copy on the console doubled the cost of every
    # request under a hall of phones (docs/performance.md); ZO_ACCESS_CONSOLE=1 asks for it. The
    # camp server writes both from one thread of their own (camp.web.accesslog.access_log_start).
    LOGGING["loggers"]["camp.access"] = {
        "handlers": ["access_file", *(["access_console"] if _env_flag("ZO_ACCESS_CONSOLE") else [])],
        "level": "INFO",
        "propagate": False,
    }
    LOGGING["root"] = {"handlers": ["console", "camp_file"], "level": "WARNING"}
# --- end of camp mode ---
