/**
 * The failure codes of the backup routes (docs/api.md §10), answered as {"ok":false,"error":{code,message}}:
 * 400, or 500 for an export that would write an archive its import refuses.
 */
export type BackupErrorCode = 'bad_passphrase' | 'corrupt_archive' | 'unsupported_version' | 'invalid_request' | 'weak_passphrase' | 'export_failed';

export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
  }

  get status(): 400 | 500 {
    return this.code === 'export_failed' ? 500 : 400;
  }
}

export const corrupt = (message: string) => new BackupError('corrupt_archive', message);
