"""The slow-client protocol under an importable name, for ``arbitre serve --workers N``.

uvicorn's worker processes are spawned, so they receive the protocol as an
import string and import it themselves; ``slow_client_protocol`` builds its class
inside a function, which cannot be sent to them.
"""

from __future__ import annotations

from service.api.server import slow_client_protocol
from service.core.config import get_settings

SlowClientProtocol = slow_client_protocol(get_settings().request_timeout_s)
