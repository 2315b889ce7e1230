"""Silent topics: kinds of detail a rulebook may never settle, read once for every game (service/answers/silent_topics.py)."""

from pathlib import Path

import pytest

from service.answers.abstention import decide
from service.answers.corpus import Rulebook
from service.answers.evidence import Evidence
from service.answers.gaps import GapMatch, match
from service.answers.silent_topics import (game_names, generic_reading, load_topics, parse_topics, settled_here, settles,
                                           silent_topics, silent_topics_by_reading, topic_asked)
from service.answers.wording import abstention_text

STRONG = Evidence(coverage=0.9, unknown=0.0, relevance=0.8, strength=0.95)


def test_every_topic_says_what_a_silent_rulebook_lacks_and_how_players_ask_in_both_languages():
    topics = load_topics()
    assert len({t.id for t in topics}) == len(topics) >= 10
    for topic in topics:
        assert topic.lacks["fr"] and topic.lacks["en"], topic.id
        assert topic.ask["fr"] and topic.ask["en"] and topic.settled_by, topic.id


@pytest.mark.parametrize("broken, named", [
    ("topics: {t: [a]}", "topics.t: expected a mapping"),
    ("topics: {t: {lacks: {fr: a}, ask: {fr: [a], en: [b]}, settled_by: [c]}}", "topics.t: 'lacks' needs"),
    ("topics: {t: {lacks: {fr: a, en: b}, ask: {fr: [a], en: [b]}, settled_by: []}}", "topics.t: 'settled_by' needs"),
    ("topics: {t: {lacks: {fr: a, en: b}, ask: {fr: [1], en: [b]}, settled_by: [c]}}", "topics.t: 'ask' phrasings"),
])
def test_a_malformed_topic_names_the_topic_and_the_field(broken, named):
    with pytest.raises(ValueError, match=named):
        parse_topics(broken)


def test_a_sentence_settles_a_phrase_when_it_holds_all_its_words_close_together():
    assert settles("Sauf si la pioche de ce niveau est épuisée.", "pioche épuisée")
    assert settles("Si un paquet est vide, on laisse les espaces libres.", "paquet vide")
    assert not settles("Rapprochez les cartes de la file pour combler le vide.", "pile vide")


def _corpus(tmp_path: Path, body: str) -> Path:
    game = tmp_path / "corpus" / "jeu"
    game.mkdir(parents=True)
    (game / "rules.md").write_text("---\nid: jeu\ntitle: Jeu\nlanguage: fr\nplayers: null\n---\n\n# Jeu\n\n## Tour\n\n"
                                   + body + "\n", encoding="utf-8")
    return tmp_path / "corpus"


def test_a_topic_is_silent_for_a_game_only_when_no_sentence_of_its_rules_settles_it(tmp_path):
    silent = {t.id for t in silent_topics(_corpus(tmp_path, "Le plus jeune joueur commence. On joue chacun son tour."))["jeu"]}
    assert "first_player" not in silent, "« le plus jeune » says who starts"
    assert {"time_limit", "trading", "house_rule"} <= silent


def _rulebook() -> Rulebook:
    return Rulebook("jeu", "Le plus jeune joueur commence.", {"commenc": 1.0, "jeun": 2.0}, {})


def test_a_question_lands_on_a_silent_topic_through_the_known_gaps_matcher():
    topics = {t.id: t for t in load_topics()}
    found = match("Y a-t-il un sablier pour le temps de réflexion ?", [topics["time_limit"]], _rulebook())
    assert found is not None and found.gap.id == "time_limit"
    assert match("Combien de tours dure la partie ?", [topics["time_limit"]], _rulebook()) is None


def test_a_silent_topic_abstains_after_a_known_gap_and_before_the_other_content_gates():
    topic = next(t for t in load_topics() if t.id == "trading")
    landed = GapMatch(topic, 2.0, "trade")
    decision = decide(STRONG, ["name"], False, 0.9, 0.5, topic=landed)
    assert (decision.abstain, decision.reason, decision.lacking, decision.topic) == (True, "silent_topic", "trading",
                                                                                     landed)
    assert decide(STRONG, [], True, 0.9, 0.5).abstain is False
    assert decide(Evidence(0.9, 0.0, 0.8, 0.95, unstated_field="players"), [], True, 0.9, 0.5,
                  topic=landed).reason == "unstated_field"


def test_an_abstention_on_a_silent_topic_says_what_the_rules_lack():
    assert abstention_text("fr", (), "trading", "si l'on peut échanger") == "Les règles ne le précisent pas : si l'on peut échanger."
    assert abstention_text("en", (), None, "whether players may trade") == "The rules do not say: whether players may trade."


