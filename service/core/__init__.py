"""Settings and the construction of the components the service wires together."""

from service.core.config import PROJECT_ROOT, Settings, get_settings

__all__ = ["PROJECT_ROOT", "Settings", "get_settings"]
