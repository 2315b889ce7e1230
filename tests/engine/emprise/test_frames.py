"""EMPRISE questions answered from their frame (engine/emprise/frames.py): the count, and the Orders' abilities.

Each case is a question worded as players write it (names, no accents, typos,
English) and the verdict the engine must give; a question that leaves out what
the position needs gets no engine check at all.
"""

from __future__ import annotations

import pytest

from service.core.config import get_settings
from service.grounding.grounder import Grounder


@pytest.fixture(scope="module")
def grounder() -> Grounder:
    loaded = Grounder(get_settings().corpus_dir)
    loaded.warm_up()
    return loaded


def _verdict(grounder, question):
    answer = grounder.check(question, "emprise")
    assert answer is not None, question
    assert answer.check.method == "frame"
    return answer


@pytest.mark.parametrize("question,verdict", [
    # the count: cards owned + 2 points for the side that opened
    ("Lina a ouvert le duel. Au décompte, Lina possède 8 cartes et Malo 8. Qui gagne ?", "Lina"),
    ("Malo opened. At the count Lina owns 8 cards and Malo owns 7. Who wins?", "Malo"),
    ("jai ouvert, j'ai 7 cartes et mon adversaire 9, j'ai perdu ?", "non"),  # 9 to 9: a tie, nobody lost yet
    ("I went second. I own 9 cards and my opponent owns 7. Did I win?", "no"),
    ("J'ai commencé, j'ai 7 cartes et lui 9, c'est une égalité ?", "oui"),
    # session 11: a draw is a duel that ends with no winner, never (a perfect tie goes on to the Mort Subite)
    ("Final count: my opponent opened the duel and owns 7 cards on the board, I own 9. Is it a draw?", "no"),
    ("Léo a ouvert. À la fin il a 6 cartes et moi 10. Est-ce que c'est nul ?", "non"),
    ("J'ai ouvert le duel, j'ai 7 cartes et Léo en a 9. Ca finit sur un match nul ?", "non"),
    ("Hugo opened the duel; Hugo has 7 cards, Nina 9. How many points does Hugo score?", 9),
    # an Order's ability
    ("Sam capture par résonance un Doré de Max : la capacité du Doré joue pour qui ?", "Sam"),
    ("I capture Tom's Pike by Resonance. For whom does its ability trigger?", "you"),
    ("Je pose mes Cendres ; la carte la plus proche à gauche est mon propre Gardien, trois cases plus loin. Il est attiré ?", "oui"),
    ("My Ashes land; the nearest card on the right is an enemy card 2 squares away. Is it pulled?", "yes"),
    ("Mon Abysse est toute seule sur le plateau : elle a un bonus ?", "non"),
    ("J'ai 3 Abysses en jeu. Mon Abysse a un bonus ?", "oui"),
    ("Trois de mes Abysses sont en jeu. Est-ce que mon Abysse a un bonus ?", "oui"),
    ("Mon Maudit a ete capture deux fois ; son rang du haut valait 3. Il vaut combien maintenant ?", 5),
    ("My Cursed card got captured three times. Its left rank was 4 at the start. What is it worth now?", 7),
    ("Mes Dorés arrivent entre une carte ennemie et une de mes cartes. L'échange se fait aussi avec ma carte ?", "non"),
    ("My Gilded card lands between my own card and an enemy one. Does it swap with the enemy card?", "yes"),
    ("Tom vient de poser un Scribe. Ses rangs sont caches ?", "oui"),
    ("My opponent just played a Scribe. Can I see its ranks right now?", "no"),
    ("Can my Archer hit an enemy card 2 squares to the right? The square between is empty.", "yes"),
    # session 6: the Dernier Mot after both Mort Subite rounds; a quantity asked with "what rank"; a score phrasing
    ("Sam avait ouvert contre Max. Après les deux rondes de Mort Subite, toujours égalité. Qui gagne ?", "Max"),
    ("I opened the duel. At the end of both Sudden Death rounds we are still tied. Who wins?", "your opponent"),
    # session 9: the tie still holding after both rounds said as a score with the same number on both sides
    ("Sudden Death: I opened the duel against Mia. After both rounds it's still 10-10. Who wins?", "Mia"),
    ("Mort Subite : Paul avait ouvert contre Zoé. Après les deux rondes, toujours 9 à 9. Qui l'emporte ?", "Zoé"),
    ("My Cursed card has been captured once; its top rank was 2. What rank does its top side count as now?", 3),
    ("My card beats one enemy card 7 to 2 and ties another enemy card 5 to 5. How many enemy cards do I take?", 1),
    ("Ma carte bat une carte ennemie 7 à 2 et fait égalité avec une autre carte ennemie 5 à 5. J'en prends combien ?", 1),
    # session 10: both Mort Subite rounds over said by the Réserve cards placed or "after round 2"; a named opener
    # stays a player; a plain word capitalised ("Sure") names no player
    ("Mort subite entre Lou et Max : on a posé nos deux cartes de Réserve chacun et c'est toujours à égalité. "
     "Lou avait ouvert le duel. Qui gagne ?", "Max"),
    ("Sudden Death: Ana opened against Ben. Both of us played our two Reserve cards and it's still tied. Who wins?", "Ben"),
    ("Sudden Death: Ana opened against Ben. After round 2 it is still tied. Who wins?", "Ben"),
    ("Mort Subite : Ana a ouvert contre Ben. Après la deuxième ronde, toujours égalité. Qui gagne ?", "Ben"),
    ("Final count: Nils opened the duel and owns 8 cards, Ada owns 8 too. Who wins?", "Nils"),
    ("Décompte final : Nils a ouvert et possède 8 cartes, Ada en possède 8 aussi. Qui gagne ?", "Nils"),
    ("I'm Sure that Sam opened the duel. At the count Sam owns 7 cards and I own 10. Who wins?", "you"),
    # session 16: the Dernier Mot asked yes/no of one side (the asker, or a named side)
    ("Sudden death: nothing was captured and it's still a tie after both rounds. I did not open the duel. Do I win?", "yes"),
    ("Sudden Death: I opened the duel. After both rounds we are still tied. Do I win?", "no"),
    ("Mort Subite : Léa a ouvert le duel. Après les deux rondes on est toujours à égalité. Est-ce que Léa perd ?", "oui"),
    # what happens at a count the question states, asked openly
    ("J'ai ouvert le duel. À la fin j'ai 10 cartes et Tom en a 6. Que se passe-t-il ?",
     "vous gagnez le duel, 12 à 6 (cartes possédées, plus 2 points pour qui a ouvert)"),
])

