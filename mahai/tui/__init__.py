"""Terminal front ends, one module per game (Rich)."""
