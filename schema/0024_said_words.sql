-- A belief learned from the user's turn keeps the words the user said around it (a JSON array of
-- content words, lib/world/recall/terms.ts saidWords): they index it beside its statement, key and
-- aliases ("took them to the beach", said of the pups, is found by "pups"), and are kept so that a
-- re-index, an edit and a restore index it the same.
ALTER TABLE beliefs ADD COLUMN said_words TEXT NOT NULL DEFAULT '[]';
ALTER TABLE backup_stage_beliefs ADD COLUMN said_words TEXT NOT NULL DEFAULT '[]';
