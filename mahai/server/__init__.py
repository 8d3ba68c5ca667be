"""The web table (``mahai serve``): FastAPI + WebSockets over an event-sourced store.

Game-agnostic: it uses only the core contract (``get_game``, ``Game.new /
view / project_event / parse_action``, ``State.to_act / legal_actions / apply
/ version``, :class:`~mahai.core.GameRecord`, ``make_bot / bot_names``).
See :mod:`mahai.server.app` for the HTTP and WebSocket protocol,
:mod:`mahai.server.tables` for the live tables and :mod:`mahai.server.store`
for persistence.
"""

from mahai.server.app import create_app

__all__ = ["create_app"]
