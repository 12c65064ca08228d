"""``make camp``: the camp server. One laptop serves the phones, the notice-board screen and the staff.

Run as ``python -m config.server [--port 8000]``. Before Django's settings load it looks up the
laptop's addresses (offline: none, localhost only) and switches the settings to camp mode
(``ZO_CAMP=1``, see config/settings.py). Then, safe to run again and again:

1. migrate the database in the data folder (``var/``, or ``ZO_DATA_DIR``);
2. collect the static files when the project's differ from the collected ones (first start, an update);
3. on first start, create the staff login: from ``DJANGO_SUPERUSER_USERNAME`` and
   ``DJANGO_SUPERUSER_PASSWORD``, else asked for in the terminal; the password validators apply
   (no demo, common, numeric or short password) and cannot be bypassed;
4. remember the address for the phones (the best of the laptop's addresses, on the first start
   with a network; staff change it later on the admin home);
5. print the addresses (banner) and serve with waitress on every interface, with an access log.
"""

from __future__ import annotations

import argparse
import getpass
import hashlib
import os
import signal
import socket
import sys
from collections.abc import Callable, Sequence

from camp.web.network import lan_addresses, usable_address

Out = Callable[[str], None]
ALL_INTERFACES = "*"
STATIC_STAMP = ".zo-collected-from"  # in STATIC_ROOT: the fingerprint of the files last collected


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make camp", description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    parser.add_argument(
        "--host",
        default=ALL_INTERFACES,
        help="the address to listen on (default: every interface; 127.0.0.1 for this laptop only)",
    )
    parser.add_argument("--threads", type=int, help="worker threads (default: config.serving.THREADS)")
    args = parser.parse_args(argv)

    def out(line: str) -> None:
        print(line, flush=True)

    if not port_is_free(args.host, args.port):
        out(f"Port {args.port} is taken (another server running?) / Port {args.port} je obsazený.")
        out("Stop the other one, or pick another port: make camp PORT=8123")
        return 1
    addresses = camp_addresses(args.host)
    os.environ["ZO_CAMP"] = "1"
    os.environ["ZO_CAMP_PORT"] = str(args.port)
    os.environ["ZO_CAMP_ADDRESSES"] = ",".join(addresses)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from config.startup import django_setup, give_back_large_blocks

    give_back_large_blocks()  # weeks of serving: big blocks back to the system when freed
    django_setup()

    if not prepare(out=out):
        return 1
    from camp.services import phone_address_choose_first

    chosen = phone_address_choose_first(available=addresses)
    from django.db import connections

    connections.close_all()  # the serving threads open their own
    from django.core.wsgi import get_wsgi_application

    from camp.web.accesslog import AccessLog, access_log_start, access_log_stop
    from config.serving import THREADS, create_camp_server

    # Built after collectstatic: WhiteNoise indexes the static files once, when the app is made.
    app = AccessLog(get_wsgi_application())
    listen = f"{'*' if args.host == ALL_INTERFACES else args.host}:{args.port}"
    try:
        # Keep-alive after 204/304, a connection limit and threads for a hall of phones (config.serving).
        server = create_camp_server(app, listen=listen, threads=args.threads or THREADS)
    except OSError as error:  # the port taken meanwhile, or on IPv6 only
        out(f"Cannot listen on {listen} / Nelze naslouchat: {error}")
        return 1
    local_only = args.host != ALL_INTERFACES and not addresses
    phones = chosen.address if chosen else None
    # One writer thread for the access log: a request only queues its line (camp.web.accesslog).
    access_log = access_log_start()
    lines = banner(
        addresses=addresses, port=args.port, local_only=local_only, chosen=phones, access_log=access_log
    )
    for line in lines:
        out(line)
    # Ctrl+C, or a stop by the system: waitress ends its loop and closes the sockets. Started in the
    # background by a shell without job control, the process inherits SIGINT ignored and Python
    # leaves it so: Ctrl+C (or a script's SIGINT) must stop it all the same.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
    try:
        server.run()
    finally:
        access_log_stop()  # the lines still queued are written before the server says it stopped
    out("Stopped / Zastaveno.")
    return 0


