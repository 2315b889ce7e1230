"""Arbitre's one text layer: language, folding, words and question forms.

Everything that reads a question or a rulebook sentence word by word goes through
here, so that every layer (retrieval, answers, question grounding, engine
question plug-ins) folds, tokenises and classifies the same way:

- :func:`detect_language`: ``"fr"`` or ``"en"``;
- :func:`fold`, :func:`fold_with_offsets`, :func:`fold_same_length`: accents, case,
  apostrophes and ligatures folded, with a way back to the original offsets;
- :func:`tokens`, :func:`words`, :func:`stem`, :func:`content_stems`: words at the
  granularity each use needs;
- :func:`question_form`: the form of answer a question asks for;
- :func:`says_tie`: whether a text tells or asks about a tie;
- :func:`lexicon`: the per-language word lists (``language/lexicons/<lang>.yaml``);
- :func:`first_person`: where the asker speaks of themselves.
"""

from language.detect import detect_language
from language.folding import fold, fold_same_length, fold_with_offsets
from language.forms import COUNT, FORMS, OPEN, POLAR, WHEN, WHICH, WHO, question_form
from language.lexicon import LANGUAGES, Lexicon, first_person, lexicon, number_value, stopwords
from language.ties import says_tie
from language.tokens import Token, content_stems, keys, singular, stem, tokens, trim_function_words, words

__all__ = [
    "COUNT", "FORMS", "LANGUAGES", "Lexicon", "OPEN", "POLAR", "Token", "WHEN", "WHICH", "WHO",
    "content_stems", "detect_language", "first_person", "fold", "fold_same_length", "fold_with_offsets", "keys",
    "lexicon", "number_value", "question_form", "says_tie", "singular", "stem", "stopwords", "tokens", "trim_function_words",
    "words",
]
