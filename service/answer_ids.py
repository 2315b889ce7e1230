"""Answer ids that prove the server issued them, so feedback is only taken for real answers.

An id is 32 random hex digits followed by 16 hex digits of an HMAC-SHA256 of the
game and those digits under the server's secret: checking one needs no storage
(memory stays flat however many answers are issued) and survives restarts when
the secret is configured (``ARBITRE_ANSWER_ID_SECRET``); without it, each process
draws its own and feedback on answers issued before a restart is refused.

Usage::

    ids = AnswerIds(b"secret")
    answer_id = ids.issue("emblemes")
    ids.issued(answer_id, "emblemes")   # True
    ids.issued(answer_id, "splendor")   # False
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

__all__ = ["ANSWER_ID_PATTERN", "AnswerIds"]

ANSWER_ID_PATTERN = r"^[0-9a-f]{48}$"
_SHAPE = re.compile(ANSWER_ID_PATTERN)
_NONCE_HEX = 32


class AnswerIds:
    """Issues and checks answer ids under one secret.

    Args:
        secret: at least 16 bytes; None draws a random one for this process.

    Raises:
        ValueError: a secret shorter than 16 bytes.
    """

    def __init__(self, secret: bytes | None = None) -> None:
        if secret is not None and len(secret) < 16:
            raise ValueError(f"answer_id_secret: expected at least 16 bytes, got {len(secret)}")
        self._secret = secret or secrets.token_bytes(32)

    def issue(self, game: str) -> str:
        """A fresh id for an answer about ``game``."""
        nonce = secrets.token_hex(_NONCE_HEX // 2)
        return nonce + self._mac(game, nonce)

    def issued(self, answer_id: str, game: str) -> bool:
        """Whether this server (or one with the same secret) issued ``answer_id`` for ``game``."""
        if not _SHAPE.match(answer_id):
            return False
        nonce, mac = answer_id[:_NONCE_HEX], answer_id[_NONCE_HEX:]
        return hmac.compare_digest(mac, self._mac(game, nonce))

    def _mac(self, game: str, nonce: str) -> str:
        message = game.encode("utf-8", "backslashreplace") + b"\0" + nonce.encode("ascii")
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:48 - _NONCE_HEX]
