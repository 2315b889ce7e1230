"""The English view of the rules viewer in real headless Chromium (the retriever double: no index needed)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest

from index.corpus import load_corpus, load_translation
from service.api.routes.viewer import TRANSLATION_BANNER, section_anchor
from tests.widget.conftest import CORPUS_DIR
from tests.widget.chromium import chromium, playwright_or_skip
from tests.widget.servers import start_server, stop_server

pytestmark = [pytest.mark.browser, pytest.mark.integration]

sync_api = playwright_or_skip()

# A body sentence deep in the page (so highlighting it has to scroll), of the first translated game.
TRANSLATION = next(t for rulebook in load_corpus(CORPUS_DIR) if (t := load_translation(rulebook)) is not None)
SENTENCE = [s for s in TRANSLATION.sentences if not s.heading][-3]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("translation-viewer")
    env = {"ARBITRE_FEEDBACK_DB": str(folder / "feedback.sqlite3"), "ARBITRE_CORPUS_DIR": str(CORPUS_DIR)}
    process, base_url = start_server("tests.widget.servers:double_app", env, folder / "server.log")
    yield base_url
    stop_server(process)


@pytest.fixture
def page(server: str) -> Iterator[object]:
    with chromium(sync_api) as browser:
        opened = browser.new_context(viewport={"width": 900, "height": 800}).new_page()
        yield opened


def _english_sentence(page: object) -> object:
    return page.locator(f'span.tr[data-fr-start="{SENTENCE.fr_start}"]')


def test_the_banner_the_hover_and_the_french_beside(page: object, server: str) -> None:
    page.goto(f"{server}/games/{TRANSLATION.game}?lang=en")
    sync_api.expect(page.locator(".banner")).to_contain_text(TRANSLATION_BANNER)
    sentence = _english_sentence(page)
    assert sentence.text_content() == SENTENCE.en_text
    assert sentence.get_attribute("title") == SENTENCE.fr_text
    beside = "e => getComputedStyle(e, '::after').content"
    assert sentence.evaluate(beside) == "none"
    page.locator("#show-french").check()
    assert SENTENCE.fr_text in sentence.evaluate(beside)


def test_a_french_quote_is_highlighted_on_its_english_sentence(page: object, server: str) -> None:
    anchor = section_anchor(SENTENCE.section)
    page.goto(f"{server}/games/{TRANSLATION.game}?lang=en&q={quote(SENTENCE.fr_text)}#{anchor}")
    highlighted = page.locator("span.tr.arbitre-quote")
    sync_api.expect(highlighted).to_have_count(1)
    assert highlighted.get_attribute("data-fr") == SENTENCE.fr_text
    top = highlighted.evaluate("e => e.getBoundingClientRect().top")
    assert 0 <= top <= page.viewport_size["height"]


def test_the_fr_link_opens_the_french_view_on_that_sentence(page: object, server: str) -> None:
    page.goto(f"{server}/games/{TRANSLATION.game}?lang=en")
    page.locator(f'span.tr[data-fr-start="{SENTENCE.fr_start}"] + a.fr-link').click()
    page.wait_for_url(f"**/games/{TRANSLATION.game}?q=*")
    marks = page.locator("mark.arbitre-quote")
    sync_api.expect(marks.first).to_be_visible()
    assert "".join(marks.all_text_contents()).split() == SENTENCE.fr_text.split()
