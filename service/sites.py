"""The sites allowed to embed the widget: origins stored in the database, read live by CORS.

A :class:`Site` is an origin (``scheme://host[:port]``, as a browser sends it in
``Origin``) and, optionally, the games its widgets may ask about (empty: every
game). Sites live in the feedback database (SQLite by default, PostgreSQL when
``ARBITRE_DATABASE_URL`` is set), in the table ``sites``; the origins of
``ARBITRE_CORS_ORIGINS`` stay allowed for every game, as a bootstrap that needs
no database (``*`` there allows every origin).

:class:`AllowedOrigins` answers CORS from both, caching the table for
``sites_cache_s`` seconds; a change made through the same process
(``/v1/sites``) invalidates the cache at once, a change made by
``arbitre sites`` from another process is seen within that delay.

Usage::

    sites = SiteStore.for_settings(settings)
    sites.add("https://jeux.example", games=("emblemes",))
    AllowedOrigins(settings).policy("https://jeux.example").allows("emblemes")   # True
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlsplit

from service.core.config import Settings

__all__ = ["AllowedOrigins", "Site", "SitePolicy", "SiteStore", "normalize_origin"]

BOOTSTRAP = "environment"
"""``Site.source`` of an origin listed in ``ARBITRE_CORS_ORIGINS``."""


def normalize_origin(text: object) -> str:
    """The origin as browsers send it: lower-case ``scheme://host[:port]``, default ports dropped.

    Raises:
        ValueError: not an http(s) origin, or one with a path, query, fragment or credentials.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"origin: expected 'https://host[:port]', got {text!r}")
    parts = urlsplit(text.strip())
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"origin: expected a port number, got {text!r}") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError(f"origin: expected 'http://' or 'https://' and a host, got {text!r}")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(f"origin: expected only scheme://host[:port] (no path, query or user), got {text!r}")
    scheme = parts.scheme.lower()
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


@dataclass(frozen=True)
class Site:
    """An origin allowed to call the API from a browser, and the games it may ask about (empty: all)."""

    origin: str
    games: tuple[str, ...] = ()
    added_at: str = ""
    source: str = "database"

    def __post_init__(self) -> None:
        if normalize_origin(self.origin) != self.origin:
            raise ValueError(f"origin: expected the normalized form {normalize_origin(self.origin)!r}, got {self.origin!r}")
        for game in self.games:
            if not isinstance(game, str) or not game.strip():
                raise ValueError(f"games: expected non-empty game ids, got {game!r}")


@dataclass(frozen=True)
class SitePolicy:
    """What an origin may do: nothing (not listed), or ask about some or all games."""

    origin: str
    sites: tuple[Site, ...]

    @property
    def allowed(self) -> bool:
        return bool(self.sites)

    @property
    def games(self) -> tuple[str, ...] | None:
        """The games this origin may ask about; None for every game."""
        if not self.sites or any(not site.games for site in self.sites):
            return None
        return tuple(dict.fromkeys(game for site in self.sites for game in site.games))

    def allows(self, game: str) -> bool:
        return self.allowed and (self.games is None or game in self.games)


class SiteStore:
    """The ``sites`` table of the feedback database, through the store's own transactions.

    Args:
        transaction: opens a transaction on the database (committed on exit) and yields its connection.
        placeholder: the driver's parameter marker (``?`` for sqlite3, ``%s`` for psycopg).
    """

    def __init__(self, transaction: Callable[[], AbstractContextManager[Any]], placeholder: str) -> None:
        if placeholder not in ("?", "%s"):
            raise ValueError(f"placeholder: expected '?' or '%s', got {placeholder!r}")
        self._transaction = transaction
        self._placeholder = placeholder

    @classmethod
    def for_settings(cls, settings: Settings) -> SiteStore:
        """The sites of the database the settings choose (the same one as feedback)."""
        from service.stores import feedback_store

        store = feedback_store(settings)
        return cls(store.transaction, store.placeholder)

    def add(self, origin: str, games: Sequence[str] = (), *, now: datetime | None = None) -> Site:
        """Allow ``origin`` (normalized) for ``games`` (empty: every game); replaces its games if listed."""
        site = Site(normalize_origin(origin), tuple(dict.fromkeys(games)),
                    (now or datetime.now(timezone.utc)).isoformat(timespec="seconds"))
        with self._transaction() as connection:
            connection.execute(self._sql(
                "INSERT INTO sites (origin, games, added_at) VALUES (?, ?, ?)"
                " ON CONFLICT (origin) DO UPDATE SET games = excluded.games"),
                (site.origin, json.dumps(list(site.games)), site.added_at))
        return self.get(site.origin) or site

    def remove(self, origin: str) -> bool:
        """Disallow ``origin``; False when it was not listed."""
        with self._transaction() as connection:
            cursor = connection.execute(self._sql("DELETE FROM sites WHERE origin = ?"), (normalize_origin(origin),))
            return cursor.rowcount > 0

    def get(self, origin: str) -> Site | None:
        with self._transaction() as connection:
            row = connection.execute(self._sql("SELECT origin, games, added_at FROM sites WHERE origin = ?"),
                                     (normalize_origin(origin),)).fetchone()
        return _site(row) if row else None

    def list(self) -> list[Site]:
        """Every stored site, by origin."""
        with self._transaction() as connection:
            rows = connection.execute("SELECT origin, games, added_at FROM sites ORDER BY origin").fetchall()
        return [_site(row) for row in rows]

    def _sql(self, sql: str) -> str:
        return sql.replace("?", self._placeholder)


class AllowedOrigins:
    """The environment's origins plus the stored sites, cached for ``settings.sites_cache_s`` seconds.

    Thread-safe: CORS asks from the event loop, routes from worker threads.
    """

    def __init__(self, settings: Settings, store: SiteStore | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.any_origin = "*" in settings.cors_origins
        self.bootstrap = tuple(Site(normalize_origin(origin), source=BOOTSTRAP)
                               for origin in settings.cors_origins if origin != "*")
        self.store = store or SiteStore.for_settings(settings)
        self.ttl_s = settings.sites_cache_s
        self._clock = clock
        self._lock = threading.Lock()
        self._cached: tuple[float, tuple[Site, ...]] | None = None

    def sites(self) -> tuple[Site, ...]:
        """The bootstrap origins, then the stored sites."""
        with self._lock:
            if self._cached is None or self._clock() - self._cached[0] >= self.ttl_s:
                self._cached = (self._clock(), tuple(self.store.list()))
            return self.bootstrap + self._cached[1]

    def policy(self, origin: str) -> SitePolicy:
        """What ``origin`` may do (an unparsable origin may do nothing)."""
        try:
            normalized = normalize_origin(origin)
        except ValueError:
            return SitePolicy(str(origin), ())
        matching = tuple(site for site in self.sites() if site.origin == normalized)
        return SitePolicy(normalized, ((Site(normalized, source=BOOTSTRAP),) if self.any_origin else ()) + matching)

    def invalidate(self) -> None:
        """Forget the cached table: the next question reads the database."""
        with self._lock:
            self._cached = None


def _site(row: Sequence[Any]) -> Site:
    origin, games, added_at = row
    return Site(origin, tuple(json.loads(games)), str(added_at))
