"""The rules viewer (``GET /games/{game}``) and the home page listing the games (``GET /``).

The viewer renders ``corpus/<game>/rules.md`` (front matter stripped) with
markdown-it-py, raw HTML disabled so corpus text can never become markup. Each
heading gets a stable anchor, :func:`section_anchor` of its section path. A link
``/games/<game>?q=<quote>#<anchor>`` makes the page's small script find the quote,
highlight it in a ``<mark>`` and scroll to it; the widget builds exactly these links.

``/games/<game>?lang=en`` renders the unofficial English translation
(``corpus/<game>/translation.en.yaml``, loaded by ``index.corpus.load_translation``)
in the French page's exact Markdown structure and anchors: each English sentence
carries its French original (on hover, beside it on request, and as a link that
highlights it in the French view), under a banner saying the French text rules.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import quote

import yaml
from fastapi import APIRouter, HTTPException, Query, status
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from index.chunker import SECTION_SEPARATOR, section_title
from index.corpus import TRANSLATION_FILE, Translation, load_rulebook, load_translation
from service.api.schemas.errors import error_responses
from service.deps import SettingsDep
from service.referee import UnknownGameError

__all__ = [
    "Rulebook", "corpus_rulebooks", "known_rulebook", "render_rulebook", "render_translation", "router", "section_anchor",
    "split_front_matter",
]

_STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
TRANSLATION_BANNER = "Unofficial translation — the French text rules"
NO_TRANSLATION = "No English translation of {game!r}; its rules are in French at /games/{game}"
# Private-use characters stand for the translated sentences while markdown-it parses the
# French structure; the corpus never contains them.
_SLOT = "\ue000{}\ue001"
_SLOT_PATTERN = re.compile("\ue000(\\d+)\ue001")

router = APIRouter(tags=["viewer"], responses=error_responses(404, 422))


@dataclass(frozen=True)
class Rulebook:
    """One game of the corpus: its front matter and the path of its Markdown."""

    id: str
    title: str
    language: str
    path: Path


def corpus_rulebooks(corpus_dir: Path) -> dict[str, Rulebook]:
    """Every ``<corpus_dir>/<game>/rules.md``, keyed by game id, sorted by id."""
    rulebooks = {}
    for rules_path in sorted(Path(corpus_dir).glob("*/rules.md")):
        front_matter, _ = split_front_matter(rules_path.read_text(encoding="utf-8"))
        game_id = rules_path.parent.name
        rulebooks[game_id] = Rulebook(
            id=game_id,
            title=str(front_matter.get("title") or game_id),
            language=str(front_matter.get("language") or "fr"),
            path=rules_path,
        )
    return rulebooks


def split_front_matter(text: str) -> tuple[dict, str]:
    """Split ``---`` YAML front matter from the Markdown body; no front matter gives ``{}``."""
    match = re.match(r"---\n(.*?)\n---\n", text, flags=re.DOTALL)
    if not match:
        return {}, text
    front_matter = yaml.safe_load(match.group(1)) or {}
    if not isinstance(front_matter, dict):
        raise ValueError(f"front matter: expected a YAML mapping, got {type(front_matter).__name__}")
    return front_matter, text[match.end():]


def section_anchor(section_path: str) -> str:
    """The HTML id of a section: each heading slugged, joined with ``--``.

    A heading's slug is its text in NFKD with combining marks removed, lower-cased, every
    run of other characters than ``a-z0-9`` turned into ``-``, trimmed of ``-``.
    ``"Emblèmes › Fin d’une manche"`` gives ``"emblemes--fin-d-une-manche"``. The
    widget computes the same in JavaScript (``anchorOf`` in ``static/widget/core.js``).
    """
    return "--".join(_slug(part) for part in section_path.split(SECTION_SEPARATOR))


def render_rulebook(markdown_body: str) -> tuple[str, list[tuple[int, str, str]]]:
    """Render the Markdown body to HTML with an ``id`` on every heading.

    Returns:
        The HTML and the table of contents: ``(level, section path, anchor)`` per heading.
        A repeated anchor gets ``-2``, ``-3``... so every id stays unique.
    """
    tokens = _MARKDOWN.parse(markdown_body)
    open_headings: list[tuple[int, str]] = []
    used: dict[str, int] = {}
    contents = []
    for position, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        level = int(token.tag[1:])
        title = "".join(child.content for child in tokens[position + 1].children or [] if child.type in {"text", "code_inline"})
        open_headings = [(lvl, text) for lvl, text in open_headings if lvl < level] + [(level, title)]
        path = SECTION_SEPARATOR.join(text for _, text in open_headings)
        anchor = section_anchor(path)
        used[anchor] = used.get(anchor, 0) + 1
        if used[anchor] > 1:
            anchor = f"{anchor}-{used[anchor]}"
        token.attrSet("id", anchor)
        contents.append((level, path, anchor))
    return _MARKDOWN.renderer.render(tokens, _MARKDOWN.options, {}), contents


def render_translation(markdown_body: str, body_start: int, translation: Translation) -> tuple[str, list[tuple[int, str, str]]]:
    """Render a translation in the French body's Markdown structure, with the French view's anchors.

    Args:
        markdown_body: the French body (front matter stripped).
        body_start: offset of the body in ``rules.md`` (translation offsets are file offsets).
        translation: the aligned translation of that rulebook.

    Returns:
        The HTML and the table of contents ``(level, English heading, anchor)``; each
        sentence is a ``span.tr`` holding the English, with the French in ``title`` and
        ``data-fr`` and a link to it in the French view.
    """
    _, french_contents = render_rulebook(markdown_body)
    anchors = {path: anchor for _, path, anchor in reversed(french_contents)}
    pieces, cursor = [], 0
    for number, sentence in enumerate(translation.sentences):
        pieces += [markdown_body[cursor : sentence.fr_start - body_start], _SLOT.format(number)]
        cursor = sentence.fr_end - body_start
    tokens = _MARKDOWN.parse("".join(pieces) + markdown_body[cursor:])
    headings = [position for position, token in enumerate(tokens) if token.type == "heading_open"]
    if len(headings) != len(french_contents):
        raise ValueError(f"translation of {translation.game!r}: expected {len(french_contents)} headings, got {len(headings)}")
    contents = []
    for position, (level, _, anchor) in zip(headings, french_contents, strict=True):
        tokens[position].attrSet("id", anchor)
        english = _SLOT_PATTERN.sub(lambda m: translation.sentences[int(m.group(1))].en_text, tokens[position + 1].content)
        contents.append((level, english, anchor))
    rendered = _MARKDOWN.renderer.render(tokens, _MARKDOWN.options, {})
    return _SLOT_PATTERN.sub(lambda m: _sentence_html(translation, int(m.group(1)), anchors), rendered), contents


@router.get("/games/{game}", response_class=HTMLResponse, summary="The rulebook of one game, with section anchors")
def rules_page(
    game: str,
    settings: SettingsDep,
    lang: Annotated[Literal["fr", "en"], Query(description="fr: the rules; en: their unofficial English translation")] = "fr",
) -> HTMLResponse:
    rulebook = known_rulebook(game, settings.corpus_dir)
    if lang == "en":
        return _english_page(rulebook, settings.corpus_dir)
    _, body = split_front_matter(rulebook.path.read_text(encoding="utf-8"))
    rendered, contents = render_rulebook(body)
    switch = ""
    if _has_english(rulebook):
        switch = f'<p class="lang-switch"><a href="/games/{html.escape(game)}?lang=en" hreflang="en" lang="en">English (unofficial translation)</a></p>'
    headings = [(level, section_title(path), anchor) for level, path, anchor in contents]
    main = f'{switch}{_toc(headings, "Sommaire")}<main id="rules" lang="{html.escape(rulebook.language)}">{rendered}</main>'
    return _page(f"{rulebook.title} — règles", main, script=_static_text("viewer/viewer.js"))


def _english_page(rulebook: Rulebook, corpus_dir: Path) -> HTMLResponse:
    source = load_rulebook(rulebook.path, corpus_dir.parent)
    translation = load_translation(source)
    if translation is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=NO_TRANSLATION.format(game=rulebook.id))
    rendered, contents = render_translation(source.body, source.body_start, translation)
    game = html.escape(rulebook.id)
    main = (
        f'<p class="banner" role="note"><strong>{TRANSLATION_BANNER}</strong> · '
        f'<a href="/games/{game}" hreflang="fr" lang="fr">Texte original (français)</a></p>'
        '<input type="checkbox" id="show-french"><label for="show-french">Show the French original beside each sentence</label>'
        f'{_toc(contents, "Contents")}<main id="rules" lang="en">{rendered}</main>'
    )
    return _page(f"{rulebook.title} — rules (unofficial translation)", main, script=_static_text("viewer/viewer.js"), lang="en")


def _has_english(rulebook: Rulebook) -> bool:
    return (rulebook.path.parent / TRANSLATION_FILE.format(language="en")).is_file()


def _sentence_html(translation: Translation, number: int, anchors: dict[str, str]) -> str:
    sentence = translation.sentences[number]
    french = html.escape(sentence.fr_text)
    link = f"/games/{quote(translation.game)}?q={quote(sentence.fr_text)}#{anchors.get(sentence.section, '')}"
    return (
        f'<span class="tr" title="{french}" data-fr="{french}" data-fr-start="{sentence.fr_start}" '
        f'data-fr-end="{sentence.fr_end}">{html.escape(sentence.en_text)}</span>'
        f'<a class="fr-link" href="{html.escape(link)}" hreflang="fr" lang="fr" aria-label="{french}"></a>'
    )


def _toc(headings: list[tuple[int, str, str]], label: str) -> str:
    """The table of contents below the title: ``(level, heading text, anchor)`` per heading."""
    items = "".join(
        f'<li class="toc-{level}"><a href="#{anchor}">{html.escape(title)}</a></li>'
        for level, title, anchor in headings if level > 1
    )
    return f'<nav aria-label="{label}"><ul>{items}</ul></nav>'


@router.get("/", response_class=HTMLResponse, summary="The games, with a live widget")
def home_page(settings: SettingsDep, game: Annotated[str | None, Query(max_length=64)] = None) -> HTMLResponse:
    rulebooks = corpus_rulebooks(settings.corpus_dir)
    if not rulebooks:
        raise UnknownGameError(game or "", ())
    current = known_rulebook(game, settings.corpus_dir) if game else next(iter(rulebooks.values()))
    items = "".join(
        f'<li><a href="/games/{html.escape(r.id)}">{html.escape(r.title)}</a>'
        + (f' · <a href="/games/{html.escape(r.id)}?lang=en" hreflang="en" lang="en">English</a>' if _has_english(r) else "")
        + f' · <a href="/?game={html.escape(r.id)}">essayer le widget</a></li>'
        for r in rulebooks.values()
    )
    main = (
        f"<main><h1>Arbitre</h1><p>Les règles des jeux, avec citations.</p><ul>{items}</ul>"
        f"<h2>{html.escape(current.title)}</h2>"
        f'<arbitre-faq game="{html.escape(current.id)}" lang="{html.escape(current.language)}" theme="auto"></arbitre-faq>'
        '<script src="/widget.js" async></script></main>'
    )
    return _page("Arbitre", main)


def known_rulebook(game: str, corpus_dir: Path) -> Rulebook:
    """The rulebook of ``game``.

    Raises:
        UnknownGameError: (a 404 naming the known games) when the corpus has no such game.
    """
    rulebooks = corpus_rulebooks(corpus_dir)
    if game not in rulebooks:
        raise UnknownGameError(game, tuple(rulebooks))
    return rulebooks[game]


def _page(title: str, main: str, *, script: str = "", lang: str = "fr") -> HTMLResponse:
    """A complete page; the inline script (if any) is allowed by its hash, nothing else inline runs."""
    script_sources = "'self'"
    inline = ""
    if script:
        digest = hashlib.sha256(script.encode()).digest()
        script_sources += f" 'sha256-{base64.b64encode(digest).decode('ascii')}'"
        inline = f"<script>{script}</script>"
    document = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{_static_text('viewer/viewer.css')}</style></head>"
        f"<body>{main}{inline}</body></html>"
    )
    policy = f"default-src 'self'; script-src {script_sources}; style-src 'self' 'unsafe-inline'; img-src 'self' data:"
    return HTMLResponse(document, headers={"Content-Security-Policy": policy, "Cache-Control": "no-cache"})


@cache
def _static_text(relative_path: str) -> str:
    return (_STATIC_DIR / relative_path).read_text(encoding="utf-8")


def _slug(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    without_accents = "".join(char for char in decomposed if not unicodedata.category(char).startswith("M"))
    return re.sub(r"[^a-z0-9]+", "-", without_accents.lower()).strip("-")


