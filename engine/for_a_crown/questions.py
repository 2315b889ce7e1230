"""What For a Crown questions and templates need beyond the glossary.

``recognise`` reads the situations players describe in words the glossary's
terms do not carry: a sale already made (``vendu``, ``sold``), a recruitment
for nothing (``gratos``, ``for free``), both effects at once (``les deux``,
``both``), a swap of places (``on échange``, ``swap``),
counts of coins and rubies with units of their own (see ``_NONE_OF``),
whether a family loses something (``perte``) or comes out unharmed (``indemne``:
``sans rien perdre``, ``get through``), a square already taken or free in the Galerie, the least or most
influential family, a knock-out (``sorti``, ``knocked out``). ``describe`` words
the engine's events in French for the account of a checked answer (the engine's
messages are English). Plain data only: the engine never imports the service.
"""

from __future__ import annotations

import re

from engine.core.wording import french_describer
from language import fold_same_length

__all__ = ["describe", "recognise"]

_PATTERNS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("action", "vendre_objet_precieux", re.compile(r"\b(?:vendu|vendue|vendus|vente|sold|selling|sells|vends|vend)\b")),
    ("concept", "gratuit", re.compile(
        r"\b(?:gratos|gratuit\w*|for free|free of charge|for nothing|without paying|sans (?:rien )?payer)\b")),
    ("concept", "les_deux", re.compile(r"\b(?:les deux|tous les deux|toutes les deux|both)\b")),
    ("concept", "case_prise", re.compile(
        r"\b(?:deja (?:prise|occupee)|(?:case|place) (?:est )?(?:prise|occupee)|already (?:taken|occupied)|"
        r"(?:space|square|spot) is (?:taken|occupied)|occupee par|occupied by)\b")),
    ("concept", "case_libre", re.compile(r"\b(?:case (?:est )?libre|est libre|free (?:space|square|spot)|is free|empty (?:space|square))\b")),
    ("concept", "moins_influent", re.compile(r"\b(?:moins influent\w*|least influential|dernier dans la galerie|leftmost)\b")),
    ("concept", "plus_influent", re.compile(r"\b(?:plus influent\w*|most influential|rightmost|tout a droite|la plus a droite)\b")),
    ("concept", "hors_jeu", re.compile(r"\b(?:sortie? du jeu|knocked out|knocked-out|eliminee?s?|hors[- ]jeu)\b")),
    ("action", "recruter", re.compile(r"\b(?:recrut\w*|recruit|recruits|recruiting|recruited|hire|hiring)\b")),
    ("concept", "face_cachee", re.compile(r"\b(?:face cachee|face-down|face down|blind|top card|premiere carte|dessus du paquet)\b")),
    ("action", "vol_de_rubis", re.compile(
        r"\b(?:vol\w* (?:un|1|des|le|mes|mon) rubis|vole (?:un|1) rubis|steal\w*|stolen|theft)\b")),
    ("concept", "zone_centre", re.compile(r"\b(?:au centre|au milieu|zone du centre|zone centrale|centre zone|"
                                          r"cent(?:er|re) of the gallery|in the middle|middle zone)\b")),
    ("concept", "zone_gauche", re.compile(r"\b(?:zone de gauche|tout a gauche|left zone|far left|leftmost)\b")),
    ("concept", "premiere_manche", re.compile(
        r"\b(?:comme (?:a|en|pour) la (?:premiere manche|manche 1)|comme au premier tour|"
        r"like (?:we did )?in (?:the first round|round 1)|as in (?:the first round|round 1))\b")),
    ("marker", "galerie_right_to_left", re.compile(
        r"\b(?:de (?:la )?droite (?:a|vers) (?:la )?gauche|from (?:the )?right to (?:the )?left|right-to-left)\b")),
    ("marker", "galerie_left_to_right", re.compile(
        r"\b(?:de (?:la )?gauche (?:a|vers) (?:la )?droite|from (?:the )?left to (?:the )?right|left-to-right)\b")),
    ("concept", "echange", re.compile(r"\b(?:echange\w*|swap\w*|trade places|change de place)\b")),
    ("concept", "decompte_final", re.compile(r"\b(?:decompte(?: final)?|final count|final scoring|end of the game|fin de (?:la )?partie)\b")),
)


