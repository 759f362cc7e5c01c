import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger } from './tagger.ts';
import { tag, theirs, voice } from './voice.ts';

beforeAll(loadTagger);

describe('the user said of in the third person', () => {
  it.each([
    ['visit my parents', 'visit their parents'],
    ['a favourite of mine', 'a favourite of theirs'],
    ['mine and my wife’s', 'theirs and their wife’s'],
    ['coffee with us', 'coffee with them'],
    ['a cook on a mine site', 'a cook on a mine site'],
    ['on their gold mine contract', 'on their gold mine contract'],
    ['on the old coal mine', 'on the old coal mine'],
    ['trips to the US', 'trips to the US'],
    ['Leeds', 'Leeds'],
  ])('%s → %s', (value, said) => expect(theirs(value)).toBe(said));

  it('turns a clause and its later pronouns the same way', () => {
    expect(voice('I visit my parents on Sundays')?.statement).toBe('The user visits their parents on Sundays');
    expect(voice('I work at a mine near Mount Isa')?.statement).toBe('The user works at a mine near Mount Isa');
  });
});

describe('tagging a text twice in one turn', () => {
  beforeAll(loadTagger);

  it('gives each caller its own terms: one that retags a word changes no later reading', () => {
    const first = tag('I quilt with friends');
    first[1]!.tags.add('Marked');
    const again = tag('I quilt with friends');
    expect(again.map((t) => t.text)).toEqual(['I', 'quilt', 'with', 'friends']);
    expect(again[1]!.tags.has('Marked')).toBe(false);
    again[1]!.tags.add('Marked');
    expect(tag('I quilt with friends')[1]!.tags.has('Marked')).toBe(false);
  });
});
