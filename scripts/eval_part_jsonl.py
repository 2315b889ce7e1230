#!/usr/bin/env python3
"""Write one evaluation part's questions as jsonl (for ``score_http.py``). Usage: eval_part_jsonl.py PART OUT"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_parts import load_part  # noqa: E402

rows = load_part(sys.argv[1])
Path(sys.argv[2]).write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