_UNHARMED = re.compile(
    r"\b(?:sans (?:rien )?perdre|sans perte|ne (?:perd|perds|perdent) (?:rien|pas|aucun)|perd\w* rien|indemne|"
    r"without losing|lose nothing|loses nothing|(?:doesn'?t|does not|don'?t|do not) lose|get\w* through|"
    r"come\w* out of it unharmed|unharmed|untouched)\b"
)
"""Asking whether a family comes out of something unharmed: answered yes when it loses nothing."""
_LOSS = re.compile(r"\b(?:perd|perds|perdent|perdre|lose|loses|losing|paie|paye|payer|pay|pays)\b")
"""Asking whether a family loses or pays something (not said in an 'unharmed' phrasing)."""


_NUMBER_WORDS = {
    "un": 1, "une": 1, "one": 1, "a": 1, "zero": 0, "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4,
    "four": 4, "cinq": 5, "five": 5, "six": 6, "sept": 7, "seven": 7, "huit": 8, "eight": 8, "neuf": 9, "nine": 9,
    "dix": 10, "ten": 10,
}
_MONEY_UNITS = {"piece": "chest:piece", "pieces": "chest:piece", "coin": "chest:piece", "coins": "chest:piece",
                "rubis": "chest:rubis", "ruby": "chest:rubis", "rubies": "chest:rubis"}
_MONEY = re.compile(
    r"\b(?P<n>\d+|" + "|".join(_NUMBER_WORDS) + r")\s+(?:seule?s?\s+|only\s+|single\s+|more\s+)?"
    r"(?P<u>pieces?|coins?|rubis|rub(?:y|ies))\b(?!\s+(?:theft|thief|mercenar\w*|card|effect))"
)
_NONE_OF = re.compile(
    r"\b(?P<n>no|aucune?|plus (?:de|d'|aucune?)|pas (?:de|d')|zero|sans|n'ai plus de|n'ai plus d')\s*"
    r"(?P<u>pieces?|coins?|rubis|rub(?:y|ies))\b"
)
"""Coins and rubies in a chest. Their counts carry units of their own (``chest:piece``, ``chest:rubis``),
which no other token's count can fill: the glossary's Pièce and Rubis are both plain tokens, and a
plain-token count may stand for another plain token ("3 émeraudes" for "jeton"), so "1 Rubis" could
otherwise fill a Pièce slot. "no rubies", "plus de Pièce" are a count of 0."""


def _money(folded: str) -> list[dict]:
    found = []
    for match in _MONEY.finditer(folded):
        number = match.group("n")
        value = int(number) if number.isdigit() else _NUMBER_WORDS[number]
        found.append({"kind": "number", "value": value, "unit": _MONEY_UNITS[match.group("u")],
                      "start": match.start("n"), "end": match.end("n")})
    for match in _NONE_OF.finditer(folded):
        found.append({"kind": "number", "value": 0, "unit": _MONEY_UNITS[match.group("u")],
                      "start": match.start("n"), "end": match.end("n")})
    return found


def recognise(question: str) -> list[dict]:
    """Entities for the situations above, with their spans in ``question``."""
    folded = fold_same_length(question)
    found = []
    for kind, value, pattern in _PATTERNS:
        for match in pattern.finditer(folded):
            found.append({"kind": kind, "value": value, "start": match.start(), "end": match.end()})
    found += _money(folded)
    unharmed = list(_UNHARMED.finditer(folded))
    found += [{"kind": "concept", "value": "indemne", "start": m.start(), "end": m.end()} for m in unharmed]
    if not unharmed:
        found += [{"kind": "concept", "value": "perte", "start": m.start(), "end": m.end()} for m in _LOSS.finditer(folded)]
    return found


_ZONES_FR = {"left": "de gauche", "centre": "du centre", "right": "de droite"}
_DIRECTIONS_FR = {"left": "vers la gauche", "right": "vers la droite"}


def _coins_kept_fr(data) -> str:
    """Pièces left in a chest said empty: the rulebook's « coffre vide » does not say they count (a named
    assumption, ``for-a-crown.chest_empty``), so the answer says it rests on it."""
    if not data.get("coins"):
        return ""
    return (" de Rubis (les Pièces qui y restent n’y changent rien : hypothèse for-a-crown.chest_empty, la règle dit "
            "seulement « coffre vide »)")


def _coins_kept_en(data) -> str:
    if not data.get("coins"):
        return ""
    return (" of Rubis (Pièces left in it do not count: assumption for-a-crown.chest_empty, the rulebook says only "
            "« coffre vide »)")


def _chest(data) -> str:
    return f"il reste {data['coins_left']} Pièce(s) et {data['rubies_left']} Rubis dans son coffre"