@pytest.mark.parametrize("game, question, opening", [
    ("for-a-crown", "Can we trade coins between players?", "The rules do not say: whether players may trade or lend."),
    ("emprise", "Mon score peut-il passer en négatif ?", "Les règles ne le précisent pas : si un total peut passer sous zéro."),
])
def test_a_question_on_a_silent_topic_abstains_and_cites_the_closest_rules(client, game, question, opening):
    body = client.post("/v1/ask", json={"game": game, "question": question}).json()
    assert body["abstained"] is True and body["answer"].startswith(opening)
    assert body["citations"] and all(c["role"] == "closest" for c in body["citations"])


def test_a_rulebook_that_only_counts_its_expansions_does_not_say_what_one_adds(tmp_path):
    silent = {t.id for t in silent_topics(_corpus(tmp_path, "- Extensions\n- 1"))["jeu"]}
    assert "expansion_content" in silent and "edition" not in silent
    topics = {t.id: t for t in load_topics()}
    found = match("L'extension elle rajoute quoi ?", [topics["expansion_content"]], _rulebook(), skip_function_words=False)
    assert found is not None and found.gap.id == "expansion_content"
    settled = {t.id for t in silent_topics(_corpus(tmp_path / "b", "L'extension ajoute un sixième joueur."))["jeu"]}
    assert "expansion_content" not in settled


def test_a_per_question_topic_is_kept_for_every_game_and_settled_by_the_sentences_retrieved(tmp_path):
    strategy = next(t for t in load_topics() if t.id == "strategy")
    assert strategy.per_question
    tip = "Conseil : gardez la Sorcière pour la fin, elle est puissante."
    assert "strategy" in {t.id for t in silent_topics(_corpus(tmp_path, tip))["jeu"]}, "a tip somewhere settles nothing"
    assert settled_here(strategy, ["Le joueur le plus âgé commence.", tip])
    assert settled_here(strategy, ["Plus votre Portrait est à droite, plus vous êtes influent."]), "a ranking by degree"
    assert not settled_here(strategy, ["Le joueur le plus âgé commence.", "Chaque joueur pioche 6 cartes."])
    assert not settled_here(strategy, (s for s in ["Plus votre Portrait est à droite, plus vous êtes influent."]
                                       if False)), "an empty iterable settles nothing"
    assert settled_here(strategy, iter(["Rien ici.", "Plus on avance, plus c'est cher."])), "an iterator is read once"


@pytest.mark.parametrize("question", [
    "Quelle est la meilleure carte à garder pour le dernier tour ?",
    "Vaut-il mieux viser les nobles ou les cartes de niveau 3 ?",
    "What's the best Order to pair with the Archers?",
])
def test_a_question_that_asks_which_choice_is_best_lands_on_the_strategy_topic(question):
    strategy = next(t for t in load_topics() if t.id == "strategy")
    found = match(question, [strategy], _rulebook(), skip_function_words=False)
    assert found is not None and found.gap.id == "strategy"
    assert match("Qui a le plus de cartes à la fin ?", [strategy], _rulebook(), skip_function_words=False) is None


@pytest.mark.integration
@pytest.mark.parametrize("game, question, abstains", [
    ("splendor", "Vaut-il mieux viser les nobles ou les cartes de niveau 3 pour gagner vite ?", True),
    ("for-a-crown", "In the Gallery, is it better to be on the left or on the right?", False),
])
def test_a_strategy_question_abstains_unless_a_retrieved_sentence_weighs_the_choices(real_client, game, question,
                                                                                     abstains):
    """The real retriever: the Galerie question's « Plus votre Portrait est à droite, plus… » comes 6th."""
    body = real_client.post("/v1/ask", json={"game": game, "question": question}).json()
    assert body["abstained"] is abstains
    if abstains:
        assert body["answer"].startswith("Les règles ne le précisent pas : quel choix est le meilleur")
        assert body["citations"] and all(c["role"] == "closest" for c in body["citations"])


def test_a_rulebook_whose_tie_holds_still_settles_the_unbroken_tie(tmp_path):
    rules = "Si l'égalité tient encore après les deux rondes, le Dernier Mot tranche."
    assert "tie_unbroken" not in {t.id for t in silent_topics(_corpus(tmp_path, rules))["jeu"]}


def test_a_shortfall_told_in_the_story_lands_on_its_topic_read_in_the_whole_question():
    shortfall = next(t for t in load_topics() if t.id == "shortfall")
    assert shortfall.per_question and shortfall.whole_question and not shortfall.by_degree
    told = "La Voleuse de Karim doit voler 2 pièces à Inès, mais Inès n'en a plus qu'une. Il se passe quoi ?"
    found = match(told, [shortfall], _rulebook(), skip_function_words=False)
    assert found is not None and found.gap.id == "shortfall"
    assert match("Il se passe quoi ?", [shortfall], _rulebook(), skip_function_words=False) is None
    spread = "My Usurpation's only neighbour is my own revealed Felon, so I have to eliminate it?"
    assert match(spread, [shortfall], _rulebook(), skip_function_words=False) is None, "'only … have' far apart"


