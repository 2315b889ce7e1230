"""The widget and the rules viewer in real headless Chromium, against a real uvicorn with the real retriever.

The publisher's pages are served by a second local HTTP server (another origin,
so embedding goes through CORS; a real loopback server, since Chromium refuses
pages of unknown address space the right to call a loopback API) and carries hostile CSS. Set
ARBITRE_UPDATE_SCREENSHOT=1 to refresh docs/widget-screenshot.png.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from service.api.routes.viewer import corpus_rulebooks, render_rulebook, split_front_matter
from service.core.config import PROJECT_ROOT
from service.feedback import FeedbackStore
from tests.widget.conftest import CORPUS_DIR
from tests.widget.chromium import chromium, playwright_or_skip
from tests.widget.servers import free_port, start_server, stop_server

pytestmark = [pytest.mark.browser, pytest.mark.integration]

HOSTILE_CSS = "* { display: inline !important; color: red; font-size: 2px } body { background: #ccc }"
QUESTION = "Combien de pièces d’or reçoit chaque joueur au début de la partie ?"
SCREENSHOT = PROJECT_ROOT / "docs" / "widget-screenshot.png"
ADMIN_TOKEN = "publisher-browser-tests"

sync_api = playwright_or_skip()


class _PublisherPages(BaseHTTPRequestHandler):
    """Serves whatever HTML the test put in ``pages`` under the requested path."""

    pages: dict[str, str] = {}

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        body = self.pages.get(self.path, "").encode()
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def publisher() -> Iterator[str]:
    """Base URL of the publisher's site, on another port than the API (so another origin)."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _PublisherPages)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, publisher: str) -> Iterator[tuple[str, Path]]:
    """A real uvicorn over the real index; yields its base URL and its feedback database."""
    pytest.importorskip("index", reason="the real retriever (index/) has not landed")
    folder = tmp_path_factory.mktemp("browser-server")
    database = folder / "feedback.sqlite3"
    env = {"ARBITRE_FEEDBACK_DB": str(database), "ARBITRE_CORS_ORIGINS": json.dumps([publisher]),
           "ARBITRE_ADMIN_TOKEN": ADMIN_TOKEN}
    process, base_url = start_server("service.api.main:create_app", env, folder / "server.log", timeout_s=600)
    yield base_url, database
    stop_server(process)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium(sync_api) as launched:
        yield launched


@pytest.fixture
def page(browser: object, publisher: str) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 900, "height": 1000})
    opened = context.new_page()
    opened.publisher = publisher
    opened.dialogs = []
    opened.on("dialog", lambda dialog: (opened.dialogs.append(dialog.message), dialog.dismiss()))
    yield opened
    context.close()


def publish(page: object, body: str, css: str = HOSTILE_CSS, *, lang: str = "fr", host: str | None = None) -> str:
    """Open a publisher page (another origin than the API) holding ``body``; returns the page's origin."""
    path = f"/game-{len(_PublisherPages.pages)}"
    _PublisherPages.pages[path] = (
        f'<!doctype html><html lang="{lang}"><head><style>{css}</style></head><body><p>Publisher</p>{body}</body></html>')
    origin = page.publisher.replace("127.0.0.1", host) if host else page.publisher
    page.goto(origin + path)
    return origin


def console_line(page: object, action) -> str:
    """The widget's ``console.error`` line that ``action`` causes (Chromium's own CORS lines are skipped)."""
    with page.expect_console_message(lambda message: message.type == "error" and message.text.startswith("Arbitre widget"),
                                     timeout=20_000) as message:
        action()
    return message.value.text


def ask(page: object, question: str = QUESTION) -> None:
    page.locator("arbitre-faq input").fill(question)
    page.locator("arbitre-faq input").press("Enter")