_EVENTS_FR = {
    "influence_order": lambda d: f"ordre d’influence, du Portrait le plus à droite : familles {d['order']}",
    "recruitment_starts": lambda d: f"recrutement de la manche {d['round']} dans l’ordre d’influence",
    "recruited": lambda d: (
        f"la famille du joueur {d['player']} recrute {'la première carte face cachée du paquet' if d['blind'] else d['card']} "
        f"(niveau {d['level']}, coût {d['cost']}) pour {d['coins']} Pièce(s) et {d['rubies']} Rubis ; {_chest(d)}"),
    "paid_with_rubies": lambda d: f"la famille du joueur {d['player']} remplace {d['rubies']} Pièce(s) manquante(s) par autant de Rubis",
    "recruit_skipped": lambda d: f"la famille du joueur {d['player']} ne peut rien payer et ne recrute pas",
    "royal_square_refilled": lambda d: "la Place Royale est complétée depuis les paquets",
    "royal_square_gap": lambda d: f"paquets vides aux niveaux {d['levels']} : les espaces restent libres",
    "reveal_starts": lambda d: f"la pile commune ({d['cards']} cartes) est mélangée et révélée carte par carte",
    "revealed": lambda d: (f"révélé : l’événement {d['event']}" if "event" in d
                           else f"révélé : un Mercenaire de la famille du joueur {d['player']}"),
    "card_ignored": lambda d: f"une carte de la famille du joueur {d['player']}, hors jeu, est ignorée",
    "effect_chosen": lambda d: f"la famille du joueur {d['player']} applique l’effet {_EFFECT_NAMES[d['effect']]}",
    "ruby_gained": lambda d: f"la famille du joueur {d['player']} gagne {d['amount']} Rubis",
    "coin_gained": lambda d: f"la famille du joueur {d['player']} gagne {d['amount']} Pièce(s)",
    "raccoon_given": lambda d: (f"la famille du joueur {d['player']} prend un Raton Voleur" if d["player"] == d["target"]
                                else f"la famille du joueur {d['player']} donne un Raton Voleur au joueur {d['target']}"),
    "ruby_lost": lambda d: f"la famille du joueur {d['player']} remet {d['amount']} Rubis dans la réserve",
    "object_sold": lambda d: (f"la famille du joueur {d['player']} doit des Rubis, coffre vide{_coins_kept_fr(d)} : elle vend "
                              "son Objet précieux et prend 10 Rubis"),
    "knocked_out": lambda d: (f"la famille du joueur {d['player']} doit des Rubis, coffre vide{_coins_kept_fr(d)} et Objet "
                              "précieux déjà vendu : elle est hors jeu"),
    "portrait_removed": lambda d: "son Portrait quitte la Galerie et ses Ratons Voleurs retournent à la réserve",
    "game_ends_after_round": lambda d: f"les autres finissent la manche {d['round']}, puis la partie se termine",
    "die_rolled": lambda d: f"la famille du joueur {d['player']} lance le dé magique : {d['face']}",
    "portrait_moved": lambda d: (f"la famille du joueur {d['player']} déplace le Portrait du joueur {d['portrait']} "
                                 f"{_DIRECTIONS_FR[d['direction']]}, sur la case {d['square']}"),
    "effect_lost": lambda d: f"l’effet de la famille du joueur {d['player']} ne peut pas s’appliquer",
    "burglary": lambda d: (f"Cambriolage : le plus de Ratons Voleurs ({d['raccoons']}) devant "
                           + " et ".join(f"la famille du joueur {p}" for p in d["players"])
                           if d["players"] else "Cambriolage : aucune famille n’a de Raton Voleur, personne ne perd rien"),
    "raccoons_returned": lambda d: f"la famille du joueur {d['player']} remet ses {d['raccoons']} Ratons Voleurs dans la réserve",
    "scandal_zone": lambda d: (f"Scandale : la famille du joueur {d['player']} est dans la zone {_ZONES_FR[d['zone']]} et perd "
                               f"{d['amount']} Rubis"),
    "magic_boost": lambda d: f"Coup de pouce magique : la famille du joueur {d['player']}, la moins influente, lance le dé",
    "bribe_paid": lambda d: (f"la famille du joueur {d['player']} paie {d['coins']} Pièce(s) et {d['rubies']} Rubis pour retirer "
                             f"{d['raccoons']} Ratons Voleurs"),
    "bribe_declined": lambda d: f"la famille du joueur {d['player']} garde ses Ratons Voleurs",
    "mages_paid": lambda d: f"la famille du joueur {d['player']} paie {d['coins']} Pièce(s) et {d['rubies']} Rubis pour lancer le dé",
    "mages_declined": lambda d: f"la famille du joueur {d['player']} ne paie pas les Mages",
    "round_over": lambda d: f"la manche {d['round']} est terminée",
    "end_of_round_steps": lambda d: "fin de manche : trois étapes",
    "pile_reformed": lambda d: f"les {d['cards']} cartes jouées reforment la pile commune",
    "event_added": lambda d: "une nouvelle carte Événement rejoint la pile commune, sans être révélée",
    "cost_tile_inserted": lambda d: f"une tuile Coût 0 est insérée : coûts {d['gutter']}",
    "game_over": lambda d: f"la partie se termine après la manche {d['round']}",
    "final_adjustment": lambda d: f"la famille du joueur {d['player']}, la plus influente, gagne 1 Rubis avant le décompte",
    "rubies_counted": lambda d: (f"la famille du joueur {d['player']} compte {d['total']} Rubis ({d['rubies']} dans le coffre"
                                 + (" + 10 pour l’Objet précieux, que la question ne dit pas vendu)" if d.get("object_unsaid")
                                    else " + 10 pour l’Objet précieux)" if d["object_counted"] else
                                    " ; un Objet précieux vendu ne compte pas)")),
    "winner": lambda d: (f"la famille du joueur {d['player']} est couronnée avec {d['total']} Rubis" if "tied" not in d else
                         f"les familles {d['tied']} sont à égalité avec {d['total']} Rubis ; la famille du joueur {d['player']}, "
                         "la plus influente, l’emporte"),
}
_REJECTIONS_FR = {
    "not_your_turn": "ce n’est pas à cette famille de décider",
    "not_now": "ce n’est pas le moment de cette action",
    "column_without_cost": "cette colonne n’a pas de tuile Coût de recrutement",
    "cannot_pay": "le coffre ne contient pas de quoi payer",
    "deck_empty": "ce paquet est vide",
    "card_not_available": "cette carte n’est pas face visible sur la Place Royale",
    "payment_not_allowed": "un Rubis ne remplace une Pièce que si l’on en manque",
    "not_on_card": "la carte ne propose pas cet effet (un seul des deux effets s’applique)",
    "not_another_family": "il faut choisir une autre famille encore en jeu",
    "no_free_square": "aucune case libre dans cette direction",
    "too_many_raccoons": "la famille n’a pas autant de Ratons Voleurs",
    "not_in_pile": "cette carte n’est pas dans la pile commune",
    "game_over": "la partie est terminée",
}

