"""The FastAPI application: ``main.create_app`` includes every router of ``routes/``."""

from service.api.main import create_app

__all__ = ["create_app"]
