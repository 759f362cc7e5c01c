/** A belief's time and counter fields when written at `at` and never superseded, reinforced or injected (the same names in rows, archives and the API). */
export const untouchedSince = (at: string) => ({
  created_at: at,
  updated_at: at,
  superseded_at: null,
  superseded_by: null,
  reinforced_count: 0,
  injected_count: 0,
  last_injected_at: null,
});
