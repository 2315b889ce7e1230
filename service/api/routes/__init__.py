"""One module per resource; each exports ``router`` and ``service.api.main`` includes them all."""