def test_one_tag_embed_on_a_hostile_page_searches_asks_and_cites(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    origins = set()
    page.on("request", lambda request: origins.add("{0.scheme}://{0.netloc}".format(urlsplit(request.url))))
    publish(page, f'<script src="{base_url}/widget.js" data-game="emblemes" async></script>')

    page.locator("arbitre-faq input").press_sequentially("pièces d’or", delay=20)
    sync_api.expect(page.locator("arbitre-faq .hits li").first).to_be_visible()
    ask(page)

    answer = page.locator("arbitre-faq .answer .text")
    sync_api.expect(answer).not_to_be_empty()
    sync_api.expect(page.locator("arbitre-faq .citations li").first).to_be_visible()
    sync_api.expect(page.locator("arbitre-faq .citations blockquote").first).not_to_be_empty()
    assert answer.evaluate("e => getComputedStyle(e).fontSize") == "16px"
    assert answer.evaluate("e => getComputedStyle(e).color") != "rgb(255, 0, 0)"
    assert page.locator("arbitre-faq").evaluate("e => getComputedStyle(e).display") == "block"
    assert page.locator("arbitre-faq .sr").text_content().startswith("Réponse : ")
    assert origins == {page.publisher, base_url}


def test_citation_link_opens_the_viewer_with_the_quote_highlighted(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    publish(page, f'<arbitre-faq game="emblemes" api="{base_url}"></arbitre-faq><script src="{base_url}/widget.js"></script>')
    ask(page)
    link = page.locator("arbitre-faq .citations details[open] a").first
    quote = page.locator("arbitre-faq .citations details[open] blockquote").first.text_content()
    href = link.get_attribute("href")
    assert href.startswith(f"{base_url}/games/emblemes?q=")

    with page.context.expect_page() as opened:
        link.click()
    viewer = opened.value
    marks = viewer.locator("mark.arbitre-quote")
    sync_api.expect(marks.first).to_be_visible()
    highlighted = " ".join(marks.all_text_contents())
    without_list_markers = re.sub(r"^\s*[-*+] ", "", quote, flags=re.MULTILINE)
    assert re.sub(r"\s+", "", highlighted) == re.sub(r"\s+", "", without_list_markers)
    top = marks.first.evaluate("e => e.getBoundingClientRect().top")
    assert 0 <= top <= viewer.viewport_size["height"]


def test_keyboard_alone_asks_reads_and_sends_feedback(page: object, server: tuple[str, Path]) -> None:
    base_url, database = server
    publish(page, f'<arbitre-faq game="emblemes" api="{base_url}"></arbitre-faq><script src="{base_url}/widget.js"></script>')
    sync_api.expect(page.locator("arbitre-faq input")).to_be_visible()
    page.keyboard.press("Tab")
    assert focused_label(page) == "Votre question sur les règles"
    page.keyboard.type("Qui reçoit le pion Premier joueur ?")
    page.keyboard.press("Enter")
    sync_api.expect(page.locator("arbitre-faq .answer .text")).not_to_be_empty()

    seen = []
    while focused_label(page) != "Non, pas utile" and len(seen) < 30:
        page.keyboard.press("Tab")
        seen.append(focused_label(page))
    assert "Demander" in seen and seen[-1] == "Non, pas utile", seen
    page.keyboard.press("Enter")  # 👎 asks why, in a field that takes the focus
    assert focused_label(page) == "Qu’est-ce qui n’allait pas ? (facultatif)"
    page.keyboard.type("Il manque le cas à trois joueurs")
    page.keyboard.press("Tab")
    assert focused_label(page) == "Envoyer"
    page.keyboard.press("Enter")
    sync_api.expect(page.locator("arbitre-faq .ack")).to_have_text("Merci pour votre avis !")
    unhelpful = FeedbackStore(database).summary("emblemes").unhelpful
    (entry,) = [entry for entry in unhelpful if entry.question == "Qui reçoit le pion Premier joueur ?"]
    assert entry.comments == ("Il manque le cas à trois joueurs",)


def test_thumbs_down_without_a_comment_is_sent_too(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    publish(page, f'<arbitre-faq game="emblemes" lang="en" api="{base_url}"></arbitre-faq>'
                  f'<script src="{base_url}/widget.js"></script>')
    ask(page, "Who gets the first player token?")
    page.locator("arbitre-faq .vote").nth(1).click()
    sync_api.expect(page.locator("arbitre-faq textarea")).to_be_focused()
    with page.expect_request(f"{base_url}/v1/feedback") as sent:
        page.locator("arbitre-faq .why button").click()
    assert sent.value.post_data_json["helpful"] is False and "comment" not in sent.value.post_data_json
    sync_api.expect(page.locator("arbitre-faq .ack")).to_have_text("Thanks for your feedback!")
    sync_api.expect(page.locator("arbitre-faq textarea")).to_have_count(0)


def test_arrow_keys_walk_the_passages_whose_matches_are_highlighted(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    publish(page, f'<arbitre-faq game="emblemes" api="{base_url}"></arbitre-faq><script src="{base_url}/widget.js"></script>')
    page.locator("arbitre-faq input").press_sequentially("pieces d’OR", delay=20)
    links = page.locator("arbitre-faq .hits li a")
    sync_api.expect(links.nth(1)).to_be_visible()
    marks = page.locator("arbitre-faq .hits mark").all_text_contents()
    assert marks and {text.casefold() for text in marks} <= {"pièces", "pièce", "pieces", "piece"}, marks
    page.keyboard.press("ArrowDown")
    sync_api.expect(links.nth(0)).to_be_focused()
    page.keyboard.press("ArrowDown")
    sync_api.expect(links.nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    sync_api.expect(links.nth(0)).to_be_focused()
    page.keyboard.press("ArrowUp")
    sync_api.expect(page.locator("arbitre-faq input")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")
    sync_api.expect(page.locator("arbitre-faq input")).to_be_focused()


def test_a_follow_up_keeps_the_game_and_the_answers_sections(page: object, server: tuple[str, Path]) -> None:
    base_url, database = server
    publish(page, f'<arbitre-faq game="emblemes" api="{base_url}"></arbitre-faq><script src="{base_url}/widget.js"></script>')
    with page.expect_response(f"{base_url}/v1/ask") as first:
        ask(page)
    previous = first.value.json()
    page.locator("arbitre-faq .more").click()
    sync_api.expect(page.locator("arbitre-faq input")).to_be_focused()
    sync_api.expect(page.locator("arbitre-faq .context")).to_contain_text(f"Question complémentaire à : « {QUESTION} »")
    with page.expect_request(f"{base_url}/v1/ask") as second:
        page.keyboard.type("Et à trois joueurs ?")
        page.keyboard.press("Enter")
    body = second.value.post_data_json
    assert body["game"] == "emblemes"
    assert body["context"] == {"answer_id": previous["answer_id"],
                               "sections": [citation["section"] for citation in previous["citations"]][:5]}
    sync_api.expect(page.locator("arbitre-faq .answer .text")).not_to_be_empty()
    sync_api.expect(page.locator("arbitre-faq .context")).to_be_empty()


def focused_label(page: object) -> str | None:
    """Accessible name of the element focused inside the widget's shadow root."""
    return page.evaluate("""() => {
      const root = document.querySelector('arbitre-faq').shadowRoot, e = root && root.activeElement;
      if (!e) return null;
      if (e.labels && e.labels.length) return e.labels[0].textContent;
      return e.getAttribute('aria-label') || e.textContent;
    }""")


@pytest.mark.parametrize(("theme", "scheme", "background"), [
    ('theme="dark"', "light", "rgb(27, 29, 34)"), ('theme="auto"', "dark", "rgb(27, 29, 34)"),
    ("", "dark", "rgb(255, 255, 255)"),  # light unless the page asks, whatever the visitor's system
])
def test_theme(page: object, server: tuple[str, Path], theme: str, scheme: str, background: str) -> None:
    base_url, _ = server
    page.emulate_media(color_scheme=scheme)
    publish(page, f'<arbitre-faq game="emblemes" {theme} api="{base_url}"></arbitre-faq>'
                  f'<script src="{base_url}/widget.js"></script>')
    container = page.locator("arbitre-faq .w")
    sync_api.expect(container).to_be_visible()
    assert container.evaluate("e => getComputedStyle(e).backgroundColor") == background


def test_hostile_server_text_renders_inertly(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    payload = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2; alert(1)">'
    answer = {"answer_id": "x", "answer": payload, "abstained": False, "confidence": 1.0, "lang": "fr",
              "engine_check": {"verdict": payload},
              "citations": [{"section": "Emblèmes › " + payload, "quote": payload, "passage": payload, "score": 1.0,
                             "source": {"path": "corpus/emblemes/rules.md", "start": 0, "end": 1}}]}
    page.route(f"{base_url}/v1/ask", lambda route: route.fulfill(
        status=200, content_type="application/json", headers={"Access-Control-Allow-Origin": page.publisher},
        body=json.dumps(answer)))
    publish(page, f'<arbitre-faq game="emblemes" api="{base_url}"></arbitre-faq><script src="{base_url}/widget.js"></script>')
    ask(page, payload)

    sync_api.expect(page.locator("arbitre-faq .answer .text")).to_have_text(payload)
    sync_api.expect(page.locator("arbitre-faq .badge")).to_contain_text(payload)
    sync_api.expect(page.locator("arbitre-faq .citations blockquote")).to_have_text(payload)
    page.wait_for_timeout(300)
    injected = page.evaluate("() => document.querySelector('arbitre-faq').shadowRoot.querySelectorAll('img, script').length")
    assert injected == 0
    assert page.evaluate("() => window.pwned") is None
    assert page.dialogs == []


def test_server_down_shows_a_network_error(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    closed = f"http://127.0.0.1:{free_port()}"
    publish(page, f'<arbitre-faq game="emblemes" api="{closed}"></arbitre-faq><script src="{base_url}/widget.js"></script>')
    ask(page)
    alert = page.locator("arbitre-faq [role=alert]")
    sync_api.expect(alert).to_contain_text("Impossible de joindre le serveur.")
    sync_api.expect(alert.locator("button")).to_have_text("Réessayer")


def test_an_unknown_game_is_a_neutral_message_and_a_console_line(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    publish(page, f'<arbitre-faq game="monopoly" lang="en" api="{base_url}"></arbitre-faq>'
                  f'<script src="{base_url}/widget.js"></script>')
    line = console_line(page, lambda: ask(page))
    sync_api.expect(page.locator("arbitre-faq [role=alert]")).to_have_text(
        "Rules questions are not available on this page right now.")
    assert line == (f"Arbitre widget refused on {page.publisher}: Game 'monopoly' does not exist on this server; known games:"
                    " emblemes, emprise, for-a-crown, oriflamme, splendor. Fix: set the widget's game to one of: "
                    "emblemes, emprise, for-a-crown, oriflamme, splendor")


def test_an_origin_added_at_run_time_is_allowed_and_a_refusal_says_why(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    widget = f'<arbitre-faq game="emblemes" api="{base_url}"></arbitre-faq><script src="{base_url}/widget.js"></script>'
    origin = publish(page, widget, host="localhost")  # another origin, not in ARBITRE_CORS_ORIGINS
    line = console_line(page, lambda: ask(page))
    sync_api.expect(page.locator("arbitre-faq [role=alert]")).to_have_text(
        "Les questions sur les règles ne sont pas disponibles sur cette page pour le moment.")
    assert line == (
        f"Arbitre widget refused on {origin}: Origin {origin} is not allowed to use this Arbitre server."
        f" Fix: `arbitre sites add {origin} --games emblemes` (or POST /v1/sites with the admin token)")

    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    assert httpx.post(f"{base_url}/v1/sites", json={"origin": origin, "games": ["splendor"]}, headers=admin).status_code == 201
    page.reload()
    assert console_line(page, lambda: ask(page)) == (
        f"Arbitre widget refused on {origin}: Origin {origin} may ask about splendor only, not 'emblemes'."
        f" Fix: `arbitre sites add {origin} --games splendor,emblemes` (or POST /v1/sites with the admin token)")

    assert httpx.post(f"{base_url}/v1/sites", json={"origin": origin}, headers=admin).status_code == 201
    page.reload()
    ask(page)
    sync_api.expect(page.locator("arbitre-faq .answer .text")).not_to_be_empty()
    assert httpx.delete(f"{base_url}/v1/sites", params={"origin": origin}, headers=admin).status_code == 204


@pytest.mark.parametrize(("element_lang", "page_lang", "label"), [
    ("", "en-GB", "Your rules question"), ('lang="fr"', "en", "Votre question sur les règles"),
    ("", "fr", "Votre question sur les règles"),
])
def test_ui_language_follows_the_tag_then_the_page(page: object, server: tuple[str, Path], element_lang: str,
                                                   page_lang: str, label: str) -> None:
    base_url, _ = server
    publish(page, f'<arbitre-faq game="emblemes" {element_lang} api="{base_url}"></arbitre-faq>'
                  f'<script src="{base_url}/widget.js"></script>', lang=page_lang)
    sync_api.expect(page.locator("arbitre-faq label")).to_have_text(label)


def test_slow_server_times_out(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    page.route(f"{base_url}/v1/ask", lambda route: None)  # never answered
    publish(page, f'<arbitre-faq game="emblemes" timeout="400" api="{base_url}"></arbitre-faq>'
                  f'<script src="{base_url}/widget.js"></script>')
    ask(page)
    sync_api.expect(page.locator("arbitre-faq .status")).to_have_text("Réflexion…")
    sync_api.expect(page.locator("arbitre-faq [role=alert]")).to_contain_text("Le serveur met trop de temps à répondre.")


def test_example_questions_and_strings_are_configurable(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    publish(page, f'<arbitre-faq game="emblemes" lang="en" api="{base_url}" examples="Who starts?|How many rounds?"'
                  f' strings=\'{{"ask": "Go"}}\'></arbitre-faq><script src="{base_url}/widget.js"></script>')
    sync_api.expect(page.locator("arbitre-faq .chip")).to_have_text(["Who starts?", "How many rounds?"])
    sync_api.expect(page.locator("arbitre-faq form button")).to_have_text("Go")
    page.locator("arbitre-faq .chip").first.click()
    sync_api.expect(page.locator("arbitre-faq .answer .text")).not_to_be_empty()
    assert page.locator("arbitre-faq input").input_value() == "Who starts?"


def test_javascript_anchors_match_the_viewers(page: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    page.goto(f"{base_url}/")
    page.wait_for_function("() => window.ArbitreFAQ")
    for rulebook in corpus_rulebooks(CORPUS_DIR).values():
        _, contents = render_rulebook(split_front_matter(rulebook.path.read_text(encoding="utf-8"))[1])
        paths = [path for _, path, anchor in contents if not re.search(r"-\d+$", anchor)]
        anchors = page.evaluate("paths => paths.map(ArbitreFAQ.anchorOf)", paths)
        assert anchors == [anchor for _, _, anchor in contents if not re.search(r"-\d+$", anchor)]


def test_screenshot_of_an_answer(page: object, server: tuple[str, Path], tmp_path: Path) -> None:
    base_url, _ = server
    publish(page, f'<arbitre-faq game="emblemes" theme="light" api="{base_url}"></arbitre-faq>'
                  f'<script src="{base_url}/widget.js"></script>', css="body { font-family: sans-serif; background: #eef1f5 }")
    ask(page, "Que se passe-t-il en cas d’égalité de pièces d’or ?")
    sync_api.expect(page.locator("arbitre-faq .citations li").first).to_be_visible()
    shot = tmp_path / "widget.png"
    page.locator("arbitre-faq .w").screenshot(path=str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG")
    if os.environ.get("ARBITRE_UPDATE_SCREENSHOT"):
        shutil.copyfile(shot, SCREENSHOT)


def test_publisher_page_behind_the_token_draws_its_charts_under_its_policy(browser: object, server: tuple[str, Path]) -> None:
    base_url, _ = server
    context = browser.new_context(http_credentials={"username": "editeur", "password": ADMIN_TOKEN})
    opened = context.new_page()
    errors = []
    opened.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    response = opened.goto(f"{base_url}/publisher/emblemes")
    assert response.status == 200
    sync_api.expect(opened.locator("figure svg")).to_have_count(2)
    assert opened.locator("figure svg").first.bounding_box()["width"] > 200
    # The inline stylesheet applies (its hash is in the policy): the page is not in the browser's default font size.
    assert opened.locator("h1").evaluate("e => getComputedStyle(e).fontSize") == "24px"
    assert errors == []  # no Content-Security-Policy violation
    context.close()
