"""Questions compiled into frames and positions: facts placed, names kept, defaults varied, undescribed positions refused."""

from pathlib import Path

import pytest

from engine.core.registry import available_games
from service.grounding.framing import load_frame_modules
from service.grounding.lexicons import load_game_lexicon, load_lexicon

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
ROBBING = "Castle right now: Bob's Princess, Carla's Guard and Dan's Merchant. I put my Thief in the Castle. Can I rob Bob?"


def test_frame_reads_owners_places_action_and_what_is_asked(grounder):
    frame = grounder.frame(ROBBING, "emblemes", "en")
    assert [(c.card, c.owner, c.place) for c in frame.cards] == [
        ("princesse", "Bob", "chateau"), ("garde", "Carla", "chateau"), ("marchand", "Dan", "chateau"),
    ]
    assert (frame.action.verb, frame.action.card.card, frame.action.place) == ("place", "voleuse", "chateau")
    assert (frame.asked.what, frame.asked.player, frame.asked.modal) == ("steal", "Bob", True)
    assert frame.players == ("Bob", "Carla", "Dan")


def test_issue_example_is_answered_by_the_engine_with_the_players_names(grounder):
    """The Thief slots in between the Guard (12) and the Merchant (6): Carla or Dan, never Bob."""
    grounded = grounder.check(ROBBING, "emblemes", "en")
    assert grounded.check.method == "frame" and grounded.verdict == "no" and grounded.raw is False
    assert grounded.text.startswith("No.")
    assert "Carla" in grounded.check.outcome or "Dan" in grounded.check.outcome
    assert "player 0" not in grounded.text.lower() and "player 1" not in grounded.text.lower()
    stated = [p for p in grounded.explanation.provenance if p.source == "stated"]
    assert len(stated) == 4  # three cards and the move; every stated fact is placed


def test_french_answer_names_players_and_says_toi(grounder):
    grounded = grounder.check(
        "Au Village il y a la Sorcière de Léa et le Matelot de Paul. Je pose ma Voleuse au Village : je peux voler Paul ?",
        "emblemes", "fr")
    assert grounded.verdict == "oui"
    assert "joueur 0" not in grounded.text and "joueur 1" not in grounded.text
    assert "Paul" in grounded.text


@pytest.mark.parametrize("question, verdict", [
    ("Ma Volleuse arive au Chateau ou il y a le Roi de Marc et l'Alchimiste de Julie, je peu voler Marc ?", True),
    ("My Sailer is in the Harbor and there is no Witch there. Is its reward doubled?", True),
    ("Mon Roi arrive au Port ou il y a deja une Voleuse adverse. Mon Roi est defausse ?", True),
])
def test_typos_and_missing_accents(grounder, question, verdict):
    assert grounder.check(question, "emblemes").raw is verdict


def test_a_card_elsewhere_is_not_in_the_location(grounder):
    """Irrelevant extra cards: the Thief in the Village does not make my King flee the Castle."""
    question = ("Castle: Zoe's King and Yann's Sailor; Village: Xavier's Thief; the Harbour is empty. "
                "I put my King in the Castle. Is my King discarded?")
    assert grounder.check(question, "emblemes", "en").raw is False


def test_absent_card_stays_off_the_table(grounder):
    grounded = grounder.check("Au Château : la Princesse de Léa, pas de Voleuse. Je pose mon Roi au Château, il est défaussé ?",
                              "emblemes", "fr")
    assert grounded.raw is False
    assert all(e["card"] != "Voleuse" for row in grounded.check.scenario["position"]["locations"].values() for e in row)


def test_counted_cards_are_placed_once_each(grounder):
    grounded = grounder.check("Two Traitors in the Harbour: are the rewards reversed twice?", "emblemes", "en")
    traitors = [e for e in grounded.check.scenario["position"]["locations"]["Port"] if e["card"] == "Traître"]
    assert len(traitors) == 2 and grounded.raw is False


def test_unsaid_owner_is_varied_and_shown_not_to_matter(grounder):
    grounded = grounder.check(
        "I play my King in the Village; the Village has a Witch and a Merchant but no Thief. Is my King discarded?",
        "emblemes", "en")
    assert grounded.raw is False and not grounded.check.open
    assert len(grounded.check.readings) == 2
    assert {r.verdict for r in grounded.check.readings} == {"no"}
    assert any(p.source == "default" and not p.decisive for p in grounded.explanation.provenance)


