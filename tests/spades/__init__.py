"""Tests of the Spades rules, projection, terminal play and simulation (SPR-, SPC-, SC- ids)."""
