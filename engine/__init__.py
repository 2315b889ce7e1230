"""Executable rules engines, one package per game on the shared :mod:`engine.core`."""