def test_a_choice_that_decides_is_said_open(grounder):
    """Not 'can I': the Thief between Bob's and Carla's cards robs whom the asker chooses."""
    grounded = grounder.check(
        "Castle: Bob's Witch and Carla's Merchant. I put my Thief in the Castle. Is Bob robbed?", "emblemes", "en")
    if grounded is not None:  # no check is fine; a yes or a no is not
        assert grounded.check.open and grounded.raw == "open"


@pytest.mark.parametrize("question", [
    "Can my Thief steal from Bob?",  # where is the Thief, who sits beside it?
    "Mon Chasseur arrive au Château : quelle carte est défaussée ?",  # what else is in the Château?
    "Je pose ma Guerrière au Port, je peux défausser le Roi de Léa ?",  # is the King in the Port, beside it?
    "Ma Princesse est au Château avec 2 autres cartes : combien de pièces je donne ?",  # which cards? a count not placed
])
def test_no_check_on_a_position_the_question_does_not_describe(grounder, question):
    assert grounder.check(question, "emblemes") is None


def test_which_question_never_gets_yes_or_no(grounder):
    grounded = grounder.check("Mon Chasseur arrive au Port où il y a un Roi et une Princesse : lequel est défaussé ?", "emblemes")
    assert grounded.raw == "Roi" and grounded.verdict == "Roi"
    grounded = grounder.check("My Hunter lands in the Harbour, which holds a King and a Princess. Which card is discarded?",
                              "emblemes", "en")
    assert grounded.verdict == "King"


def test_every_frame_module_has_a_checked_lexicon():
    """Registry-driven: each engine with a frames module ships corpus/<game>/lexicon.yaml using only its ids."""
    modules = load_frame_modules()
    assert set(modules) <= set(available_games())
    for game, module in modules.items():
        lexicon = load_game_lexicon(CORPUS / game / "lexicon.yaml", module)
        assert lexicon.game == game and lexicon.asks
        assert set(lexicon.asking) == set(getattr(module, "ASKING", ()))  # every word list a module reads is in data


def test_lexicon_rejects_unknown_ids_keys_and_languages(tmp_path):
    path = tmp_path / "lexicon.yaml"
    for text, message in [
        ("game: g\nasks: {stael: {en: [steal]}}\n", "unknown id"),
        ("game: g\nasks: {steal: {de: [stehlen]}}\n", "expected languages"),
        ("game: g\nasked: {}\n", "unknown key"),
        ("game: g\nasks: {steal: {en: []}}\n", "non-empty"),
        ("game: g\nasking: {lose_word: {en: [lose]}}\n", "unknown id"),  # an asking id no module declares
    ]:
        path.write_text(text)
        with pytest.raises(ValueError, match=message):
            load_lexicon(path, {"place"}, {"steal"})


@pytest.mark.parametrize("question, language, winner", [
    ("Final scores: Eva 16 points with 10 cards bought, Finn 16 points with 12 cards. Who wins?", "en", "Eva"),
    ("Tom et Sara finissent tous les deux à 16. Tom a acheté 10 cartes et en a 3 réservées, Sara a acheté 12 cartes. "
     "Qui gagne ?", "fr", "Tom"),
    ("Ana and Bob both end on 15. Ana bought 8 development cards and has 2 nobles; Bob bought 9 cards and has no noble. "
     "Who wins?", "en", "Ana"),
])
def test_splendor_winner_from_stated_totals(grounder, question, language, winner):
    grounded = grounder.check(question, "splendor", language)
    assert grounded.check.method == "frame" and grounded.raw == winner and grounded.verdict == winner
    assert grounded.text.startswith(f"{winner}.")
    assert "player 0" not in grounded.text and "joueur 1" not in grounded.text


def test_splendor_winner_left_open_when_cards_are_unsaid(grounder):
    grounded = grounder.check("Ana and Bob end on 15. Who wins?", "splendor", "en")
    assert grounded.check.open and grounded.raw == "open" and grounded.text.startswith("It depends.")
    assert {r.verdict for r in grounded.check.readings} >= {"Ana", "Bob"}


@pytest.mark.parametrize("question", [
    "Si deux joueurs arrivent à 15 points dans le même tour de table, qui gagne ?",  # whose totals?
    "Égalité à 15 entre Léa et Paul, tous les deux avec 7 cartes développement. Qui gagne ?",  # the rules stop there
])
def test_splendor_no_winner_without_totals_or_past_the_rules(grounder, question):
    assert grounder.check(question, "splendor") is None


