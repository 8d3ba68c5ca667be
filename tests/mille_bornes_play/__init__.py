"""Tests of the Mille Bornes heuristic bot, the terminal front end and the simulate command."""