def camp_addresses(host: str) -> list[str]:
    """The addresses a phone can use: every LAN address when listening on all interfaces, else the
    one listened on (none for 127.0.0.1)."""
    if host == ALL_INTERFACES:
        return lan_addresses()
    return [host] if usable_address(host) else []


def port_is_free(host: str, port: int) -> bool:
    """Whether the server could listen there (checked before the first-start questions)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("0.0.0.0" if host == ALL_INTERFACES else host, port))
        except OSError:
            return False
    return True


def prepare(*, out: Out) -> bool:
    """Migrate, collect the static files if needed, make sure a staff login exists. False: refused."""
    from django.conf import settings
    from django.core.management import call_command

    from camp.backups.installation import installation_claim_for_camp

    first = not (settings.DATA_DIR / "db.sqlite3").exists() and not os.environ.get("DATABASE_URL")
    if first:
        out(f"First start: a new camp database in {settings.DATA_DIR} / První spuštění: nová databáze.")
    call_command("migrate", interactive=False, verbosity=0)
    if not installation_claim_for_camp(out=out):  # never serve the demo's database as the camp's
        return False
    fingerprint = static_fingerprint()
    stamp = settings.STATIC_ROOT / STATIC_STAMP
    if not stamp.exists() or stamp.read_text(encoding="ascii") != fingerprint:
        out("Collecting the static files / Připravuji statické soubory …")
        call_command("collectstatic", interactive=False, clear=True, verbosity=0)
        stamp.write_text(fingerprint, encoding="ascii")
    return ensure_staff_login(out=out)


def static_fingerprint() -> str:
    """A digest of every static file the finders see (name, size, time): a changed one means collect."""
    from django.contrib.staticfiles import finders

    digest = hashlib.sha256()
    for finder in finders.get_finders():
        for path, storage in sorted(finder.list([]), key=lambda item: item[0]):
            stat = os.stat(storage.path(path))
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def password_problems(username: str, password: str) -> list[str]:
    """Why this login cannot be the staff's (the username's and the password validators' messages)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    User = get_user_model()
    problems: list[str] = []
    try:
        User._meta.get_field(User.USERNAME_FIELD).clean(username, None)
    except ValidationError as error:
        problems += error.messages
    try:
        validate_password(password, User(**{User.USERNAME_FIELD: username}))
    except ValidationError as error:
        problems += error.messages
    return problems