def test_frame_questions_get_the_engine_verdict(grounder, question, verdict):
    answer = _verdict(grounder, question)
    assert answer.verdict == verdict or str(answer.verdict).lower() == str(verdict).lower()


def test_an_archer_three_squares_away_depends_on_its_range(grounder):
    answer = _verdict(grounder, "Mon archer peut toucher la carte ennemie 3 cases a gauche ? rien entre les deux")
    assert answer.check.open
    assert {(r.option, r.verdict) for r in answer.check.readings} == {(None, "oui"), ("two_squares", "non")}


def test_an_unnamed_captor_is_the_asker_and_names_come_back_as_written(grounder):
    answer = _verdict(grounder, "Jade capture par Résonance une carte Cendres de Tom. Sa capacité se déclenche pour qui ?")
    assert answer.verdict == "Jade" and answer.text.startswith("Jade")


@pytest.mark.parametrize("question", [
    "Au décompte j'ai 8 cartes et mon adversaire 8. Qui gagne ?",            # who opened is unsaid
    "J'ai ouvert le duel. Qui gagne au décompte ?",                           # no count at all
    "Mon Maudit a été capturé. Il vaut combien maintenant ?",                  # how many captures, which rank
    "Je capture une carte Cendres. Sa capacité se déclenche pour qui ?",       # not by Résonance
    "Mes Cendres attirent quelle carte ?",                                     # no card to pull
    "Les Cendres attirent-elles aussi une carte alliée ?",                     # nothing said of where it lies
    "Tom vient de poser un Scribe. Je pourrai voir ses rangs après mon prochain tour ?",  # a later turn
    "My Archer shoots at a card. Does it reach?",                             # no distance, no line
    "Sam avait ouvert. Après la première ronde de Mort Subite c'est égalité. Qui gagne ?",  # a second round follows
    "After both rounds of Sudden Death we are still tied. Who wins?",          # who opened is unsaid
    "Sudden death, Sam opened against Max. After the two rounds it is 9 to 10. Who wins?",  # no tie: a count
    "Sam opened against Max. After both rounds it is still 9-9. Who wins?",    # no Mort Subite named
    # session 10: a score said of the count is no pair of facing ranks; Réserve cards are no board count
    "Tom and I are tied 9 to 9 after the count. How many cards does each of us take out of the Reserve?",
    "On est à égalité 9 à 9 au décompte. Je prends combien de cartes à la Mort Subite ?",
    "Lou avait ouvert contre Max. En Mort Subite on a posé une carte de Réserve chacun, toujours égalité. Qui gagne ?",
])
def test_a_frame_that_misses_a_fact_gets_no_check(grounder, question):
    answer = grounder.check(question, "emprise")
    assert answer is None or answer.check.method != "frame"


