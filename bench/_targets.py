"""The targets a benchmark checks (issue 12): each figure beside its reference, measured in the same
run, as a ratio against the limit it must stay within. ``python -m bench`` prints one line per
target at the end, ``ok`` or ``MISSED``, and exits non-zero when one is missed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    name: str
    measured: float
    reference: float
    unit: str
    #: The ratio measured / reference must be at most (``at_least`` False) or at least this.
    limit: float
    at_least: bool = False
    what_reference: str = ""

    @property
    def ratio(self) -> float:
        return self.measured / self.reference if self.reference else float("inf")

    @property
    def met(self) -> bool:
        return self.ratio >= self.limit if self.at_least else self.ratio <= self.limit

    def line(self) -> str:
        sign = "≥" if self.at_least else "≤"
        verdict = "ok" if self.met else "MISSED"
        return (
            f"{self.name:<44} {self.measured:>9.2f} {self.unit:<6} vs {self.reference:>9.2f} {self.unit:<6}"
            f" = {self.ratio:5.2f}× (target {sign} {self.limit:g}×)  {verdict}"
        )


RESULTS: list[Target] = []


def check(
    name: str,
    measured: float,
    reference: float,
    *,
    unit: str,
    at_most: float | None = None,
    at_least: float | None = None,
    reference_name: str = "",
) -> Target:
    """Record a target and print its line now (the summary prints it again at the end)."""
    if (at_most is None) == (at_least is None):
        raise ValueError("give exactly one of at_most and at_least")
    target = Target(
        name=name,
        measured=measured,
        reference=reference,
        unit=unit,
        limit=at_most if at_most is not None else at_least,  # type: ignore[arg-type]
        at_least=at_least is not None,
        what_reference=reference_name,
    )
    RESULTS.append(target)
    print(target.line() + (f"   [reference: {reference_name}]" if reference_name else ""), flush=True)
    return target