@pytest.mark.parametrize("question, language, visits", [
    ("My bonuses: 4 red and 4 green. A noble needs 4 red and 4 green. Does it visit me at the end of my turn?", "en", True),
    ("Un noble demande 4 bonus bleus et 4 bonus verts. J'ai 4 cartes bleues, 3 cartes vertes et 3 jetons verts. "
     "Est-ce qu'il vient me voir ?", "fr", False),  # tokens never count for a noble
])
def test_splendor_noble_visit_from_stated_bonuses(grounder, question, language, visits):
    grounded = grounder.check(question, "splendor", language)
    assert grounded.check.method == "frame" and grounded.raw is visits
    player = grounded.check.scenario["position"]["players"][0]
    assert len(player["cards"]) == (8 if visits else 7)


@pytest.mark.parametrize("question, visits", [
    # no printed noble asks 4 blue alone, or 4 red and 3 green: the noble the question states
    ("J'ai 3 bonus bleus et 5 jetons bleus ; un noble demande 4 bleus. Il vient me voir ?", False),
    # "aucun jeton rouge" said later in the clause: the 3 green are bought cards, not tokens
    ("Le noble veut 4 rouges et 3 verts. J'ai acheté 4 cartes rouges et 3 vertes mais je n'ai aucun jeton rouge. "
     "Il vient me voir ?", True),
])
def test_splendor_a_requirement_no_printed_noble_has_is_the_noble_the_question_states(grounder, question, visits):
    grounded = grounder.check(question, "splendor", "fr")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw is visits
    position = grounded.check.scenario["position"]
    assert position["nobles"] == [11] and len(position["stated_nobles"]) == 1
    assert any("no printed noble asks that" in p.fact and p.source == "stated" for p in grounded.explanation.provenance)


@pytest.mark.parametrize("question", [
    # the reserved card is a fact the noble's position would not place: no run rather than a position without it
    "The noble I'm after needs 3 red bonuses. I've bought 2 red cards and I have a third red card reserved. Do I qualify?",
    # a colour said without a count ("une troisième verte") is a fact no count places
    "Un noble demande 4 rouges et 4 verts. J'ai 4 cartes rouges, 3 vertes et une troisième verte. Il vient me voir ?",
])
def test_splendor_noble_no_position_when_a_stated_fact_is_left_unplaced(grounder, question):
    grounded = grounder.check(question, "splendor")
    assert grounded is None or grounded.check.method != "frame"


def test_placeholder_rewards_are_never_told_as_fact(grounder):
    """Emblèmes' reward tables are placeholder data (a free-form assumption): no reward event in the account."""
    grounded = grounder.check(
        "Fin de manche au Port : il y a mon Marchand, une Guerrière et un Barde. Mon Marchand rapporte combien ?", "emblemes")
    rewards = [e for e in grounded.check.trace if "emblemes.reward_tables" in e["assumptions"]]
    assert rewards, "the run did score the location"
    assert "place :" not in grounded.check.outcome and "reçoit" not in grounded.check.outcome
    assert grounded.verdict == 2


def test_splendor_accounts_describe_cards_not_ids(grounder):
    grounded = grounder.check("Il reste 3 jetons rouges dans la pile : est-ce que je peux en prendre deux ?", "splendor")
    assert grounded is not None and "carte 5" not in grounded.text


@pytest.mark.parametrize("question, verdict", [
    ("Au Village : le Roi de Léa, puis le Roi de Paul posé à sa droite. Mon Chasseur arrive au Village : "
     "le Roi de qui est défaussé ?", "Léa"),
    ("Au Village : le Roi de Paul, et le Roi de Léa posé à sa gauche. Mon Chasseur arrive au Village : "
     "le Roi de qui est défaussé ?", "Léa"),
    ("Au Village : le Roi de Léa et le Roi de Paul. Mon Chasseur arrive au Village : le Roi de qui est défaussé ?", "open"),
])
def test_order_of_equal_cards_is_read_or_said_open(grounder, question, verdict):
    """The Chasseur discards the leftmost of a tie: an order the question does not give is not made up."""
    assert grounder.check(question, "emblemes").raw == verdict


def test_another_players_move_is_played_by_that_player(grounder):
    grounded = grounder.check(
        "Castle: Alice's King is leftmost, then Bob's King, then a Princess. Chloé reveals her Hunter and plays it "
        "in the Castle. Which card gets discarded?", "emblemes", "en")
    assert grounded.raw == "Roi (Alice)" and "Chloé" in grounded.check.outcome  # the card, and whose of the two Kings
    assert grounded.head.startswith("King (Alice)")
    grounded = grounder.check(
        "Au Village il y a ma Sorcière et le Matelot de Paul. Léa pose sa Voleuse au Village : elle peut me voler ?",
        "emblemes", "fr")
    assert grounded.raw is True and "Léa" in grounded.text


