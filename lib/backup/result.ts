/** What a successful import answers (docs/api.md §10), shown by the dashboard's import form too. */
export interface ImportResult {
  beliefs_imported: number;
  beliefs_skipped: number;
  compaction_entries_imported: number;
  persona_restored: boolean;
  config_restored: boolean;
}
