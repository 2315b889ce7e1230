"""EMPRISE facing ranks said with "en face de", "opposite" or a verb of being; a lone tie is never a default capture."""

from engine.emprise.questions import recognise


def test_facing_said_with_en_face_de_and_a_copula():
    assert [f["value"] for f in recognise("Mon 6 est en face du 3 d'une carte ennemie, je la prends ?")] == ["6:3:enemy"]
    assert [f["value"] for f in recognise("My 4 sits opposite an enemy card's 2. Do I take it?")] == ["4:2:enemy"]


def test_a_single_tie_said_alone_takes_nothing(grounder):
    """"la seule égalité du coup" is the "alone" marker: it must not fill the faces with the template's default."""
    grounded = grounder.check("Ma carte a un 5 en face du 5 de la carte ennemie et c'est la seule égalité du coup, "
                              "je la prends ?", "emprise", "fr")
    assert grounded is not None and grounded.raw is False


def test_alone_never_renders_a_default_that_holds_things(grounder):
    """No facing ranks read and "seule" said: no position (the default "6 against 5" was never stated)."""
    grounded = grounder.check("C'est ma seule carte posée à côté d'une ennemie, je la prends ?", "emprise", "fr")
    assert grounded is None or grounded.raw is not True


def test_another_players_placement_against_my_guardian(grounder):
    """"son rang du haut vaut 5 contre le 4 du bas de mon Gardien": the possessives are said apart from the numbers;
    the Gardien's +1 on the attacked rank makes 5 against 5, nothing moves (EMPRISE › Les Ordres › Gardiens)."""
    grounded = grounder.check("L'adversaire pose une carte sous mon Gardien : son rang du haut vaut 5 contre le 4 du bas "
                              "de mon Gardien. Mon Gardien est-il capturé ?", "emprise", "fr")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw is False
    grounded = grounder.check("Tom pose une carte à côté de mon Gardien : son rang de gauche vaut 6 contre le 4 de "
                              "droite de mon Gardien. Mon Gardien est-il capturé ?", "emprise", "fr")
    assert grounded is not None and grounded.raw is True


def test_what_is_added_to_an_abysses_ranks_is_its_bonus(grounder):
    """Three Abysses: each gets +1 per other Abysse (EMPRISE › Les Ordres › Abysses)."""
    grounded = grounder.check("There are three Abysses on the board. How much does each Abyss get added to its ranks?",
                              "emprise", "en")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == 2


def test_the_number_of_sides_is_no_rank(grounder):
    """"4 sur ses quatre côtés": four is how many sides; one capture suffered makes the Maudit's 4 a 5."""
    grounded = grounder.check("Mon Maudit avait 4 sur ses quatre cotés. Léo me l'a pris une fois. Il vaut combien "
                              "maintenant de chaque coté ?", "emprise", "fr")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw == 5


def test_a_rank_that_attacks_another_faces_it(grounder):
    """"Mon 4 attaque un 3 adverse, mais la carte adverse est un Gardien": the Gardien's +1 makes 4 against 4."""
    grounded = grounder.check("Mon 4 attaque un 3 adverse, mais la carte adverse est un Gardien. Je la prends quand même ?",
                              "emprise", "fr")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw is False


def test_a_rank_told_in_a_whose_clause_belongs_to_that_card():
    from engine.emprise.described import faces_described
    from language import fold_same_length
    found = faces_described(fold_same_length("I place a card on c3 with a left rank of 2 and a bottom rank of 6. On b3 "
                                             "sits an enemy card whose right rank is 2, and on c4 an enemy card whose "
                                             "top rank is 6. How many cards do I capture?"))
    assert sorted(f["value"] for f in found if f["kind"] == "face") == ["2:2:enemy", "6:6:enemy"]


def test_what_the_first_card_taken_faces_is_the_ondes(grounder):
    """"The first card I take has a 4 facing a 4": a face of the card taken (the Onde), not of the card placed; the
    Onde attacks with the normal rule, so a tie takes nothing (EMPRISE › L'Onde)."""
    grounded = grounder.check("My card ties 2-2 with an enemy card and 5-5 with another enemy card. The first card I "
                              "take has a 4 facing a 4 of another enemy card. Does that one flip too?", "emprise", "en")
    assert grounded is not None and grounded.check.method == "frame" and grounded.raw is False
    grounded = grounder.check("Je fais 4 contre 4 avec une carte ennemie et 6 contre 6 avec une autre carte ennemie. "
                              "La première carte prise a un 7 face au 3 d'une troisième carte ennemie. Combien de "
                              "cartes je prends en tout ?", "emprise", "fr")
    assert grounded is not None and grounded.raw == 3