@pytest.mark.parametrize("question,nobody,last_word", [
    ("J'ai ouvert le duel. À la fin, j'ai 7 cartes sur le plateau et mon adversaire en a 9. Qui gagne ?",
     "Personne pour l'instant", "donne le point à votre adversaire"),
    ("Mon adversaire a ouvert ; j'ai 9 cartes et lui 7. Qui l'emporte ?", "Personne pour l'instant", "vous donne le point"),
    ("Azur opened the duel. At the final count Azur owns 7 cards on the board and Carmin owns 9. Who wins?",
     "Nobody yet", "gives the point to Carmin"),
])
def test_who_wins_a_perfect_tie_says_what_the_rules_decide(grounder, question, nobody, last_word):
    # 7 + 2 against 9: nobody has won at the count; the Mort Subite, then the Dernier Mot, decide (no draw)
    answer = _verdict(grounder, question)
    assert answer.text.startswith(nobody)
    assert "9" in answer.verdict and last_word in answer.text
    assert not answer.check.open
    assert any(event["kind"] == "sudden_death" for event in answer.check.trace)


@pytest.mark.parametrize("language,start", [("fr", "Personne pour l'instant"), ("en", "Nobody yet")])
def test_the_who_wins_template_on_a_perfect_tie_is_never_none(language, start):
    from service.grounding import load_templates
    from service.grounding.checking import run_template
    from service.grounding.wording import verdict_value

    template = next(t for t in load_templates(get_settings().corpus_dir) if t.path.endswith("count_who_wins.yaml"))
    tie = run_template(template, {"opener": "self", "board": "7:9"})
    won = run_template(template, {"opener": "self", "board": "6:10"})
    assert tie is not None and won is not None
    assert str(verdict_value(template.answer, tie.verdict, language)).startswith(start)
    assert verdict_value(template.answer, won.verdict, language) == {"fr": "Votre adversaire", "en": "Your opponent"}[language]


