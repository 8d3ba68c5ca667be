"""Mille Bornes (rules: ``shared/rules/mille-bornes.md``, MBR-1 … MBR-24).

API placeholder; the full documentation follows below.
"""

from mahai.games.mille_bornes.game import GAME, MilleBornes, MilleBornesObservation

__all__ = ["GAME", "MilleBornes", "MilleBornesObservation"]
