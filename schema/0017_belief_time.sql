-- Belief time (API.md §7): when the user said it (observed_at), when what it describes happened
-- where the user dated it (event_at: YYYY, YYYY-MM or YYYY-MM-DD), and until when a superseded
-- belief held (valid_until: its successor's observed_at). Rows from before: said when created.

ALTER TABLE beliefs ADD COLUMN observed_at TEXT;
ALTER TABLE beliefs ADD COLUMN event_at TEXT;
ALTER TABLE beliefs ADD COLUMN valid_until TEXT;
UPDATE beliefs SET observed_at = created_at;
UPDATE beliefs SET valid_until = coalesce((SELECT s.created_at FROM beliefs AS s WHERE s.id = beliefs.superseded_by), superseded_at)
  WHERE status = 'superseded';

ALTER TABLE backup_stage_beliefs ADD COLUMN observed_at TEXT;
ALTER TABLE backup_stage_beliefs ADD COLUMN event_at TEXT;
ALTER TABLE backup_stage_beliefs ADD COLUMN valid_until TEXT;