def test_a_shortfall_is_settled_by_a_retrieved_sentence_that_speaks_of_a_shortage():
    shortfall = next(t for t in load_topics() if t.id == "shortfall")
    assert settled_here(shortfall, ["Vous pouvez toujours remplacer 1 Pièce par 1 Rubis si vous manquez de Pièces."])
    assert settled_here(shortfall, ["S'il n'y a plus d'or, la réservation reste permise."])
    assert not settled_here(shortfall, ["Volez 2 pièces d’or à un joueur qui possède une carte adjacente."])
    assert not settled_here(shortfall, ["Plus votre Portrait est à droite, plus vous êtes influent."]), "no degree"


def test_the_topics_are_split_by_where_the_question_asks_them(tmp_path):
    asked, story = silent_topics_by_reading(_corpus(tmp_path, "On joue chacun son tour."))["jeu"]
    assert "shortfall" in {t.id for t in story} and "shortfall" not in {t.id for t in asked}
    assert {"strategy", "time_limit"} <= {t.id for t in asked}


@pytest.mark.parametrize("flag", ["per_question", "whole_question", "by_degree"])
def test_a_topic_flag_must_be_a_boolean(flag):
    with pytest.raises(ValueError, match=f"topics.t: '{flag}' must be true or false"):
        parse_topics(f"topics: {{t: {{lacks: {{fr: a, en: b}}, ask: {{fr: [a], en: [b]}}, settled_by: [c], {flag}: 2}}}}")


@pytest.mark.parametrize("question, lands", [
    ("Entre potes on voudrait jouer 4 manches au lieu de 3 pour que ça dure plus. Ça change quoi au décompte ?", True),
    ("For a longer game, can we start each family with 15 rubies instead of 10? How does that change things?", True),
    ("My friend and I want to play without the Résonance. Would the game still be balanced that way?", True),
    ("On a une règle maison pour la pioche, c'est permis ?", True),
    ("Mon mercenaire Influence est révélé. Je peux décaler le portrait de Léa au lieu du mien ?", False),  # a move
    ("Est-ce qu'on a le droit de garder ses pièces cachées au lieu de les laisser à la vue de tous ?", False),
    ("Ça change quoi au décompte ?", False),
])
def test_a_variant_the_players_make_up_lands_on_house_rules_wherever_the_question_tells_it(question, lands):
    house_rule = next(t for t in load_topics() if t.id == "house_rule")
    assert house_rule.whole_question and not house_rule.per_question
    found = match(question, [house_rule], _rulebook(), skip_function_words=False)
    assert (found is not None) == lands


def test_who_drew_the_cards_is_silent_unless_a_sentence_speaks_of_the_illustrations(tmp_path):
    illustrations = next(t for t in load_topics() if t.id == "illustrations")
    assert match("Who did the artwork for the game?", [illustrations], _rulebook(), skip_function_words=False)
    assert match("Qui a fait les illustrations ?", [illustrations], _rulebook(), skip_function_words=False)
    assert "illustrations" in {t.id for t in silent_topics(_corpus(tmp_path, "On joue chacun son tour."))["jeu"]}
    drawn = _corpus(tmp_path / "drawn", "Les illustrations sont générées, puis retouchées.")
    assert "illustrations" not in {t.id for t in silent_topics(drawn)["jeu"]}


def _corpus_with_glossary(tmp_path: Path, body: str) -> Path:
    corpus = _corpus(tmp_path, body)
    (corpus / "jeu" / "rules.md").write_text(
        (corpus / "jeu" / "rules.md").read_text(encoding="utf-8").replace("title: Jeu", "title: Les Corsaires"),
        encoding="utf-8")
    (corpus / "jeu" / "glossary.yaml").write_text(
        "game: jeu\nterms:\n"
        "  - {id: vigie, kind: card, fr: Vigie, en: Lookout, aliases: [vigies]}\n"
        "  - {id: doublon, kind: token, fr: Doublon, en: Doubloon}\n"
        "  - {id: port, kind: location, fr: Port, en: Harbour}\n", encoding="utf-8")
    return corpus


