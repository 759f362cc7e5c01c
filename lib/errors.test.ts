import { describe, expect, it } from 'vitest';
import { databaseFault } from './errors.ts';

const fault = (err: unknown) => {
  const e = databaseFault(err);
  return e && { status: e.status, code: e.code };
};

describe('databaseFault', () => {
  it.each([
    [{ code: 'SQLITE_FULL', message: 'database or disk is full' }],
    [{ code: '53100', message: 'could not extend file "base/16384/16385": No space left on device' }],
    [{ code: 'ENOSPC', message: 'ENOSPC: no space left on device, write' }],
    [new Error('D1_ERROR: database or disk is full: SQLITE_FULL')],
  ])('a full disk is 507 insufficient_storage: %o', (err) => {
    expect(fault(err)).toEqual({ status: 507, code: 'insufficient_storage' });
  });

  it.each([
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '57P03', message: 'the database system is starting up' }],
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    [new Error('Connection terminated unexpectedly')],
    [new Error('timeout exceeded when trying to connect')],
    [new Error('Client has encountered a connection error and is not queryable')],
  ])('an unreachable database is 503 database_unavailable: %o', (err) => {
    expect(fault(err)).toEqual({ status: 503, code: 'database_unavailable' });
  });

  it.each([[new Error('boom')], [{ code: '23505', message: 'duplicate key value violates unique constraint' }], [null], ['text']])(
    'anything else is not a database fault: %o',
    (err) => {
      expect(databaseFault(err)).toBeNull();
    },
  );
});
