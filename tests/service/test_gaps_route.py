"""``POST /v1/games/{game}/gaps``: the gap-impact ranking over HTTP, with its limits."""

from __future__ import annotations


def test_gaps_of_emblemes_ranks_the_options(client):
    response = client.post("/v1/games/emblemes/gaps", json={
        "players": 4, "games": 5, "seed": 3, "only": ["emblemes.coins_below_zero", "emblemes.chasseur_discards_itself"]})
    assert response.status_code == 200
    body = response.json()
    assert body["games"] == 5 and body["seeds"] == [3, 7] and "not strong play" in body["caveat"]
    ranked = [entry["assumption"] for entry in body["ranking"]]
    assert sorted(ranked) == ["emblemes.chasseur_discards_itself", "emblemes.coins_below_zero"]
    rates = [entry["winner_change_rate"] for entry in body["ranking"]]
    assert rates == sorted(rates, reverse=True)


def test_gaps_variant_sets_the_baseline(client):
    response = client.post("/v1/games/emblemes/gaps", json={
        "players": 3, "games": 2, "variant": {"emblemes.coins_below_zero": "allow_negative"},
        "only": ["emblemes.coins_below_zero"]})
    assert response.status_code == 200
    (entry,) = response.json()["ranking"]
    assert entry["baseline"] == "allow_negative" and entry["options"][0]["option"] == "floor_at_zero"


def test_gaps_bad_input_is_422_naming_the_field(client):
    cases = [
        ({"variant": {"emblemes.coins_below_zero": "maybe"}}, "variant"),
        ({"players": 9}, "players"),
        ({"only": ["emblemes.nope"]}, "only"),
        ({"games": 100_000}, "games"),
        ({"games": 0}, "games"),
    ]
    for body, field in cases:
        response = client.post("/v1/games/emblemes/gaps", json=body)
        assert response.status_code == 422, body
        assert response.json()["errors"][0]["field"] == field, response.json()
    assert client.post("/v1/games/chess/gaps", json={}).status_code == 404
