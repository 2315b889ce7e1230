"""Scenarios as designers write them: YAML over HTTP, errors that name the line (``engine/core/scenario_text.py``)."""

from __future__ import annotations

import glob

import pytest
import yaml

from engine.core.scenario import ScenarioError
from engine.core.scenario_text import parse_scenario_text
from service.core.config import PROJECT_ROOT

YAML = {"content-type": "application/yaml"}
SCENARIO = """\
game: emblemes
title: La sélection est secrète
players: 3
position:
  first_player: 1
  players:
    - {hand: [Roi, Matelot, Barde]}
    - {hand: [Garde, Espionne, Traître]}
    - {hand: [Sorcière, Chasseur, Voleuse]}
steps:
  - {type: select, player: 2, card: Chasseur}
  - {type: select, player: 2, card: Voleuse, expect_rejection: already_selected}
expect:
  state: {players.2.hand: [Sorcière, Voleuse]}
"""


def test_every_scenario_file_reads_as_yaml_reads_it():
    files = glob.glob(str(PROJECT_ROOT / "corpus" / "*" / "scenarios" / "**" / "*.yaml"), recursive=True)
    assert files
    for path in files:
        text = open(path, encoding="utf-8").read()
        assert parse_scenario_text(text).data == yaml.safe_load(text), path


def test_lines_are_remembered_for_every_field():
    text = parse_scenario_text(SCENARIO)
    assert text.line_of("steps[1]") == 12 and text.line_of("steps[1].card") == 12
    assert text.line_of("expect.state") == 14 and text.line_of("position.players[2]") == 9
    assert text.line_of("steps[1].nope.deeper") == 12  # the nearest written parent


@pytest.mark.parametrize("text,path,message", [
    ("game: x\nsteps: [\n  {type: a}\n", "<yaml>", "line 4, column 1: not valid YAML"),
    ("game: x\nbase: &b {a: 1}\nother: *b\n", "<yaml>", "line 2: anchors and aliases"),
    ("game: x\nwhen: 2024-01-01\n", "when", "line 2: '2024-01-01' reads as timestamp"),
    ("game: x\nseed: .inf\n", "seed", "line 2: '.inf' is not a finite number"),
    ("game: x\nposition: {[1]: 2}\n", "position", "line 2: a key must be"),
    ("", "<root>", "line 1: the scenario is empty"),
])
def test_text_that_cannot_be_a_scenario_names_the_line(text, path, message):
    with pytest.raises(ScenarioError) as caught:
        parse_scenario_text(text)
    assert caught.value.path == path and caught.value.message.startswith(message)


def test_too_deep_is_refused_with_the_line():
    with pytest.raises(ScenarioError) as caught:
        parse_scenario_text("game: x\nposition: " + "[" * 40 + "]" * 40 + "\n", max_depth=32)
    assert "line 2: nested deeper than 32 levels" in caught.value.message


def test_yaml_runs_like_the_same_scenario_in_json(client):
    as_yaml = client.post("/v1/scenarios/run", content=SCENARIO.encode(), headers=YAML)
    as_json = client.post("/v1/scenarios/run", json=yaml.safe_load(SCENARIO))
    assert as_yaml.status_code == 200 and as_yaml.json() == as_json.json()
    assert as_yaml.json()["passed"] is True
    also = client.post("/v1/scenarios/run", content=SCENARIO.encode(), headers={"content-type": "text/yaml; charset=utf-8"})
    assert also.status_code == 200


@pytest.mark.parametrize("change,field,detail", [
    (("card: Chasseur}", "card: Dragon}"), "steps[0]", "Invalid scenario field 'steps[0]': line 11: card: expected"),
    (("- {type: select, player: 2, card: Chasseur}", "- {player: 2, card: Chasseur}"), "steps[0].type",
     "Invalid scenario field 'steps[0].type': line 11: expected an action type"),
    (("players: 3", "players: 3\nplayer: 3"), "player", "Invalid scenario field 'player': line 4: unknown field"),
    (("game: emblemes", "game: emblemes\nwhen: 2024-01-01"), "when", "Invalid scenario field 'when': line 2: "),
])
def test_yaml_errors_name_the_field_and_the_line(client, change, field, detail):
    response = client.post("/v1/scenarios/run", content=SCENARIO.replace(*change).encode(), headers=YAML)
    assert response.status_code == 422
    body = response.json()
    assert body["errors"][0]["field"] == field and body["detail"].startswith(detail), body


def test_malformed_yaml_is_422_on_the_body_with_the_line(client):
    response = client.post("/v1/scenarios/run", content=b"game: emblemes\nsteps: [\n", headers=YAML)
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "body"
    assert response.json()["detail"].startswith("Malformed YAML body: line 3, column 1: not valid YAML")
    not_utf8 = client.post("/v1/scenarios/run", content=b"game: \xff\n", headers=YAML)
    assert not_utf8.status_code == 422 and "UTF-8" in not_utf8.json()["detail"]