def test_a_name_is_read_as_what_it_names_the_title_as_the_game(tmp_path):
    names = game_names(_corpus_with_glossary(tmp_path, "On joue chacun son tour."))["jeu"]
    assert generic_reading("Notre Vigie est abîmée, on fait quoi ?", names, "fr") == "notre carte est abimee on fait quoi"
    assert generic_reading("We lost a Doubloon at the Harbour", names, "en") == "we lost a token at the harbour"
    assert generic_reading("Combien coûte Les Corsaires ?", names, "fr") == "combien coute le jeu"
    assert generic_reading("How much does jeu cost?", names, "en") == "how much does the game cost", "the game's id too"


def test_a_question_naming_a_card_or_the_game_lands_on_the_topic_its_generic_words_ask(tmp_path):
    corpus = _corpus_with_glossary(tmp_path, "On joue chacun son tour.")
    rulebook = _rulebook()
    damaged = topic_asked("Notre Vigie est abîmée, on fait quoi ?", "jeu", corpus, rulebook, "fr")
    assert damaged is not None and damaged.gap.id == "lost_component"
    price = topic_asked("Combien coûte Les Corsaires ?", "jeu", corpus, rulebook, "fr")
    assert price is not None and price.gap.id == "price"
    assert topic_asked("Combien coûte la Vigie ?", "jeu", corpus, rulebook, "fr") is None, "a card's cost is a rule's"


def test_lost_points_and_a_card_replaced_in_play_do_not_settle_a_lost_component_nor_expansions_a_price(tmp_path):
    silent = {t.id for t in silent_topics(_corpus(tmp_path, "Les points dessus sont perdus. Remplacez la carte jouée."
                                                  "\n\n- Extensions\n- 1"))["jeu"]}
    assert {"lost_component", "price"} <= silent
    assert "price" not in {t.id for t in silent_topics(_corpus(tmp_path / "b", "Prix conseillé : 25 euros."))["jeu"]}


def test_a_heading_states_no_rule_so_it_settles_no_topic(tmp_path):
    """« Le jeu en 30 secondes » titles a summary: it sets no time limit for a turn."""
    silent = {t.id for t in silent_topics(_corpus(tmp_path, "## Le jeu en 30 secondes\n\nChacun joue une carte."))["jeu"]}
    assert "time_limit" in silent
    settled = {t.id for t in silent_topics(_corpus(tmp_path / "b", "Chaque joueur a 30 secondes pour jouer."))["jeu"]}
    assert "time_limit" not in settled, "a body sentence with a duration does settle it"


@pytest.mark.parametrize("question", [
    "Quelle carte je devrais poser pour avoir le plus de chances de gagner ?",
    "Which Order gives me the best chance against the Archers?",
])
def test_asking_for_ones_chances_of_winning_lands_on_the_strategy_topic(question):
    strategy = next(t for t in load_topics() if t.id == "strategy")
    found = match(question, [strategy], _rulebook(), skip_function_words=False)
    assert found is not None and found.gap.id == "strategy"
    assert match("Combien de points faut-il pour gagner ?", [strategy], _rulebook(), skip_function_words=False) is None


@pytest.mark.parametrize("question", [
    "Avec l'extension, combien de points faut-il pour gagner ?",
    "With the expansion, how many nobles are laid out?",
])
def test_a_question_conditioned_on_an_expansion_lands_on_what_the_expansion_changes(question):
    topic = next(t for t in load_topics() if t.id == "expansion_content")
    found = match(question, [topic], _rulebook(), skip_function_words=False)
    assert found is not None and found.gap.id == "expansion_content"
    assert match("Combien de points faut-il pour gagner ?", [topic], _rulebook(), skip_function_words=False) is None


def test_only_a_sentence_that_lets_players_look_at_the_cards_settles_hidden_cards(tmp_path):
    consult = "Consultez toujours la carte Lieu en jeu : certaines récompenses sont fixes."
    assert "hidden_cards" in {t.id for t in silent_topics(_corpus(tmp_path, consult))["jeu"]}
    shown = "Les cartes défaussées sont placées face visible. Tous les joueurs peuvent les consulter."
    assert "hidden_cards" not in {t.id for t in silent_topics(_corpus(tmp_path / "b", shown))["jeu"]}


@pytest.mark.parametrize("topic, sentence", [
    ("take_back", "13 – La Sorcière : Annulez l'effet de fin de manche de toutes les cartes de ce lieu."),
    ("trading", "Échange son rang exposé avec celui de chaque ennemie adjacente."),
    ("table_talk", "Vos huit cartes sont celles de chacun, et c'est dans leur alliance que se joue la partie."),
    ("table_talk", "Prenez les 2 cartes Événement de départ et formez une pile commune face cachée."),
])
def test_a_game_term_that_shares_a_topics_words_does_not_settle_it(tmp_path, topic, sentence):
    assert topic in {t.id for t in silent_topics(_corpus(tmp_path, sentence))["jeu"]}
