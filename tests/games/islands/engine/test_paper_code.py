"""The paper order form's code: every camp run, team and round prints and reads back, every single
wrong letter and every swap of neighbours is caught by the check (a typo, never another team's
plan), and the seal is an HMAC under the secret: a team's own code tells nothing of another's."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.islands.engine.paper_code import ALPHABET, PREFIX, PaperCode, PaperCodeError

SECRET = b"the laptop's secret, derived for the paper plans"
ids = st.integers(min_value=1, max_value=2**63 - 1)
rounds = st.integers(min_value=1, max_value=32767)
camps = st.text(min_size=1, max_size=40)


@given(camp=camps, team=ids, round_number=rounds)
def test_every_code_prints_and_reads_back(camp: str, team: int, round_number: int) -> None:
    code = PaperCode.make(camp=camp, team=team, round_number=round_number, secret=SECRET)
    text = str(code)
    assert text.startswith(f"{PREFIX}-")
    assert all(ch in ALPHABET for ch in code.letters)
    parsed = PaperCode.parse(text)
    assert (parsed.team, parsed.round_number) == (team, round_number)
    assert parsed == code and parsed.sealed(camp=camp, secret=SECRET)
    # as a tired leader types it: small letters, no dashes, spaces, without or with the prefix
    assert PaperCode.parse(code.letters.lower()) == code
    assert PaperCode.parse(" ".join(text.lower())) == code


def test_small_ids_give_the_short_code() -> None:
    code = PaperCode.make(camp="1@2026-07-01", team=800, round_number=12, secret=SECRET)
    assert len(code.letters) == 8
    assert str(code).count("-") == 2  # ZO-XXXX-XXXX, read aloud in fours


@given(team=ids, round_number=rounds, data=st.data())
def test_any_single_wrong_letter_is_caught(team: int, round_number: int, data: st.DataObject) -> None:
    letters = PaperCode.make(camp="1", team=team, round_number=round_number, secret=SECRET).letters
    at = data.draw(st.integers(min_value=0, max_value=len(letters) - 1))
    other = data.draw(st.sampled_from([ch for ch in ALPHABET if ch != letters[at]]))
    with pytest.raises(PaperCodeError) as caught:
        PaperCode.parse(letters[:at] + other + letters[at + 1 :])
    assert caught.value.reason == "check"


@given(team=ids, round_number=rounds, data=st.data())
def test_two_neighbours_swapped_are_caught(team: int, round_number: int, data: st.DataObject) -> None:
    letters = PaperCode.make(camp="1", team=team, round_number=round_number, secret=SECRET).letters
    at = data.draw(st.integers(min_value=0, max_value=len(letters) - 2))
    swapped = letters[:at] + letters[at + 1] + letters[at] + letters[at + 2 :]
    if swapped != letters:
        with pytest.raises(PaperCodeError) as caught:
            PaperCode.parse(swapped)
        assert caught.value.reason == "check"


@pytest.mark.parametrize(
    ("text", "reason", "detail"),
    [
        ("", "empty", ""),
        (" - ", "empty", ""),
        ("ZO-22O2-XGAH", "letters", "O"),
        ("ZO-1222-XGA0", "letters", "01"),
        ("ZO-222G-XGÁH", "letters", "Á"),
        ("ZO-222G-XGA", "length", "7"),
        ("ZO-" + "2" * 31, "length", "31"),
    ],
)
def test_what_is_not_a_code_is_named(text: str, reason: str, detail: str) -> None:
    with pytest.raises(PaperCodeError) as caught:
        PaperCode.parse(text)
    assert (caught.value.reason, caught.value.detail) == (reason, detail)


def test_the_seal_needs_the_secret_and_is_the_camp_runs() -> None:
    code = PaperCode.make(camp="3@2026-07-01T10:00:00+00:00", team=7, round_number=3, secret=SECRET)
    assert code.sealed(camp="3@2026-07-01T10:00:00+00:00", secret=SECRET)
    assert not code.sealed(camp="3@2025-07-01T10:00:00+00:00", secret=SECRET)  # last summer's ids
    assert not code.sealed(camp="3@2026-07-01T10:00:00+00:00", secret=b"another laptop")


def test_a_teams_own_code_does_not_make_another_teams() -> None:
    """What a team can do with its own form: keep its seal, write another team's id or another round
    in the payload and work the (public) parity out. Never accepted: the seal is the secret's."""
    camp = "3@2026-07-01T10:00:00+00:00"
    own = PaperCode.make(camp=camp, team=7, round_number=3, secret=SECRET)
    targets = [(team, 3) for team in range(1, 300) if team != 7] + [(7, n) for n in range(1, 40) if n != 3]
    forged = [PaperCode.parse(str(PaperCode(team, number, own.seal))) for team, number in targets]
    assert not [f for f in forged if f.sealed(camp=camp, secret=SECRET)]
    # and the seals of the other teams are spread over the letters, not a pattern from one's own
    seals = {PaperCode.make(camp=camp, team=t, round_number=3, secret=SECRET).seal for t, _n in targets}
    assert len(seals) > 250
