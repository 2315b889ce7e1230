"""GET /games/{game}?lang=en: the unofficial English translation in the French view's structure and anchors."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from fastapi.testclient import TestClient

from index.corpus import load_corpus, load_translation
from service.api.main import create_app
from service.api.routes.viewer import TRANSLATION_BANNER, render_translation
from service.core.config import Settings
from tests.service.retriever_double import WordOverlapRetriever
from tests.widget.conftest import CORPUS_DIR

TRANSLATIONS = {
    rulebook.id: (rulebook, translation)
    for rulebook in load_corpus(CORPUS_DIR)
    if (translation := load_translation(rulebook)) is not None
}
HEADING_ID = re.compile(r'<h[1-6] id="([^"]+)"')
SENTENCE = re.compile(r'<span class="tr" title="([^"]*)" data-fr="[^"]*" data-fr-start="(\d+)" data-fr-end="(\d+)">([^<]*)</span>'
                      r'<a class="fr-link" href="([^"]+)"')


@pytest.mark.parametrize("game", sorted(TRANSLATIONS))
def test_the_english_view_shows_every_sentence_with_its_french_original(client: TestClient, game: str) -> None:
    rulebook, translation = TRANSLATIONS[game]
    response = client.get(f"/games/{game}", params={"lang": "en"})
    assert response.status_code == 200
    assert '<html lang="en">' in response.text and '<main id="rules" lang="en">' in response.text
    assert TRANSLATION_BANNER in response.text
    shown = SENTENCE.findall(response.text)
    assert len(shown) == len(translation.sentences)
    for (title, start, end, english, link), sentence in zip(shown, translation.sentences, strict=True):
        assert (int(start), int(end)) == (sentence.fr_start, sentence.fr_end)
        assert html.unescape(title) == rulebook.text[sentence.fr_start : sentence.fr_end] == sentence.fr_text
        assert html.unescape(english) == sentence.en_text
        target = urlsplit(html.unescape(link))
        assert target.path == f"/games/{game}" and parse_qs(target.query)["q"] == [sentence.fr_text]


@pytest.mark.parametrize("game", sorted(TRANSLATIONS))
def test_the_english_view_keeps_the_french_anchors_and_links_back(client: TestClient, game: str) -> None:
    french = client.get(f"/games/{game}").text
    english = client.get(f"/games/{game}", params={"lang": "en"}).text
    assert HEADING_ID.findall(english) == HEADING_ID.findall(french)
    assert f'href="/games/{game}?lang=en"' in french and f'href="/games/{game}"' in english
    fragments = {unquote(urlsplit(html.unescape(link)).fragment) for *_, link in SENTENCE.findall(english)}
    assert fragments <= set(HEADING_ID.findall(french)) | {""}


def test_the_home_page_links_each_translation(client: TestClient) -> None:
    home = client.get("/").text
    assert all(f'href="/games/{game}?lang=en"' in home for game in TRANSLATIONS)


def test_an_unknown_language_is_a_422_naming_the_field(client: TestClient) -> None:
    response = client.get("/games/splendor", params={"lang": "de"})
    assert response.status_code == 422
    assert response.json()["detail"] == "Invalid field 'lang': Input should be 'fr' or 'en'; got 'de'"


def test_a_game_without_translation_is_a_404_pointing_to_the_french(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    (corpus / "mini").mkdir(parents=True)
    (corpus / "mini" / "rules.md").write_text(
        "---\nid: mini\ntitle: Mini\nlanguage: fr\nplayers: null\nsource: tests\n---\n\n# Mini\n\nTu joues.\n", encoding="utf-8",
    )
    settings = Settings(corpus_dir=corpus, index_dir=tmp_path / "index", feedback_db=tmp_path / "feedback.sqlite3")
    app = create_app(settings, retriever=WordOverlapRetriever(corpus))
    with TestClient(app) as client:
        assert 'lang=en' not in client.get("/games/mini").text
        assert 'lang=en' not in client.get("/").text
        response = client.get("/games/mini", params={"lang": "en"})
    assert response.status_code == 404
    assert response.json()["detail"] == "No English translation of 'mini'; its rules are in French at /games/mini"


def test_translated_text_is_escaped_and_structure_kept() -> None:
    rulebook, translation = next(iter(TRANSLATIONS.values()))
    first = replace(translation.sentences[0], en_text="<script>alert(1)</script>")
    hostile = replace(translation, sentences=(first, *translation.sentences[1:]))
    rendered, contents = render_translation(rulebook.body, rulebook.body_start, hostile)
    assert "<script>" not in rendered and "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered
    assert contents[0][1] == "<script>alert(1)</script>", "the table of contents escapes when it renders"
    assert rendered.count("<li>") == rulebook.body.count("\n- ")
