import { describe, expect, it } from 'vitest';
import { askedBefore, askedPart } from './asked.ts';

describe('what the user answers', () => {
  const reply = (assistant: string, user = 'The blue one.') => [
    { role: 'assistant' as const, content: assistant },
    { role: 'user' as const, content: user },
  ];

  it('reads the last two questions of the assistant turn just before the user, not its other sentences', () => {
    expect(askedBefore(reply('Nice shop. Which guitar did you buy? Electric or acoustic? Enjoy it!'))).toEqual([
      'Which guitar did you buy?',
      'Electric or acoustic?',
    ]);
    expect(askedBefore(reply('Did you sleep? What did you eat? Which guitar did you buy?'))).toEqual(['What did you eat?', 'Which guitar did you buy?']);
  });

  it('reads nothing when no assistant turn is just before the user, and never a question holding a secret', () => {
    expect(askedBefore([{ role: 'user', content: 'hi' }])).toEqual([]);
    expect(askedBefore([...reply('Which one?'), { role: 'user' as const, content: 'and another' }])).toEqual([]);
    expect(askedBefore(reply("What's your PIN again?"))).toEqual([]);
  });

  it('reads only the end of a long assistant turn, and carries only that', () => {
    const long = `${'All about fretboards. '.repeat(5_000)}Which guitar did you buy?`;
    expect(askedPart(long).length).toBeLessThanOrEqual(1_000);
    expect(askedPart(long).endsWith('Which guitar did you buy?')).toBe(true);
    expect(askedBefore(reply(long))).toEqual(['Which guitar did you buy?']);
  });
});
