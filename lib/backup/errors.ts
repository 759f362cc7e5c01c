/** The failure codes of the backup routes (docs/api.md §10), answered as 400 {"ok":false,"error":{code,message}}. */
export type BackupErrorCode = 'bad_passphrase' | 'corrupt_archive' | 'unsupported_version' | 'invalid_request' | 'weak_passphrase';

export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const corrupt = (message: string) => new BackupError('corrupt_archive', message);
