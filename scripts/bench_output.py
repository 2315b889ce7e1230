"""What every benchmark script does with its result: print it as JSON, and write it to ``--out`` when given."""

from __future__ import annotations

import json
from pathlib import Path


def emit(result: dict, out: Path | None) -> None:
    """Print ``result`` as indented JSON; also write it to ``out`` (parents made) when it is given."""
    text = json.dumps(result, indent=2, ensure_ascii=False)
    print(text)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text + "\n", encoding="utf-8")
