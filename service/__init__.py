"""Arbitre's HTTP service, answer composition and command line."""
