-- The sites allowed to embed the widget (service/sites.py): games is a JSON list, empty for every game.
CREATE TABLE sites (
    origin TEXT PRIMARY KEY,
    games TEXT NOT NULL,
    added_at TEXT NOT NULL
);
