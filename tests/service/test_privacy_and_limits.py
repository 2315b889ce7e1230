"""Redaction of personal data, signed answer ids and per-client rate limits, each on its own."""

from __future__ import annotations

import time

import pytest

from service.answer_ids import AnswerIds
from service.api.rate_limit import RateLimited, RateLimiter
from service.redaction import redact


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        ("Écris à ana.b+x@example.co.uk stp", "Écris à [e-mail] stp"),
        ("mon 06 12 34 56 78, ou +33 (0)6-12-34-56-78", "mon [phone], ou [phone]"),
        ("voir https://forum.example/t/1?x=2 et www.jeux.example/faq", "voir [url] et [url]"),
        ("J'ai 3 cartes, 12 pièces et 2 joueurs en 2024", "J'ai 3 cartes, 12 pièces et 2 joueurs en 2024"),
        ("Le Matelot vaut 2 et le Port 10 10 ?", "Le Matelot vaut 2 et le Port 10 10 ?"),
    ],
)
def test_redaction_replaces_contact_details_and_keeps_game_numbers(text: str, redacted: str) -> None:
    assert redact(text) == redacted


@pytest.mark.parametrize("hostile", ["1" * 100_000, "a." * 50_000 + "@", "a@" * 50_000, "(1" * 50_000, "http://" * 20_000])
def test_redaction_is_linear_on_hostile_input(hostile: str) -> None:
    started = time.perf_counter()
    redact(hostile)
    assert time.perf_counter() - started < 1.0  # a quadratic pattern took 80-160 s on the first two


def test_answer_ids_are_checked_by_game_and_secret() -> None:
    ids = AnswerIds(b"0123456789abcdef")
    answer_id = ids.issue("emblemes")
    assert len(answer_id) == 48 and answer_id != ids.issue("emblemes")
    assert ids.issued(answer_id, "emblemes")
    assert not ids.issued(answer_id, "splendor")
    assert not AnswerIds(b"another secret, 16+ bytes").issued(answer_id, "emblemes")
    assert not ids.issued(answer_id[:-1] + ("0" if answer_id[-1] != "0" else "1"), "emblemes")
    assert not ids.issued("not an id", "emblemes")


def test_a_short_answer_id_secret_is_refused() -> None:
    with pytest.raises(ValueError, match="answer_id_secret: expected at least 16 bytes, got 5"):
        AnswerIds(b"short")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    clock = FakeClock()
    limiter = RateLimiter(per_minute=6, burst=2, clock=clock)
    limiter.take("a")
    limiter.take("a")
    with pytest.raises(RateLimited) as limited:
        limiter.take("a")
    assert limited.value.retry_after_s == 10
    limiter.take("b")  # another client has its own bucket
    clock.now = 10.0
    limiter.take("a")


def test_the_limiter_forgets_the_least_recent_clients_past_its_bound() -> None:
    limiter = RateLimiter(per_minute=1, burst=1, max_clients=100, clock=FakeClock())
    for client in range(1_000):
        limiter.take(str(client))
    assert len(limiter) == 100
    with pytest.raises(RateLimited):
        limiter.take("999")
