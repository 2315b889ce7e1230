"""``arbitre sites add|remove|list``: the origins allowed to embed the widget, without a restart.

Writes the ``sites`` table of the database the settings choose (SQLite
``ARBITRE_FEEDBACK_DB``, or PostgreSQL ``ARBITRE_DATABASE_URL``); running
servers see the change within ``ARBITRE_SITES_CACHE_S`` seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("sites", help="the origins allowed to embed the widget (no restart needed)")
    actions = parser.add_subparsers(dest="sites_command", required=True)
    add = actions.add_parser("add", help="allow an origin (again: replace its games)")
    add.add_argument("origin", help="scheme://host[:port], e.g. https://jeux.example")
    add.add_argument("--games", default="", help="comma-separated game ids it may ask about (default: every game)")
    add.set_defaults(handler=add_site)
    remove = actions.add_parser("remove", help="disallow an origin")
    remove.add_argument("origin")
    remove.set_defaults(handler=remove_site)
    listing = actions.add_parser("list", help="the allowed origins, environment bootstrap included")
    listing.add_argument("--json", action="store_true", help="one JSON array, as GET /v1/sites's data")
    listing.set_defaults(handler=list_sites)


def add_site(args: argparse.Namespace) -> int:
    from service.api.routes.sites import unknown_games
    from service.core.config import get_settings
    from service.sites import SiteStore

    settings = get_settings()
    games = [game.strip() for game in args.games.split(",") if game.strip()]
    refusal = unknown_games(games, settings.corpus_dir)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    try:
        site = SiteStore.for_settings(settings).add(args.origin, games)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    print(f"allowed {site.origin} for {', '.join(site.games) or 'every game'}")
    return 0


def remove_site(args: argparse.Namespace) -> int:
    from service.core.config import get_settings
    from service.sites import SiteStore

    try:
        removed = SiteStore.for_settings(get_settings()).remove(args.origin)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    if not removed:
        print(f"no stored site {args.origin} (origins of ARBITRE_CORS_ORIGINS are removed there)", file=sys.stderr)
        return 1
    print(f"removed {args.origin}")
    return 0


def list_sites(args: argparse.Namespace) -> int:
    from service.core.config import get_settings
    from service.sites import AllowedOrigins

    sites = AllowedOrigins(get_settings()).sites()
    if args.json:
        print(json.dumps([asdict(site) for site in sites], ensure_ascii=False, indent=2))
        return 0
    for site in sites:
        print(f"{site.origin}  {', '.join(site.games) or 'every game'}  ({site.source}{', ' + site.added_at if site.added_at else ''})")
    if not sites:
        print("(no site allowed)")
    return 0
