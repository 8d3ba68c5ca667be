"""Tests of DenboraZup (rules DZR-1 … DZR-14, cases DZC-1 … DZC-5)."""
