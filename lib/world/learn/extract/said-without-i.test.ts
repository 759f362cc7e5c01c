import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

/** A diary-style clause that drops its "I am" before what the user is doing or is (extractor.ts DOING_DIARY, BEING_DIARY). */
describe('what the user is doing or is, said without "I am"', () => {
  it.each([
    ['Still coaching the under-10s on Saturday mornings.', 'coaching the under-10s'],
    ['Cutting back on sugar since the new year.', 'cutting back on sugar'],
    ['slowly restoring an old Vespa in the garage', 'restoring an old Vespa'],
    ['Addicted to sudoku these days.', 'addicted to sudoku'],
    ['Proud owner of a very loud parrot 🦜', 'proud owner of a very loud parrot'],
    ['Still a massive Leeds fan, sadly.', 'Leeds fan'],
    ['tryna learn the ukulele, my fingers hate me', 'trying to learn the ukulele'],
  ])('%s', (said, part) => {
    expect(learned(said).some((b) => b.includes(part))).toBe(true);
  });

  it.each([
    // This moment, not a life.
    'Cooking risotto tonight, wish me luck.',
    'Watching the match right now, 2-1 up.',
    'Still waiting on the electrician.',
    // Today's task, counted.
    'Sorting 300 invoices, kill me.',
    // A gerund that names a thing or an event.
    'Recycling goes out Thursdays.',
    'Curling match next week.',
    'Streaming service now.',
    // Someone else's doing, said after them.
    "Bro's moved to Darwin. Driving road trains.",
    'My cousin quit the bank. Restoring old boats in Hull now.',
    // Two clauses run together: the second has its own "I".
    'hooked on chess lately I play every lunch',
  ])('%s', (said) => {
    expect(learned(said).filter((b) => /is (?:cooking|watching|waiting|sorting|recycling|curling|streaming|driving|restoring|hooked)/.test(b))).toEqual([]);
  });
});
