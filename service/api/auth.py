"""The designers' token: ``Authorization: Bearer <ARBITRE_ADMIN_TOKEN>`` on designer-only routes.

Without a configured token the routes are off (403): the summary lists what
players asked, which is not for everyone. The CLI (``arbitre feedback summary``)
reads the database directly and needs no token.
"""

from __future__ import annotations

import hmac

from fastapi import HTTPException, Request, status

__all__ = ["ADMIN_DISABLED", "ADMIN_REQUIRED", "require_admin"]

ADMIN_DISABLED = "Designer routes are off: set ARBITRE_ADMIN_TOKEN to turn them on (or use `arbitre feedback summary`)"
ADMIN_REQUIRED = "Missing or wrong token: send 'Authorization: Bearer <ARBITRE_ADMIN_TOKEN>'"


def require_admin(request: Request) -> None:
    """Route dependency: 403 when no admin token is configured, 401 unless the request carries it."""
    token = request.app.state.settings.admin_token
    if token is None or not token.get_secret_value():
        raise HTTPException(status.HTTP_403_FORBIDDEN, ADMIN_DISABLED)
    scheme, _, sent = request.headers.get("authorization", "").partition(" ")
    expected = token.get_secret_value().encode("utf-8")
    if scheme.lower() != "bearer" or not hmac.compare_digest(sent.strip().encode("utf-8", "replace"), expected):
        raise HTTPException(status.HTTP_401_UNAUTHORIZED, ADMIN_REQUIRED, headers={"WWW-Authenticate": "Bearer"})