@pytest.mark.parametrize("question,verdict", [
    # the issue's own example: the own card's tie makes the Résonance, the enemy card falls
    ("5 contre 5 avec une ennemie et 6 contre 6 avec ma propre carte, je prends ?", "oui"),
    ("6 contre 6 avec une de mes cartes et 5 contre 5 avec une ennemie : je prends la carte ennemie ?", "oui"),
    ("If I place a card and it's 5 vs 5 against one enemy card and 6 vs 6 against another enemy card, do I take both?", "yes"),
    ("My 7 against an enemy's 4 and my 2 against another enemy's 6: do I take both?", "no"),      # one of two
    ("My 7 against an enemy's 4 and my 2 against another enemy's 6: do I capture anything?", "yes"),
    ("Je pose une carte : 5 contre 5 avec une ennemie et 8 contre 3 avec une autre. Combien de cartes je prends ?", 1),
    ("Je pose une carte : 5 contre 5 avec une ennemie et 3 contre 3 avec une autre. Combien de cartes je prends ?", 2),
    ("Ma carte fait 4 contre 4 avec une seule carte adverse, rien d'autre autour. Je la capture ?", "non"),
    # each card's ranks said side by side: "son côté" is the rank of the sentence's own card; "côté droit"
    ("Ma carte a un 8 en haut et un 2 sur son côté gauche. Je la pose juste à droite de la carte de Sam, dont le côté droit montre 5. Je prends sa carte ?", "non"),
    ("Ma carte a un 1 en haut et un 7 sur son côté gauche. Je la pose juste à droite de la carte de Sam, dont le côté droit montre 5. Je prends sa carte ?", "oui"),
    # the Order of the card faced, named beside its pair: a Gardien defends with +1, a Pestiféré poisons my card
    ("Mon 6 contre le 5 d'un Gardien ennemi, je le prends ?", "non"),
    ("Ma carte fait 6 contre 4 avec le Gardien de Tom. Je le prends ?", "oui"),
    ("Ma carte fait 5 contre 5 avec un Pestiféré ennemi et 3 contre 3 avec une autre carte ennemie. Combien j'en prends ?", 0),
    ("6 contre 6 avec ma propre carte et 5 contre 5, je prends ?", "oui"),
    # session 10: the Order of the card the asker places, named after the placing verb, is played with its ability
    ("I place my Pikes card: my top rank 7 against the 3 of Ana's card. Do I capture her card?", "yes"),
    ("Je pose mon Pestiféré : mon 5 contre le 5 d'une carte de Léa. Rien d'autre autour. Je prends sa carte ?", "oui"),
    ("I play my Plague-bearer: my 5 against the 6 of Leo's card, nothing else around. Do I take it?", "no"),
    ("Je pose un Gardien : mon 6 contre le 4 d'une carte ennemie. Je la prends ?", "oui"),
])
def test_a_placement_told_by_its_facing_ranks_is_played(grounder, question, verdict):
    answer = _verdict(grounder, question)
    assert str(answer.verdict).lower() == str(verdict).lower()


@pytest.mark.parametrize("question", [
    "My 7 against an enemy's 4 and my 2 against another enemy's 6: do I take it?",   # which one? only one falls
    "5 contre 5 avec une ennemie et 6 contre 6 avec une autre, mon Gardien est à côté : je prends ?",  # a Gardien nowhere placed
    "Par Résonance je prends une carte ; elle fait 4 contre 4 avec une carte ennemie. Elle est prise ?",  # the Onde
    "Mon Archer fait 5 contre 5 avec une ennemie et 3 contre 3 avec une autre. Combien j'en prends ?",  # the placed Order
])
def test_a_placement_frame_refuses_what_it_has_not_bound(grounder, question):
    answer = grounder.check(question, "emprise")
    assert answer is None or answer.check.method != "frame"


def test_each_pair_takes_the_owner_said_beside_it():
    from engine.emprise.questions import recognise

    faces = [e["value"] for e in recognise("5 contre 5 avec une ennemie et 6 contre 6 avec ma propre carte, je prends ?")
             if e["kind"] == "face"]
    assert faces == ["5:5:enemy", "6:6:own"]
    faces = [e["value"] for e in recognise("My 3 against my own card's 3 and my 5 against an enemy's 5. Do I take it?")
             if e["kind"] == "face"]
    assert faces == ["3:3:own", "5:5:enemy"]
    faces = [e["value"] for e in recognise("5 contre 5 avec un Pestiféré ennemi et 3 contre 3 avec une autre carte ennemie ?")
             if e["kind"] == "face"]
    assert faces == ["5:5:enemy:Pestiférés", "3:3:enemy"]  # the first pair's words are not the second's


