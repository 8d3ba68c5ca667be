"""Mahai: an open-source platform for card games (Mille Bornes, Spades, DenboraZup)."""

__version__ = "0.1.0"
