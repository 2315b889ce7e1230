"""Question forms: a yes/no template never answers "what does it do?" or "how many?"."""

import pytest

from service.grounding.forms import COUNT, OPEN, POLAR, WHEN, WHICH, WHO, question_form


@pytest.mark.parametrize("question, form", [
    ("Mon Marchand me rapporte combien ?", COUNT),
    ("How many tokens must I give back?", COUNT),
    ("Qu'est-ce que fait mon Garde ?", OPEN),
    ("Mon Alchimiste, il copie quoi ?", OPEN),
    ("What does my Spy do?", OPEN),
    ("Comment se passe la fin de partie ?", OPEN),
    ("Je peux en réserver une quatrième ?", POLAR),
    ("Can my Guard move it to the Harbour?", POLAR),
    ("Égalité de points : qui gagne ?", WHO),
    ("If we tie, who wins?", WHO),
    ("Ma Voleuse est entre mes deux cartes : je vole qui ?", WHO),
    ("Who do I steal from?", WHO),
    ("Après une réservation, la place est remplie quand ?", WHEN),
    ("Which tokens can I give back?", WHICH),
])
def test_question_form(question, form):
    assert question_form(question) == form


@pytest.mark.parametrize("game, question", [
    ("emblemes", "Qu'est-ce que fait mon Garde ?"),
    ("emblemes", "What does my Spy do?"),
    ("emblemes", "Mon Alchimiste, il copie quoi ?"),
    ("splendor", "Comment se passe la fin de partie ?"),
])
def test_lookups_close_to_a_template_get_no_engine_check(grounder, game, question):
    assert grounder.check(question, game) is None


def test_a_lookup_of_a_state_quantity_is_read_off_the_engine_not_a_template(grounder):
    """No template answers it; the engine's own count of the turns played in a round does (session 7)."""
    grounded = grounder.check("Combien de tours par manche à 4 joueurs ?", "emblemes")
    assert grounded.check.method == "quantity" and grounded.verdict == 3


def test_an_open_question_that_sets_up_a_position_still_gets_a_number(grounder):
    grounded = grounder.check(
        "End of my turn: I'm holding 12 tokens and a noble qualifies for me. What happens?", "splendor", "en"
    )
    assert grounded is not None and grounded.engine_check["verdict"] == 2


@pytest.mark.parametrize("game, question, verdict", [
    ("emblemes", "À 5 joueurs, ma pioche suffit-elle pour toute la partie ?", "oui"),       # asked the other way
    ("emblemes", "Playing with five, can my personal deck be empty before the last round?", "no"),
    ("emblemes", "At 4 players, does my deck always hold enough cards to draw back up to 6?", "yes"),
    ("splendor", "Il reste 3 jetons verts : est-il interdit d'en prendre deux ?", "oui"),
    ("splendor", "Il reste 3 jetons verts : je peux en prendre deux ?", "non"),
])
def test_a_question_asked_the_other_way_gets_the_flipped_verdict(grounder, game, question, verdict):
    assert grounder.check(question, game).engine_check["verdict"] == verdict
