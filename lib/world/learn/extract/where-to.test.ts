import { beforeAll, describe, expect, it } from 'vitest';
import { heldPairs, read } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';
import { withWhereTo } from './where-to.ts';

beforeAll(loadTagger);

describe('withWhereTo: a move said without where to takes the place the turn names', () => {
  it.each([
    ['bakeries in Aarhus? moved here on monday', 'bakeries in Aarhus? moved to Aarhus on monday'],
    ['Any sushi near Sapporo? We relocated here from Osaka.', 'Any sushi near Sapporo? We relocated to Sapporo from Osaka.'],
    ['need a vet in Cork, moved over from Galway in june', 'need a vet in Cork, moved over to Cork from Galway in june'],
    ['New to Lyon! moved here for work', 'New to Lyon! moved to Lyon for work'],
    ['been living here a year and still no idea where to park in Bilbao', 'been living in Bilbao a year and still no idea where to park in Bilbao'],
    // Where the user writes from is where they are; a place the tagger knows outweighs one it does not.
    ['texting from Lisbon, moved last week, found a room in Graça', 'texting from Lisbon, moved to Lisbon last week, found a room in Graça'],
    // "in 2019" is a time, not a particle of the move.
    ['we moved in 2019, and in Porto ever since', 'we moved to Porto in 2019, and in Porto ever since'],
    // An abbreviation is no place unless the tagger knows it as one.
    ['moved last month, started in the ICU near Coimbra', 'moved to Coimbra last month, started in the ICU near Coimbra'],
  ])('%s', (turn, written) => {
    expect(withWhereTo(turn)).toBe(written);
  });

  it.each([
    // Where is said already.
    'we settled here in Malmö after the summer',
    'moved here to Valencia in spring',
    // "here in april" is a time, and no place is named.
    'we moved here in april',
    // Two places, neither known better: which one is not said.
    'moved here last week, the pubs in Smalltown and Bigville are fine',
    // Where from is no where to.
    'we moved from Osaka last week',
    // A move of something else.
    'we moved the shop, it is in Atlixco now',
    'I moved around a lot as a kid, mostly in Germany',
    // What is the user's old is where they lived before the move.
    'we moved last year, any tips for selling the old sofa in Leeds?',
    // A place the user did not take.
    'moved. daly city now, almost took a place in Oakland but it fell through',
  ])('%s stays as it was', (turn) => {
    expect(withWhereTo(turn)).toBe(turn);
  });
});

describe('a move whose place is named elsewhere in the turn replaces the home', () => {
  const home = heldPairs(['The user lives in Kettering', 'user.location']);
  it.each([
    ['any decent bakeries in Aarhus? just moved here on monday', 'Aarhus'],
    ["what's the tram pass situation in Zagreb? we moved here last month", 'Zagreb'],
    ['help me find a gp in Cork, moved over from Galway in june', 'Cork'],
    ['any good pho in Hanoi? moved here last week with my wife 😊', 'Hanoi'],
  ])('%s', (turn, place) => {
    const { beliefs } = read(turn, home);
    expect(beliefs).toContainEqual(expect.objectContaining({ key: 'user.location', statement: `The user lives in ${place}` }));
  });

  it.each([
    'my sister just moved here, any good schools in Graz?',
    'we might move here one day, is Dunbar expensive?',
    'thinking of moving here, what is the rent like in Bergen?',
    'my boss relocated here from Berlin, now he runs the office in Munich',
    'my friend moved there last year, have you been to Lisbon?',
  ])('%s leaves the home', (turn) => {
    const { beliefs, retract } = read(turn, home);
    expect(beliefs.filter((b) => b.key === 'user.location')).toEqual([]);
    expect(retract).toEqual([]);
  });
});
