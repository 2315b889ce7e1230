"""``model_response``: the bytes and headers FastAPI sends for a returned response model, one thread hop fewer."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from service.api.model_json import model_response
from service.api.schemas import AskResponse, CitationPublic, SourcePublic
from service.api.schemas.ask import RulingPublic, TranslationPublic
from service.api.main import create_app


def _answer() -> AskResponse:
    return AskResponse(
        answer_id="a1", answer="Oui : « le Matelot » double — l’œuvre “citée”.\n", abstained=False,
        confidence=0.123456789, lang="fr",
        citations=[CitationPublic(
            section="Règles > Tour", quote="Le Matelot…", passage="Le Matelot double la perte 😀.", score=1e-7,
            source=SourcePublic(path="corpus/oriflamme.md", start=3, end=14),
            translation=TranslationPublic(language="en", text="The Sailor"), role="evidence")],
        ruling=RulingPublic(kind="number", value="2", form="count"),
    )


def test_the_same_bytes_and_headers_as_a_returned_model():
    app = FastAPI()

    @app.get("/returned", response_model=AskResponse)
    def returned() -> AskResponse:
        return _answer()

    @app.get("/serialised", response_model=AskResponse)
    def serialised():
        return model_response(_answer())

    client = TestClient(app)
    by_fastapi, by_us = client.get("/returned"), client.get("/serialised")
    assert by_us.status_code == by_fastapi.status_code == 200
    assert by_us.content == by_fastapi.content
    assert by_us.headers == by_fastapi.headers


def test_the_routes_still_document_their_response_models():
    schema = create_app().openapi()
    for path, model in (("/v1/ask", "AskResponse"), ("/v1/search", "SearchResponse")):
        body = schema["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert body == {"$ref": f"#/components/schemas/{model}"}
