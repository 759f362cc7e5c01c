-- A receipt shows what the model saw (API.md §11): each carried belief's statement as injected,
-- kept on its link row so purging the belief (which deletes the link) also removes that text.
-- NULL on links recorded before this migration; the dashboard then shows the current statement.

ALTER TABLE injection_beliefs ADD COLUMN statement TEXT;