def test_a_participle_is_not_a_move(grounder):
    """'le Roi de Paul posé à sa droite' describes the table; the move is the asker's Chasseur."""
    frame = grounder.frame("Au Village : le Roi de Léa, puis le Roi de Paul posé à sa droite. Mon Chasseur arrive "
                           "au Village : le Roi de qui est défaussé ?", "emblemes", "fr")
    assert (frame.action.actor, frame.action.card.card) == ("self", "chasseur")


@pytest.mark.parametrize("question, verdict", [
    # the description says "where", the asking clause asks yes or no
    ("I reveal my Guard in the Village, where Carla's Merchant is the only card. Can I move Carla's Merchant to the "
     "Castle?", True),
    ("Harbour: Tom's Witch and Uma's Guard. I play my Hunter in the Harbour. Whose card gets discarded?", "Tom"),
    # "no other card of mine" states an absence, not a card to place
    ("Au Village il y a mon Espionne et le Roi de Paul, aucune autre carte à moi. Combien rapporte mon Espionne ?", 2),
])
def test_the_asking_clause_decides_the_form_and_absences_are_not_vague(grounder, question, verdict):
    assert grounder.check(question, "emblemes").raw == verdict


def test_either_one_is_a_pronoun_and_a_lone_kind_of_card_is_the_subject(grounder):
    """"either one" counts nothing; two Witches: is a Witch's effect cancelled? No, 13 is not below 13."""
    grounded = grounder.check("Two Witches sit in the Village at the end of the round, nothing else. "
                              "Does either one cancel the other's effect?", "emblemes", "en")
    assert grounded is not None and grounded.raw is False


def test_a_reading_that_is_no_position_is_dropped_not_the_question(grounder):
    """An unowned Princess cannot be the asker's when the asker already has one: the other readings still run."""
    grounded = grounder.check("my princess is in the castle with a princess and my spy. how many coins does my princess "
                              "give out?", "emblemes", "en")
    assert grounded is not None and grounded.raw == 2


@pytest.mark.parametrize("question, place", [
    ("The Castle has Ana's Princess (14). I play my Hunter (1) there. Is her Princess discarded?", "chateau"),
    ("Au Port il y a le Roi de Léa. J'y pose mon Chasseur : il défausse le Roi ?", "port"),
])
def test_a_card_played_there_is_played_where_the_question_last_named(grounder, question, place):
    frame = grounder.frame(question, "emblemes")
    assert frame.action is not None and frame.action.place == place


def test_there_is_no_place_pointed_back(grounder):
    frame = grounder.frame("Au Port il y a le Roi de Léa. Is there a rule for my Hunter?", "emblemes")
    assert all(card.card != "chasseur" or card.place is None for card in frame.cards)


def test_a_side_said_after_a_player_s_name_is_that_player_s_card(grounder):
    said = grounder.check("The Castle has Ana's Princess (14) and Bob's Princess (14), Ana's on the left. "
                          "I play my Hunter (1) there. Whose card gets discarded?", "emblemes", "en")
    assert said.check.verdict == "Ana" and not said.check.open
    unsaid = grounder.check("The Castle has Ana's Princess (14) and Bob's Princess (14). I play my Hunter (1) there. "
                            "Whose card gets discarded?", "emblemes", "en")
    assert unsaid.check.open  # which Princess is on the left is unsaid: it depends


def test_an_alchimiste_beside_another_alchimiste_copies_nothing(grounder):
    grounded = grounder.check("My Alchemist (10) lands right next to Tom's Alchemist (10) in the Village. "
                              "Can mine copy his effect?", "emblemes", "en")
    assert grounded.check.method == "frame" and grounded.raw is False
    assert "copying another Alchemist is impossible" in grounded.text  # the rule that decides, quoted first


def test_the_asking_words_of_a_game_are_found_by_the_shared_parser_with_their_positions(grounder):
    """For a Crown reads its asking words from the lexicon (corpus/for-a-crown/lexicon.yaml ``asking``), found
    like every lexicon word: stems and phrases, in either language, where they are said."""
    question = "Cambriolage : Anna a 3 ratons. Combien de rubis perd-elle, et les garde-t-elle ?"
    frame = grounder.frame(question, "for-a-crown", "fr")
    said = [(word.term, question[word.start : word.start + len(word.said)]) for word in frame.asking_words]
    assert ("raccoon_word", "ratons") in said and ("ruby_word", "rubis") in said
    assert ("lose_word", "perd") in said and ("keep_word", "garde") in said
