-- Belief time, as schema/0017_belief_time.sql on SQLite.

ALTER TABLE beliefs ADD COLUMN observed_at TEXT COLLATE "C";
ALTER TABLE beliefs ADD COLUMN event_at TEXT COLLATE "C";
ALTER TABLE beliefs ADD COLUMN valid_until TEXT COLLATE "C";
UPDATE beliefs SET observed_at = created_at;
UPDATE beliefs AS b SET valid_until = coalesce((SELECT s.created_at FROM beliefs AS s WHERE s.id = b.superseded_by), b.superseded_at)
  WHERE b.status = 'superseded';

ALTER TABLE backup_stage_beliefs ADD COLUMN observed_at TEXT COLLATE "C";
ALTER TABLE backup_stage_beliefs ADD COLUMN event_at TEXT COLLATE "C";
ALTER TABLE backup_stage_beliefs ADD COLUMN valid_until TEXT COLLATE "C";
