import { beforeAll, describe, expect, it } from 'vitest';
import { heldPairs, read } from '../../../../test/support/reading.ts';
import type { Held } from './resolve.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const tools = (content: string, held: Held[] = []) =>
  read(content, held)
    .beliefs.filter((b) => b.key?.startsWith('user.tool.'))
    .map((b) => b.statement);

describe('what a part of the user’s work runs on, said of the work', () => {
  const two = heldPairs(['The user uses Excel for their books', 'user.tool.excel'], ['The user tracks tickets in Jira', 'user.tool.jira']);

  it.each([
    ['the books are in Sage now', 'The user uses Sage for books'],
    ['Books all go through Sage these days', 'The user uses Sage for books'],
  ])('a new tool for the same work ends the one held for it, and no other: %s', (content, learned) => {
    const { beliefs, retract } = read(content, two);
    expect(retract.map((r) => r.id)).toEqual(['b0']);
    expect(beliefs.map((b) => b.statement)).toContain(learned);
  });

  it.each([
    ['our whole cluster runs on Hetzner now', 'The user uses Hetzner for cluster'],
    ['payroll goes thru gusto these days', 'The user uses gusto for payroll'],
    ['bookings at the salon all go through fresha', 'The user uses fresha for bookings'],
    ['our orders go via shopify', 'The user uses shopify for orders'],
  ])('said of the work, with the tool named in lower case after a way through: %s', (content, learned) => {
    expect(tools(content)).toEqual([learned]);
  });

  it.each(['dispatch is on hold now', 'the books are in chaos now', 'the team is in Madrid now', 'the herd records go through the vet'])(
    'how the work is, or where, names no tool: %s',
    (content) => {
      expect(tools(content, two)).toEqual([]);
      expect(read(content, two).retract).toEqual([]);
    },
  );

  it('what "we" are on is a tool, never the team the user is on', () => {
    const team = heldPairs(['The user is on the payments team', 'user.team']);
    const { beliefs, retract } = read("we're all on Penpot now", team);
    expect(retract).toEqual([]);
    expect(beliefs.map((b) => `${b.statement} [${b.key}]`)).toEqual(['The user uses Penpot [user.tool.penpot]']);
  });

  it.each(['we are on holiday now', "I'm on nights now", "I'm on sick leave now"])('time away is no team: %s', (content) => {
    const team = heldPairs(['The user is on the payments team', 'user.team']);
    expect(read(content, team).retract).toEqual([]);
  });

  it.each([
    ['Rota: Deputy', 'The user uses Deputy for their rota'],
    ['Invoices: FreeAgent, works fine', 'The user uses FreeAgent for their invoices'],
    ['Herd records: Uniform-Agri', 'The user uses Uniform-Agri for their herd records'],
  ])('a label naming the work, and the product it is kept in: %s', (content, learned) => {
    expect(tools(content)).toEqual([learned]);
  });
});
