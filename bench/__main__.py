"""Run the benchmarks: ``python -m bench`` runs them all, ``python -m bench NAME …`` the named ones.

A benchmark is any module ``bench/NAME.py`` (not starting with ``_``) with a ``main()`` function;
it prints its own results. A figure with a target is recorded with ``bench._targets.check``
(measured beside its reference, in the same run); the run ends with one line per target, ``ok`` or
``MISSED``.
Each runs under a heading; a benchmark that fails is reported and the others still run. The exit
status is 1 when a benchmark failed or a target was missed.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

PACKAGE = "bench"


def module_names() -> list[str]:
    """Names of the modules in ``bench/`` (but ``__main__``), sorted."""
    here = [str(Path(__file__).resolve().parent)]
    return sorted(m.name for m in pkgutil.iter_modules(here) if not m.name.startswith("_"))


def find_main(name: str) -> Callable[[], object] | None:
    module = importlib.import_module(f"{PACKAGE}.{name}")
    main = getattr(module, "main", None)
    return main if callable(main) else None


def run(names: Sequence[str]) -> int:
    failed: list[str] = []
    for name in names:
        print(f"\n== {name} ==", flush=True)
        started = time.perf_counter()
        try:
            main = find_main(name)
            if main is None:
                print("(no main(): skipped)")
                continue
            main()
        except Exception:
            traceback.print_exc()
            failed.append(name)
            continue
        print(f"-- {name}: {time.perf_counter() - started:.1f} s", flush=True)
    from bench._targets import RESULTS

    if RESULTS:
        print("\n== targets ==")
        for target in RESULTS:
            print(target.line())
    missed = [t.name for t in RESULTS if not t.met]
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    if missed:
        print(f"missed: {', '.join(missed)}", file=sys.stderr)
    return 1 if failed or missed else 0


def cli(argv: Sequence[str]) -> int:
    available = module_names()
    if any(arg in ("-h", "--help") for arg in argv):
        print(__doc__.strip())
        print("\navailable:", " ".join(available) or "(none)")
        return 0
    unknown = [arg for arg in argv if arg not in available]
    if unknown:
        print(f"no benchmark named {', '.join(unknown)}; available: {' '.join(available)}", file=sys.stderr)
        return 2
    if not argv:
        # Only modules with a main() count as benchmarks; helpers without one are skipped silently.
        argv = [name for name in available if _has_main(name)]
    return run(argv)


def _has_main(name: str) -> bool:
    try:
        return find_main(name) is not None
    except Exception:
        return True  # let run() report the import error under its heading


if __name__ == "__main__":
    sys.exit(cli(sys.argv[1:]))
