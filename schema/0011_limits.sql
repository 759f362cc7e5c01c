-- Active beliefs per owner, kept by triggers, so the quota check (API.md §8: at most 100,000
-- active beliefs per owner) is one primary-key read whatever wrote the beliefs: the service, a
-- backup import or an operator's SQL.

CREATE TABLE belief_counts (
  owner TEXT PRIMARY KEY,
  active INTEGER NOT NULL
);
INSERT INTO belief_counts (owner, active) SELECT owner, count(*) FROM beliefs WHERE status = 'active' GROUP BY owner;

CREATE TRIGGER belief_counts_insert AFTER INSERT ON beliefs WHEN new.status = 'active' BEGIN
  INSERT INTO belief_counts (owner, active) VALUES (new.owner, 1)
    ON CONFLICT (owner) DO UPDATE SET active = active + 1;
END;
CREATE TRIGGER belief_counts_delete AFTER DELETE ON beliefs WHEN old.status = 'active' BEGIN
  UPDATE belief_counts SET active = active - 1 WHERE owner = old.owner;
END;
CREATE TRIGGER belief_counts_leave AFTER UPDATE OF status, owner ON beliefs
  WHEN old.status = 'active' AND (new.status <> 'active' OR new.owner <> old.owner) BEGIN
  UPDATE belief_counts SET active = active - 1 WHERE owner = old.owner;
END;
CREATE TRIGGER belief_counts_enter AFTER UPDATE OF status, owner ON beliefs
  WHEN new.status = 'active' AND (old.status <> 'active' OR new.owner <> old.owner) BEGIN
  INSERT INTO belief_counts (owner, active) VALUES (new.owner, 1)
    ON CONFLICT (owner) DO UPDATE SET active = active + 1;
END;
