-- A belief learned from the user's turn keeps the words the user said around it (schema/0024_said_words.sql).
ALTER TABLE beliefs ADD COLUMN said_words TEXT COLLATE "C" NOT NULL DEFAULT '[]';
ALTER TABLE backup_stage_beliefs ADD COLUMN said_words TEXT COLLATE "C" NOT NULL DEFAULT '[]';