@pytest.mark.parametrize("question,verdict", [
    # the opponent's count said with a pronoun, the same number twice, an irrelevant duration
    ("c'est moi qui ai commencé. au decompte j'ai 8 cartes et l'autre en a 8. qui gagne ?", "vous"),
    ("Mon adversaire a commencé la partie. À la fin, il possède 9 cartes et moi 7. Est-ce que j'ai gagné ?", "non"),
    ("On joue depuis 10 minutes avec Zoé, elle a ouvert le duel. À la fin elle a 8 cartes et moi 8. Qui gagne ?", "Zoé"),
    # captures counted as "trois captures"
    ("Mon Maudit a subi trois captures. Son rang de gauche était 2 au départ. Combien vaut-il maintenant ?", 5),
    # a named opener and the asker's own count ("I have 7"), "a commencé", "Is it Sudden Death?"
    ("Bob opened. At the end Bob has 9 cards and I have 7. Who won?", "Bob"),
    ("Malik a commencé la partie. À la fin, Malik a 9 cartes et Inès en a 7. Qui gagne ?", "Malik"),
    ("I opened; I hold 7 cards at the end, my opponent 9. Is it Sudden Death?", "yes"),
    # "centre" is a square, not a slip of "Cendres"
    ("Je pose au centre : en haut 4 contre 4 avec une carte à moi, à droite 5 contre 5 avec une carte ennemie. "
     "Je prends la carte ennemie ?", "oui"),
    # a side said beside the rank, the facing sides told without "à gauche de"
    ("je pose une carte avec 8 a droite contre un 5 ennemi, elle est a moi ?", "oui"),
    ("I play a card with a 7 on its left next to Léo's card that shows 7 on its right. Do I capture it?", "no"),
    ("Mon rang du bas vaut 6 et la carte ennemie en dessous a 6 en haut. Je la prends ?", "non"),
    # the cards around an empty square, the square named once and then "above it", "Au-dessus, …"
    ("Il y a une case vide. Au-dessus, une carte de Tom avec 5 en bas ; à gauche, une carte de Tom avec 3 à droite. "
     "Je pose dessus une carte avec 5 en haut et 3 à gauche. Combien j'en prends ?", 2),
    ("There's an empty square with Eva's card right above it showing 6 on its bottom and Eva's card right of it "
     "showing 2 on its left. I put a card there with 6 on top and 2 on its right. How many cards do I capture?", 2),
])
def test_paraphrases_bind_the_same_facts(grounder, question, verdict):
    answer = _verdict(grounder, question)
    assert str(answer.verdict).lower() == str(verdict).lower()


@pytest.mark.parametrize("question", [
    "J'ai 8 cartes et lui 8. Qui gagne ?",                                   # who opened is unsaid
    "Ma carte a 8 en haut. La carte ennemie a 3 en bas. Je la prends ?",     # never said to touch
    "J'ai ouvert. J'ai 8 cartes et 3 de mes cartes sont des Archers. Qui gagne ?",  # the opponent's count unsaid
])
def test_paraphrases_missing_a_fact_get_no_frame(grounder, question):
    answer = grounder.check(question, "emprise")
    assert answer is None or answer.check.method != "frame"


def test_the_engine_counts_with_the_head_start_of_the_opener_said_in_a_cleft(grounder):
    grounded = grounder.check(
        "Who wins? At the final count Azur and Carmin each own 8 cards on the board, and Azur was the one who opened "
        "the duel.", "emprise", "en")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == "Azur"


def test_a_captor_nobody_names_is_the_asker_only_when_the_asker_speaks_of_themself(grounder):
    answer = grounder.check("jade capture par résonance une carte cendres de tom. la capacité se déclenche pour qui ?", "emprise")
    assert answer is None or answer.check.method != "frame"
    answer = grounder.check("Je capture par Résonance une carte Cendres de Tom. Sa capacité se déclenche pour qui ?", "emprise")
    assert answer is not None and answer.check.method == "frame"


