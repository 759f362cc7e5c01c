-- Owner prefixes are now consonants only (lib/owner-prefix.ts), so the porter stemmer stems each
-- word as itself: under a prefix with vowels "time" was stemmed as "tim" is, "same" as "sam". Terms
-- written before carry the old prefix and are recomputed: NULL marks them pending, and start-up (or,
-- where a runtime indexes at search time, the next searches) writes them again (lib/world/recall/reindex.ts).
UPDATE beliefs SET search_terms = NULL WHERE search_terms IS NOT NULL;