_EVENTS_EN = {
    "revealed": lambda d: (f"revealed: the event {d['event']}" if "event" in d
                           else f"revealed: a Mercenary of player {d['player']}"),
    "card_ignored": lambda d: f"a card of player {d['player']}, knocked out, is ignored",
    "effect_chosen": lambda d: f"the {_EFFECT_NAMES[d['effect']]} effect, for player {d['player']}",
    "ruby_gained": lambda d: f"player {d['player']} gains {d['amount']} Rubis",
    "coin_gained": lambda d: f"player {d['player']} gains {d['amount']} Pièce(s)",
    "raccoon_given": lambda d: f"player {d['player']} gives a Raton Voleur to player {d['target']}",
    "ruby_lost": lambda d: f"player {d['player']} returns {d['amount']} Rubis to the reserve",
    "object_sold": lambda d: (f"player {d['player']} owes Rubis with an empty chest{_coins_kept_en(d)}: the Objet précieux "
                              "is sold for 10 Rubis"),
    "knocked_out": lambda d: (f"player {d['player']} owes Rubis with an empty chest{_coins_kept_en(d)} and the Objet "
                              "précieux already sold: out of the game"),
    "scandal_zone": lambda d: f"Scandale: player {d['player']}, in the {d['zone']} zone, loses {d['amount']} Rubis",
    "magic_boost": lambda d: f"Coup de pouce magique: player {d['player']}, the least influential, rolls the die",
    "burglary": lambda d: (f"Cambriolage: {' and '.join(f'player {p}' for p in d['players'])} "
                           f"{'has' if len(d['players']) == 1 else 'have'} the most Ratons Voleurs ({d['raccoons']})"
                           if d["players"] else "Cambriolage: no family has a Raton Voleur, nobody loses anything"),
    "raccoons_returned": lambda d: f"player {d['player']} returns {d['raccoons']} Ratons Voleurs to the reserve",
    "bribe_paid": lambda d: (f"player {d['player']} pays {d['coins']} Pièce(s) and {d['rubies']} Rubis to remove "
                             f"{d['raccoons']} Ratons Voleurs"),
    "bribe_declined": lambda d: f"player {d['player']} keeps the Ratons Voleurs",
    "mages_declined": lambda d: f"player {d['player']} pays nothing to the Mages",
    "winner": lambda d: (f"crowned: player {d['player']}, with {d['total']} Rubis" if "tied" not in d else
                         f"a tie at {d['total']} Rubis; player {d['player']}, the most influential, wins"),
    "influence_order": lambda d: "influence order, the rightmost Portrait first: " + ", ".join(
        f"player {p}" for p in d["order"]),
    "recruitment_starts": lambda d: f"round {d['round']} recruitment in influence order",
    "recruited": lambda d: (
        f"player {d['player']} recruits {'the top face-down card of the deck' if d['blind'] else d['card']} "
        f"(level {d['level']}, cost {d['cost']}) for {d['coins']} Pièce(s) and {d['rubies']} Rubis; "
        f"{d['coins_left']} Pièce(s) and {d['rubies_left']} Rubis are left in the chest"),
    "paid_with_rubies": lambda d: f"player {d['player']} replaces {d['rubies']} missing Pièce(s) with as many Rubis",
    "recruit_skipped": lambda d: f"player {d['player']} can pay for nothing and recruits no Mercenary",
    "effect_lost": lambda d: f"the effect for player {d['player']} cannot apply",
    "die_rolled": lambda d: f"player {d['player']} rolls the magic die: {d['face']}",
    "portrait_moved": lambda d: (f"player {d['player']} moves the Portrait of player {d['portrait']} {d['direction']}, "
                                 f"to square {d['square']}"),
    "mages_paid": lambda d: f"player {d['player']} pays {d['coins']} Pièce(s) and {d['rubies']} Rubis to roll the die",
    "portrait_removed": lambda d: "the Portrait leaves the Galerie and its Ratons Voleurs go back to the reserve",
    "final_adjustment": lambda d: f"player {d['player']}, the most influential family, gains 1 Rubis before the count",
    "rubies_counted": lambda d: (f"player {d['player']} counts {d['total']} Rubis ({d['rubies']} in the chest"
                                 + (" + 10 for the Objet précieux, which the question does not say was sold)"
                                    if d.get("object_unsaid") else " + 10 for the Objet précieux)" if d["object_counted"] else
                                    "; a sold Objet précieux counts nothing)")),
}
_REJECTIONS_EN = {
    "not_your_turn": "it is not that family's decision", "wrong_turn": "it is not that family's decision",
    "not_now": "this is not the moment for that action", "wrong_phase": "this is not the moment for that action",
    "column_without_cost": "that column has no recruitment cost tile",
    "cannot_pay": "the chest does not hold enough to pay", "cannot_afford": "the chest does not hold enough to pay",
    "deck_empty": "that deck is empty", "card_not_available": "that card is not face up in the Place Royale",
    "payment_not_allowed": "a Rubis replaces a Pièce only when Pièces are short",
    "not_on_card": "the card does not offer that effect (only one of its two effects applies)",
    "not_another_family": "another family still in the game must be chosen",
    "no_free_square": "no free square in that direction", "too_many_raccoons": "the family has fewer Ratons Voleurs",
    "not_in_pile": "that card is not in the common pile", "game_over": "the game is over",
}
_EFFECT_NAMES = {"rubis": "Rubis", "piece": "Pièce", "raton": "Raton Voleur", "vol": "Vol de Rubis", "de": "Dé magique",
                 "influence": "Influence", "perte_rubis": "perte d’un Rubis", "raton_pour_soi": "Raton Voleur pour soi"}
"""Effect codes as the rulebook names them (the events carry the engine's short codes)."""
_FRENCH = french_describer(_EVENTS_FR, _REJECTIONS_FR)


def describe(event, language: str) -> str | None:
    """The event in ``language``, families written as the players (``joueur 2``, ``player 2``) that the grounding
    renames as the question named them; no placeholder card name is worded. None keeps the engine's message."""
    if language == "fr":
        return _FRENCH(event, language)
    if event.get("kind") == "rejected":
        reason = _REJECTIONS_EN.get((event.get("data") or {}).get("reason"))
        return f"refused: {reason}" if reason else None
    wording = _EVENTS_EN.get(event.get("kind"))
    try:
        return wording(event.get("data") or {}) if wording else None
    except (KeyError, TypeError):
        return None
