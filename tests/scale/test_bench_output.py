import json

from scripts.bench_output import emit


def test_emit_prints_the_result_and_writes_it_where_asked(tmp_path, capsys) -> None:
    result = {"rps": 81.0, "game": "Emblèmes"}
    out = tmp_path / "deeper" / "bench.json"
    emit(result, out)
    assert json.loads(capsys.readouterr().out) == result
    assert json.loads(out.read_text(encoding="utf-8")) == result


def test_emit_without_out_writes_nothing(tmp_path, capsys) -> None:
    emit({"rps": 1.0}, None)
    assert json.loads(capsys.readouterr().out) == {"rps": 1.0}
    assert list(tmp_path.iterdir()) == []
