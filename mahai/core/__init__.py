"""The engine contract every game implements (design.md, "Engine contract").

The core does no I/O, reads no clock and uses no global randomness: every
random choice comes from the ``random.Random`` a state is built with.
"""

from mahai.core.errors import (
    CorruptRecord,
    IllegalAction,
    InvalidOptions,
    MahaiError,
    MalformedAction,
    NotYourTurn,
)
from mahai.core.game import (
    Action,
    ActionFamily,
    Event,
    Game,
    Observation,
    OptionSpec,
    Seat,
    State,
    option_specs,
)
from mahai.core.options import options_from_mapping, options_to_dict
from mahai.core.record import GameRecord, Step
from mahai.core.text import Message, Player, message_to_json

__all__ = [
    "Action",
    "ActionFamily",
    "CorruptRecord",
    "Event",
    "Game",
    "GameRecord",
    "IllegalAction",
    "InvalidOptions",
    "MahaiError",
    "MalformedAction",
    "Message",
    "NotYourTurn",
    "Observation",
    "OptionSpec",
    "Player",
    "Seat",
    "State",
    "Step",
    "message_to_json",
    "option_specs",
    "options_from_mapping",
    "options_to_dict",
]
