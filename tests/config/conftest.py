"""Fixtures of the Django project's tests (``config/``): the camp tests' camp run with its teams and
first round. tests/config is not below tests/camp, so it does not see that conftest by itself."""

from tests.camp.conftest import camp, round1, teams  # noqa: F401
