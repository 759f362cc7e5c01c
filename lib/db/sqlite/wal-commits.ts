/** @module Whether anything was committed to a SQLite database in WAL mode since last asked, by any connection of any process. */
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * The first copy of the wal-index header at the start of the `-shm` file (sqlite.org/walformat.html,
 * "The WAL-Index Header"): every commit rewrites it, with its change counter (iChange) one higher.
 */
const HEADER_BYTES = 48;

/**
 * A count that moves whenever the database's wal-index header has changed since the last call: after
 * every commit by any connection, in this process or another (a revocation through the API, the writer
 * thread's usage counts, an UPDATE typed into the sqlite3 shell). Every connection of a WAL database
 * writes its commits through that header, which a reader reads before its snapshot; so the count read
 * before a statement moves with any commit the statement's result could miss. A header that cannot be
 * read moves the count on every call, as if every call followed a commit.
 */
export function walCommits(file: string): { count(): number; close(): void } {
  const seen = Buffer.alloc(HEADER_BYTES);
  const now = Buffer.alloc(HEADER_BYTES);
  let fd: number | null = null;
  let count = 0;
  return {
    count() {
      try {
        fd ??= openSync(`${file}-shm`, 'r');
        if (readSync(fd, now, 0, HEADER_BYTES, 0) !== HEADER_BYTES || !now.equals(seen)) {
          now.copy(seen);
          count++;
        }
      } catch {
        count++;
      }
      return count;
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
