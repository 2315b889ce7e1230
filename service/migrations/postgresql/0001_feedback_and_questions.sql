-- Feedback and asked questions: the same columns as the SQLite store (service/feedback.py).
CREATE TABLE feedback (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    game TEXT NOT NULL,
    question TEXT NOT NULL,
    question_key TEXT NOT NULL,
    answer_id TEXT,
    sections JSONB NOT NULL,
    helpful BOOLEAN NOT NULL,
    comment TEXT
);
CREATE INDEX feedback_game ON feedback (game, question_key);
CREATE TABLE questions (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    game TEXT NOT NULL,
    question TEXT NOT NULL,
    question_key TEXT NOT NULL,
    answer_id TEXT,
    abstained BOOLEAN NOT NULL,
    sections JSONB NOT NULL
);
CREATE INDEX questions_game ON questions (game, question_key);
CREATE INDEX questions_answer ON questions (answer_id);
