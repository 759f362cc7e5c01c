-- Owner prefixes are now consonants only, as schema/0023_consonant_owner_prefix.sql on SQLite (the
-- porter dictionary of belief_terms stems prefix and word as one word too): terms written before are
-- recomputed (NULL marks them pending; lib/world/recall/reindex.ts).
UPDATE beliefs SET search_terms = NULL WHERE search_terms IS NOT NULL;