def test_the_abysse_bonus_names_the_enemy_card_it_adds(grounder):
    """The position puts an enemy card beside the placed Abysse (its ranks must fight to show); the question never
    states it, so the answer's provenance says it is a default, as it says the squares of the other Abysses."""
    alone = _verdict(grounder, "Mon Abysse est toute seule sur le plateau : elle a un bonus ?")
    defaults = [p for p in alone.explanation.provenance if p.source == "default"]
    assert [p.said for p in defaults] == ["Scribes, ranks 1"]
    three = _verdict(grounder, "J'ai 3 Abysses en jeu. Mon Abysse a un bonus ?")
    assert [p.source for p in three.explanation.provenance] == ["stated", "default", "default"]
    assert three.explanation.provenance[2].said == "a4, e4"


# session 9: the Réserve a question states, set aside by the engine's set-up move or rejected with the rule
@pytest.mark.parametrize("question,verdict", [
    ("Nos Ordres : moi les Piques et les Dorés. Je peux garder deux Piques dans ma Réserve ?", "non"),
    ("I picked Chimeras and Guardians. May my Reserve hold one Chimera and one Guardian?", "yes"),
    ("Mes Ordres sont les Maudits et les Scribes. Je peux mettre un Maudit dans ma Réserve ?", "oui"),
    ("I play Archers and Abyss. Can I put an Ashes card in my Reserve?", "no"),
])
def test_a_stated_reserve_is_set_aside_or_rejected_by_the_engine(grounder, question, verdict):
    answer = _verdict(grounder, question)
    assert answer.check.method == "frame" and answer.verdict == verdict and not answer.check.open
    assert any(event["kind"] in ("reserve_set", "rejected") for event in answer.check.trace)


@pytest.mark.parametrize("question", [
    "Je peux mettre un Archer dans ma Réserve ?",                              # whose Orders: unsaid
    "En Mort Subite, je peux poser deux Archers de ma Réserve ?",               # a placement, not the set-up
    "Mes Ordres : Piques et Dorés. Je peux mettre trois trucs et deux Piques en Réserve ?",  # a count bound to nothing
])
def test_a_reserve_question_missing_a_fact_gets_no_reserve_check(grounder, question):
    answer = grounder.check(question, "emprise")
    assert answer is None or not any(event["kind"] == "reserve_set" or event.get("data", {}).get("reason") ==
                                     "reserve_one_per_order" for event in answer.check.trace)


def test_a_reserve_answer_in_french_tells_the_engine_in_french(grounder):
    refused = _verdict(grounder, "Mes Ordres sont les Archers et les Gardiens. Je peux mettre deux Archers dans ma Réserve ?")
    assert "une par Ordre, jamais deux fois le même Ordre" in refused.text and "A Réserve is" not in refused.text
    kept = _verdict(grounder, "Mes Ordres sont les Maudits et les Scribes. Je peux mettre un Maudit dans ma Réserve ?")
    assert "Réserve mise de côté avant le duel par toi : Maudits et Scribes" in kept.text


def test_a_placed_chimere_depends_on_the_reading_of_its_flip(grounder):
    answer = _verdict(grounder, "I play a Chimera: my 5 against the 5 of an enemy card. Do I take it?")
    assert answer.check.open  # the flip before or after the comparison, and what it turns: named assumptions


def test_what_happens_at_a_perfect_tie_says_what_the_rules_decide(grounder):
    # session 16: "what happens?" at a count the question states (7 + 2 against 9): the Mort Subite, then the Dernier Mot
    answer = _verdict(grounder, "Lina opened the duel. When the board is full, Lina owns 7 cards and Omar owns 9. What happens now?")
    assert answer.verdict.startswith("nobody yet: a perfect tie, 9 to 9") and "to Omar" in answer.verdict


@pytest.mark.parametrize("question, told", [
    ("Je pose une carte avec un 6 contre le 3 d'une carte ennemie. Est-ce que je la prends ?",
     "une carte dont la question ne dit pas l'Ordre"),
    ("I place a card: my 6 faces an enemy's 3. Do I take it?", "whose Order the question does not name"),
])
def test_a_placed_card_of_no_named_order_is_not_told_as_a_maudit(grounder, question, told):
    answer = grounder.check(question, "emprise")
    assert answer is not None and answer.check.method == "frame"
    assert told in answer.check.outcome
    assert "pose un(e) Maudits" not in answer.check.outcome and "places a Cursed" not in answer.check.outcome
