import { describe, expect, it } from 'vitest';
import { rows } from '../../../../test/support/table.ts';
import { resolveDate } from './dates.ts';

const AT = new Date('2023-05-20T10:00:00Z'); // a Saturday

describe('dates in a clause, resolved against when it was said', () => {
  it.each(rows`
    I moved to Rome yesterday                 → I moved to Rome     → 2023-05-19
    I started a new job two weeks ago         → I started a new job → 2023-05
    I adopted a cat three months ago          → I adopted a cat     → 2023-02
    I graduated 5 years ago                   → I graduated         → 2018
    I moved here back in 2019                 → I moved here        → 2019
    I married on June 3rd, 2021               → I married           → 2021-06-03
    I married on the 3rd of June 2021         → I married           → 2021-06-03
    I visited Lisbon in March 2020            → I visited Lisbon    → 2020-03
    I have an exam next Friday                → I have an exam      → 2023-05-26
    I ran a race last Saturday                → I ran a race        → 2023-05-13
    I went to Oslo in December                → I went to Oslo      → 2022-12
    I will go to Oslo in December             → I will go to Oslo   → 2023-12
    I skied last winter                       → I skied             → 2022
    I start the course in 2 days              → I start the course  → 2023-05-22
    We met last month, in Paris               → We met, in Paris    → 2023-04
    I lived in Oslo until last month           → I lived in Oslo     → 2023-04
    I was stationed in Nuuk in the winter of 1978 → I was stationed in Nuuk → 1978
    back in the seventies I ran a stand       → I ran a stand       → 1970
    in the 90s I had a band                   → I had a band        → 1990
    in the 2000s I lived in Oslo              → I lived in Oslo     → 2000
  `)('%j → %j at %s', (text, rest, eventAt) => {
    expect(resolveDate(text, AT)).toEqual({ text: rest, event_at: eventAt });
  });

  it.each([
    ["I've got the Galway marathon on the 24th of August", "I've got the Galway marathon on the 24th of August", '2023-08-24'],
    ["I'm having knee surgery on January 16th", "I'm having knee surgery on January 16th", '2024-01-16'],
    ['I ran the half on the 3rd of May', 'I ran the half on the 3rd of May', '2023-05-03'],
    ["We're getting married on 14 March next year", "We're getting married on 14 March", '2024-03-14'],
  ])('a day without a year keeps its words, the next one unless told in the past: %s', (text, rest, eventAt) => {
    expect(resolveDate(text, AT)).toEqual({ text: rest, event_at: eventAt });
  });

  it('leaves a clause without a date as it is, and drops an impossible day but not its phrase', () => {
    expect(resolveDate('I live in Berlin', AT)).toEqual({ text: 'I live in Berlin' });
    expect(resolveDate('I go running on Sunday mornings', AT)).toEqual({ text: 'I go running on Sunday mornings' });
    expect(resolveDate('I married on June 40, 2021', AT)).toEqual({ text: 'I married' });
  });
});
