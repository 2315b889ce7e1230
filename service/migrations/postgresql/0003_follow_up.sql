-- A question asked with the widget's "Ask a follow-up": the answer_id of the answer it continues.
ALTER TABLE questions ADD COLUMN follow_up_of TEXT;
