"""The pure-Python Batavia engine (no Django): components, actions, the state and its log, the
set-up, what may be done (legal), the rules that apply an action, records, what each player may see
(visibility) and bots.

>>> from games.batavia.engine import new_game, apply, chance_action, whose_turn, legal_actions
>>> s = new_game(["Red", "Blue", "Green"], seed=42)
>>> whose_turn(s), legal_actions(s, "Blue")
('Red', [])
>>> s = apply(s, chance_action(s))
>>> whose_turn(s)
'Blue'
"""

from .actions import Action, Bid, Draw, Pass, Play, Reshuffle, Roll
from .components import COMPANIES, GOAL, GOODS, Tile
from .errors import (
    GameOver,
    IllegalAction,
    IllegalBid,
    IllegalCashIn,
    IllegalMove,
    IllegalPlay,
    IllegalReshuffle,
    IllegalRoll,
    NotYourTurn,
    RulesError,
    SetupError,
    WrongPhase,
)
from .legal import (
    can_play,
    cards_needed,
    chance_action,
    legal_actions,
    legal_plays,
    next_station,
    stations_ahead,
    whose_turn,
)
from .log import LogCode, LogEntry
from .record import (
    Record,
    RecordError,
    ReplayError,
    dump_record,
    load_record,
    read_record,
    replay,
    state_to_output,
    state_to_record,
)
from .rules import apply, apply_trusted, is_legal
from .setup import new_game, setup_game
from .state import GameState, PlayerState, Score
from .visibility import private_view, public_view

__all__ = [
    "COMPANIES",
    "GOAL",
    "GOODS",
    "Action",
    "RulesError",
    "Bid",
    "Draw",
    "GameOver",
    "GameState",
    "IllegalAction",
    "IllegalBid",
    "IllegalCashIn",
    "IllegalMove",
    "IllegalPlay",
    "IllegalReshuffle",
    "IllegalRoll",
    "LogCode",
    "LogEntry",
    "NotYourTurn",
    "Pass",
    "Play",
    "PlayerState",
    "Record",
    "RecordError",
    "ReplayError",
    "Reshuffle",
    "Roll",
    "Score",
    "SetupError",
    "Tile",
    "WrongPhase",
    "apply",
    "apply_trusted",
    "can_play",
    "cards_needed",
    "chance_action",
    "dump_record",
    "is_legal",
    "legal_actions",
    "legal_plays",
    "load_record",
    "new_game",
    "next_station",
    "private_view",
    "public_view",
    "read_record",
    "replay",
    "setup_game",
    "stations_ahead",
    "state_to_output",
    "state_to_record",
    "whose_turn",
]