def ensure_staff_login(*, out: Out, ask: Callable[[str], str] = input) -> bool:
    """Create the first staff login (superuser) unless one exists. False: none could be made."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    if User.objects.filter(is_superuser=True, is_active=True).exists():
        return True
    username = os.environ.get("DJANGO_SUPERUSER_USERNAME", "").strip()
    password = os.environ.get("DJANGO_SUPERUSER_PASSWORD", "")
    if username and password:
        problems = password_problems(username, password)
        if problems:
            out("The staff login was not created / Přihlášení vedoucích nebylo vytvořeno:")
            for problem in problems:
                out(f"  - {problem}")
            out("Set another DJANGO_SUPERUSER_PASSWORD and start again.")
            return False
    elif sys.stdin.isatty():
        username, password = ask_staff_login(out=out, ask=ask, username=username)
    else:
        out("No staff login yet / Zatím žádné přihlášení vedoucích.")
        out("Run `make camp` in a terminal, or set DJANGO_SUPERUSER_USERNAME and DJANGO_SUPERUSER_PASSWORD.")
        return False
    User.objects.create_superuser(**{User.USERNAME_FIELD: username, "email": "", "password": password})
    out(f"Staff login created / Přihlášení vedoucích vytvořeno: {username}")
    return True


def ask_staff_login(*, out: Out, ask: Callable[[str], str], username: str = "") -> tuple[str, str]:
    """Ask in the terminal until the username and the password (typed twice) pass every check."""
    out("First start: the staff login / První spuštění: přihlášení vedoucích.")
    while True:
        username = username or ask("User name / Uživatelské jméno [vedouci]: ").strip() or "vedouci"
        password = getpass.getpass("Password / Heslo: ")
        if password != getpass.getpass("Password again / Heslo znovu: "):
            out("  - The two passwords differ / Hesla se liší.")
            continue
        problems = password_problems(username, password)
        if not problems:
            return username, password
        for problem in problems:
            out(f"  - {problem}")
        username = ""


def banner(
    *,
    addresses: list[str],
    port: int,
    local_only: bool = False,
    chosen: str | None = None,
    access_log: Sequence[str] = (),
) -> list[str]:
    """What the console shows while serving: the addresses for the staff, the phones and the screen.

    ``addresses`` are the candidates, best first; ``chosen`` the one the teams' links carry;
    ``access_log`` where the access log goes (a file's path, "console")."""
    from django.conf import settings
    from django.urls import reverse
    from django.utils import translation

    from camp.models import Camp

    def url(address: str) -> str:
        return f"http://{address}:{port}"

    first = (
        url(chosen) if chosen in addresses else url(addresses[0]) if addresses else f"http://localhost:{port}"
    )
    with translation.override(settings.LANGUAGE_CODE):
        boards = [
            (str(camp), reverse("islands_public:notice_board", args=[camp.pk])) for camp in Camp.objects.all()
        ]
    rule = "=" * 72
    lines = [rule, "Zlaté ostrovy: the camp server is running / táborový server běží", rule]
    if addresses:
        lines.append("Phones, the screen and the other laptops use / Telefony, plátno a další notebooky:")
        lines += [
            f"  {url(a)}/"
            + ("   <- the teams' links and QR codes / odkazy a QR kódy týmů" if a == chosen else "")
            for a in addresses
        ]
    elif local_only:
        lines.append("Listening on this laptop only / Jen pro tento notebook.")
    else:
        lines += [
            "No camp network found: only this laptop can connect.",
            "Síť nenalezena: připojit se může jen tento notebook. Connect the Wi-Fi and start again.",
        ]
    if chosen and chosen not in addresses:
        lines += [
            f"The teams' links carry {url(chosen)}/, which this laptop does not have now:",
            "choose another on the staff home page / Odkazy týmů nesou adresu, kterou notebook teď nemá:",
            "vyberte jinou na úvodní stránce vedoucích (Adresa pro telefony).",
        ]
    lines.append(f"Staff / Vedoucí: {first}/admin/")
    if boards:
        lines.append("Notice board for the screen / Nástěnka na plátno:")
        lines += [f"  {name}: {first}{path}?projektor" for name, path in boards]
    lines += [
        f"On this laptop / Na tomto notebooku: http://localhost:{port}/",
        f"Data (database, backups, logs) / Data: {settings.DATA_DIR}",
        *access_lines(access_log),
        "Plain HTTP: passwords travel in clear on this network / Heslo jde sítí nešifrovaně.",
        "Stop with Ctrl+C / Zastavit: Ctrl+C",
        rule,
    ]
    return lines


def access_lines(places: Sequence[str]) -> list[str]:
    """The banner's line about the access log: where it is, and how to see it on the console."""
    if not places:
        return []
    files = [p for p in places if p != "console"]
    where = ", ".join(files) if files else "—"
    if "console" in places:
        return [f"Access log / Záznam přístupů: {where} and this console / a tato konzole"]
    return [f"Access log / Záznam přístupů: {where} (on the console too / i na konzoli: ZO_ACCESS_CONSOLE=1)"]


if __name__ == "__main__":
    sys.exit(main())
