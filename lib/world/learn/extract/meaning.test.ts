import { describe, expect, it } from 'vitest';
import { as, type Meaning } from './meaning.ts';

describe('a meaning read from another group', () => {
  const employer: Meaning = {
    type: 'fact',
    key: 'user.employer.{x}',
    statement: 'The user works at {x}, {x:a} company near {y}',
    aliases: ['{x}'],
    checks: { x: 'org', y: 'place' },
  };

  it('renames {x} and {x:a} in key, statement, aliases and checks, leaving other groups alone', () => {
    expect(as(employer, 'z')).toEqual({
      type: 'fact',
      key: 'user.employer.{z}',
      statement: 'The user works at {z}, {z:a} company near {y}',
      aliases: ['{z}'],
      checks: { z: 'org', y: 'place' },
    });
    expect(employer.key).toBe('user.employer.{x}');
  });

  it('keeps a computed or absent key, and absent aliases and checks', () => {
    const key = () => 'user.k';
    const renamed = as({ type: 'fact', key, statement: '{x}' }, 'y');
    expect(renamed.key).toBe(key);
    expect(renamed.aliases).toBeUndefined();
    expect(renamed.checks).toBeUndefined();
    expect(as({ type: 'fact', key: null, statement: '{x}' }, 'y').key).toBeNull();
  });
});
