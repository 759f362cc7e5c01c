import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '../../settings.ts';
import { openDatabase, serverFor } from './database.ts';

describe('the database a SERVICE_DATABASE_URL names', () => {
  it.each(['postgres://u:pw@db.internal/memory', 'postgresql://u:pw@db.internal:5433/memory'])('opens %s as PostgreSQL', (url) => {
    expect(serverFor(url)).toBe(serverFor('postgres://h/d'));
  });

  it('refuses a scheme no backend opens, naming the setting and the schemes, never the password', async () => {
    const url = 'mysql://app:hunter2secret@db.internal/belief';
    expect(() => serverFor(url)).toThrow(SettingsError);
    expect(() => serverFor(url)).toThrow(
      'SERVICE_DATABASE_URL must be a URL such as postgres://user:password@host:5432/database (this build opens postgres://, postgresql://)',
    );
    expect(() => serverFor(url)).not.toThrow('hunter2');
    const dir = mkdtempSync(join(tmpdir(), 'bs-open-'));
    try {
      await expect(openDatabase(parseSettings({ SERVICE_DATABASE_URL: url }), dir, () => {})).rejects.toThrow(SettingsError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
