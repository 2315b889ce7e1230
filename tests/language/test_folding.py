"""Folding keeps a way back to the original text."""

from __future__ import annotations

from language import fold, fold_same_length, fold_with_offsets, keys, tokens


def test_fold_removes_accents_case_apostrophes_and_ligatures() -> None:
    assert fold("Éliminée À l’Œil") == "eliminee a l'oeil"


def test_fold_with_offsets_maps_every_folded_character_to_its_origin() -> None:
    text = "Cœur d’Élu"
    folded, origin = fold_with_offsets(text)
    assert folded == "coeur d'elu"
    assert len(origin) == len(folded)
    assert [text[i] for i in origin[:3]] == ["C", "œ", "œ"]
    assert origin == sorted(origin)


def test_fold_same_length_keeps_offsets() -> None:
    text = "Le Bâtisseur l’Élu"
    assert len(fold_same_length(text)) == len(text)
    assert fold_same_length(text).startswith("le batisseur")


def test_tokens_point_back_at_the_original_words() -> None:
    text = "Mes Sorcières ♦ 3 jetons"
    found = tokens(text)
    assert [text[t.start : t.end] for t in found] == ["Mes", "Sorcières", "♦", "3", "jetons"]
    assert [t.key for t in found] == ["mes", "sorciere", "♦", "3", "jeton"]


def test_keys_are_singular() -> None:
    assert keys("Châteaux") == ("chateau",)


def test_fold_and_fold_with_offsets_agree() -> None:
    for text in ("Cœur d’Élu", "ÉLIMINÉE À L’ŒIL", "Straße ½ naïve"):
        assert fold(text) == fold_with_offsets(text)[0]


def test_cached_readings_are_each_callers_own() -> None:
    """``fold_with_offsets`` and ``tokens`` are cached per text; a caller changing its result changes no other's."""
    folded, origin = fold_with_offsets("Œuvre élue")
    origin.append(99)
    assert fold_with_offsets("Œuvre élue") == ("oeuvre elue", [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    words = tokens("Les Sorcières")
    words.clear()
    assert [(t.key, t.start, t.end) for t in tokens("Les Sorcières")] == [("les", 0, 3), ("sorciere", 4, 13)]


def _fold_by_character(text: str) -> str:
    """The definition :func:`fold` implements with translation tables: one Python call per character."""
    import unicodedata

    lowered = text.translate(str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})).lower()
    for ligature, spelled in {"œ": "oe", "æ": "ae", "ß": "ss"}.items():
        lowered = lowered.replace(ligature, spelled)
    return "".join(c for c in unicodedata.normalize("NFKD", lowered) if not unicodedata.combining(c))


def _same_length_by_character(text: str) -> str:
    import unicodedata

    return "".join((unicodedata.normalize("NFKD", c)[0] if c.isalpha() else c).lower() for c in text)


def _with_offsets_by_character(text: str) -> tuple[str, list[int]]:
    import unicodedata

    folded, origin = [], []
    for index, char in enumerate(text.translate(str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"}))):
        lowered = char.lower()
        lowered = {"œ": "oe", "æ": "ae", "ß": "ss"}.get(lowered, lowered)
        for part in unicodedata.normalize("NFKD", lowered):
            if not unicodedata.combining(part):
                folded.append(part)
                origin.append(index)
    return "".join(folded), origin


def test_the_tables_fold_every_code_point_as_the_per_character_definition() -> None:
    every = "".join(chr(code) for code in range(0x30000) if not 0xD800 <= code <= 0xDFFF)
    samples = [every, "Éliminée À l’Œil", "ΣΑΣ Straße", "İstanbul", "x\u0301\u0327y", "plain ascii, l'elu", ""]
    for text in samples:
        assert fold(text) == _fold_by_character(text)
        assert fold_same_length(text) == _same_length_by_character(text)
        assert fold_with_offsets(text) == _with_offsets_by_character(text)
