"""Sentences said aside (chatter around a rules question) are blanked before the question is read."""

import pytest

from service.grounding.aside import aside_spans, without_asides

TOURS = ("J'ai posé ma carte au tour 1 et je l'ai laissée face cachée aux tours 1, 2 et 3 en ajoutant un point "
         "à chaque fois. Combien de points y a-t-il dessus ?")
CHATTER_FR = "Soirée chez Victor, on joue depuis 3 heures et il reste 2 parts de tarte. "
CHATTER_EN = "We have been at it for 3 hours and 2 slices of cake are left. "


def _spans(grounder, question: str, game: str = "oriflamme"):
    recogniser = grounder.recognisers[game]
    return aside_spans(question, recogniser.recognise(question), grounder._lexicons[game], recogniser.is_slip)


def test_chatter_with_numbers_and_a_name_is_blanked_keeping_every_offset(grounder):
    question = CHATTER_FR + TOURS
    recogniser = grounder.recognisers["oriflamme"]
    spoken = without_asides(question, recogniser.recognise(question), grounder._lexicons["oriflamme"], recogniser.is_slip)
    assert len(spoken) == len(question)
    assert spoken[: len(CHATTER_FR)].strip() == ""
    assert spoken[len(CHATTER_FR):] == TOURS


@pytest.mark.parametrize("kept", [
    "Hugo a 11 devant lui. J'ai 9. Qui gagne ?",  # a bare number may be an elided count
    "Hugo est assis à ma gauche. Hugo élimine ma reine : je perds combien ?",  # a name said again later
    "La reine de Léa est révélée. Elle gagne combien ?",  # a glossary term
    "On est 4. Qui a la tuile premier joueur au tour 3 ?",  # a player count
])
def test_sentences_that_state_a_fact_of_the_game_stay(grounder, kept):
    assert _spans(grounder, kept) == []


def test_the_asking_sentence_is_never_aside(grounder):
    assert _spans(grounder, "Il reste 2 parts de tarte ?") == []


def test_a_name_one_slip_from_a_game_word_does_not_keep_chatter(grounder):
    """"Victor" is one slip from "victoire"/"victory"; capitalised inside the sentence, it is a person's name."""
    question = "Chez Victor on joue depuis 2 heures. " + TOURS
    assert _spans(grounder, question) == [(0, len("Chez Victor on joue depuis 2 heures."))]


@pytest.mark.parametrize("chatter", [CHATTER_FR, CHATTER_EN])
def test_the_engine_verdict_does_not_move_with_chatter(grounder, chatter):
    plain = grounder.check(TOURS, "oriflamme")
    chatted = grounder.check(chatter + TOURS, "oriflamme")
    assert plain is not None and chatted is not None
    assert (chatted.check.method, chatted.raw) == (plain.check.method, plain.raw) == ("frame", 3)


def test_a_slipped_game_word_starting_a_sentence_keeps_it(grounder):
    question = "Burglery flipped. Dana has 3 raccons, Eli has 1. Who loses rubies?"
    assert _spans(grounder, question, "for-a-crown") == []


@pytest.mark.parametrize("game, chatter", [
    ("emblemes", "On joue depuis 2 heures chez Victor et il reste 3 parts de pizza. "),  # "joue": Emblèmes' play
    ("emblemes", "We've been playing for 2 hours at Victor's place and there are 3 slices of pizza left. "),  # "place"
    ("splendor", "On joue depuis 2 heures chez Victor et il reste 3 parts de pizza. "),  # "il reste": a pile
    ("for-a-crown", "We've been playing for 2 hours at Victor's place and there are 3 slices of pizza left. "),  # "left"
])
def test_a_game_word_in_a_sentence_counting_only_foreign_things_is_still_chatter(grounder, game, chatter):
    assert _spans(grounder, chatter + "Qui gagne ?", game) == [(0, len(chatter) - 1)]


@pytest.mark.parametrize("kept", [
    "Je joue depuis 2 heures. Qui gagne ?",  # the asker speaks: "joue" may be their move
    "On joue depuis longtemps. Qui gagne ?",  # no foreign count: the game's word keeps it
])
def test_a_game_word_stays_a_fact_when_the_asker_speaks_or_nothing_foreign_is_counted(grounder, kept):
    assert _spans(grounder, kept, "emblemes") == []
