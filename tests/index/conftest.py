"""A small two-game corpus written into a temporary folder, for retriever tests without the real corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

TRICKY_RULES = """---
id: castle
title: Château’s Game
language: fr
players: {min: 2, max: 4}
source: tests
---

# Château’s Game

Bienvenue 🎲 ! Un jeu d’enchères… vraiment court. Voir p. 4 pour les détails.

## Le matériel

- 40 cartes Chevalier : chacune a une valeur.
  Elles se jouent face cachée.
- 1 pion Premier joueur
  - sous-liste : le pion ne change jamais de couleur
- 12 jetons Or

## Section vide

## Fin d’une manche

### Décompte

Quand tous les tours sont joués, on compte l’or. Le joueur qui a le plus d’or gagne ! En cas d’égalité, c’est le Premier joueur qui l’emporte ?

> Astuce : gardez l’œil sur l’or.
> Vraiment.

| Joueurs | Manches |
|---|---|
| 2 | 4 |

```
code ligne 1
```

Mise en place
-------------

Chaque joueur pioche 5 cartes.
"""

OTHER_RULES = """---
id: harbor
title: Harbor
language: fr
players: null
source: tests
---

# Harbor

## Le Matelot

Le Matelot double sa récompense dans le Port. Si la récompense est négative, la perte est aussi doublée.

## Fin de la partie

La partie se joue en 3 manches. Le joueur le plus riche gagne la partie.
"""

HARBOR_GLOSSARY = """game: harbor
terms:
  - id: matelot
    kind: card
    fr: Matelot
    en: Sailor
    aliases: [matelots, sailor, sailors, "2"]
  - id: port
    kind: location
    fr: Port
    en: Harbour
    aliases: [harbor, dé]
"""


def write_corpus(root: Path) -> Path:
    """``<root>/corpus`` with the tricky ``castle`` game and the small ``harbor`` game."""
    corpus = root / "corpus"
    (corpus / "castle").mkdir(parents=True)
    (corpus / "harbor").mkdir(parents=True)
    (corpus / "castle" / "rules.md").write_text(TRICKY_RULES, encoding="utf-8")
    (corpus / "harbor" / "rules.md").write_text(OTHER_RULES, encoding="utf-8")
    (corpus / "harbor" / "glossary.yaml").write_text(HARBOR_GLOSSARY, encoding="utf-8")
    return corpus


@pytest.fixture
def corpus_dir(tmp_path: Path) -> Path:
    return write_corpus(tmp_path)
