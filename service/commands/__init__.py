"""One module per CLI command group; each exports ``register(subparsers)``.

``service.cli`` discovers every module here, so adding a command never edits
a shared file.
"""
