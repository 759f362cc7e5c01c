import { DEFAULT_CONFIG } from '../stores/config.ts';
import { applyConfigInput, configInput } from '../config/validate.ts';
import { ApiError } from '../errors.ts';
import { issueText } from '../issue.ts';
import { BackupError, corrupt } from './errors.ts';
import { FORMAT, FORMAT_VERSION, manifestSchema, RECORD_SCHEMAS, type ArchiveRecord, type Manifest, type RecordType } from './format.ts';
import { MAX_LINE_CHARS } from './lines.ts';

/**
 * The archive's lines read as an import accepts them: the manifest first, then records, each
 * checked against what the service itself would store, a history record only after its belief's.
 * The import reads every line through one; the export checks every line it writes through another.
 */
export class RecordReader {
  private manifest: Manifest | null = null;
  private readonly seen: Record<RecordType, number> = { belief: 0, history: 0, config: 0, persona: 0, compaction: 0 };
  /** The belief whose history records may follow. */
  private belief: string | null = null;

  /** The manifest, once read. */
  get head(): Manifest | null {
    return this.manifest;
  }

  /** One line (without its newline): null for the manifest, else the record. */
  read(text: string, line: number): ArchiveRecord | null {
    if (text.length > MAX_LINE_CHARS) throw corrupt(`line ${line} is longer than ${MAX_LINE_CHARS} characters (1 MiB)`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw corrupt(`line ${line} is not valid JSON`);
    }
    if (!this.manifest) {
      this.manifest = checkManifest(value);
      return null;
    }
    const record = parseRecord(value, line, this.seen);
    if (record.type === 'belief') this.belief = record.belief.id;
    else if (record.type !== 'history') this.belief = null;
    else if (record.belief_id !== this.belief) {
      throw corrupt(`history record ${this.seen.history}: belief_id: must follow the record of that belief (line ${line})`);
    }
    return record;
  }
}

/**
 * Validates one record before anything is written; a failure names the record by its type and
 * number ("belief record 3: status: …").
 */
function parseRecord(value: unknown, line: number, seen: Record<RecordType, number>): ArchiveRecord {
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(RECORD_SCHEMAS, type)) {
    throw corrupt(`record on line ${line}: type: must be one of ${Object.keys(RECORD_SCHEMAS).join(', ')}`);
  }
  const kind = type as RecordType;
  const name = `${kind} record ${++seen[kind]}`;
  const parsed = RECORD_SCHEMAS[kind].safeParse(value);
  if (!parsed.success) {
    const text = issueText(parsed.error, 'record', (p) => (kind === 'belief' && p[0] === 'belief' ? p.slice(1) : p));
    throw corrupt(`${name}: ${text} (line ${line})`);
  }
  if (parsed.data.type === 'config' && parsed.data.config !== null) checkRuntimeConfig(parsed.data.config, name, line);
  return parsed.data;
}

/** A config record must be a config the admin API would accept. */
function checkRuntimeConfig(config: Record<string, unknown>, name: string, line: number): void {
  const parsed = configInput.safeParse(config);
  if (!parsed.success) {
    throw corrupt(`${name}: config.${issueText(parsed.error, '')} (line ${line})`);
  }
  try {
    applyConfigInput(DEFAULT_CONFIG, parsed.data);
  } catch (err) {
    if (err instanceof ApiError) throw corrupt(`${name}: config.${err.message} (line ${line})`);
    throw err;
  }
}

function checkManifest(value: unknown): Manifest {
  const head = value as Partial<Manifest> | null;
  if (!head || typeof head !== 'object' || head.format !== FORMAT) {
    throw corrupt('the archive does not start with a belief-store-backup manifest');
  }
  if (head.format_version !== FORMAT_VERSION) {
    throw new BackupError(
      'unsupported_version',
      `archive format_version ${JSON.stringify(head.format_version)} is not supported (this service reads version ${FORMAT_VERSION})`,
    );
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) throw corrupt(`manifest: ${issueText(parsed.error, '')}`);
  return parsed.data;
}
