import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger } from './tagger.ts';
import { employerIn, homeIn, saysStay } from './value-in.ts';

beforeAll(loadTagger);

describe('homeIn: where the user lives now, wherever a statement holds it', () => {
  it.each([
    ['The user works from their flat in Ghent most days and the wifi is awful', 'Ghent'],
    ['The user has been living out in Cork since the kids were born', 'Cork'],
    ['The user is stuck in Bratislava with this awful weather', 'Bratislava'],
    ["The user's place in Tallinn is tiny but they make it work", 'Tallinn'],
    ["The user's commute from Leiden to the office is killing them", 'Leiden'],
    ['The user is fully remote from their house in Arusha', 'Arusha'],
    ['The user shares a flat in Glasgow with their brother', 'Glasgow'],
    ['The user runs a bakery here in Antigua', 'Antigua'],
    ['The user lives in Rio de Janeiro with their dog', 'Rio de Janeiro'],
    ['The user has lived in Leeds for ten years', 'Leeds'],
    ['The user goes running by the canal since moving to Utrecht', 'Utrecht'],
    ['The user has slept badly since relocating here to Turin', 'Turin'],
    ['The user is a hydrologist at the Prairie Water Institute in Saskatoon', 'Saskatoon'],
    ['The user is a toolmaker at Bosch in Stuttgart', 'Stuttgart'],
    ['The user works from home as a claims analyst for Banksia Mutual in Hobart', 'Hobart'],
  ])('%s → %s', (statement, place) => {
    expect(homeIn(statement)).toBe(place);
  });

  it.each([
    'The user grew up in Leeds',
    'The user used to live in Leeds',
    'The user was stationed in Nuuk, Greenland of 1978',
    'The user is here in Lisbon for a week',
    'The user is stuck at the airport in Doha',
    "The user's sister's flat in Porto is lovely",
    "The user stays at their parents' house in Derby at Christmas",
    'The user would love to live in Kyoto',
    'The user is going to live in Madrid next year',
    'The user does not live in Berlin anymore',
    "The user's old apartment in Cairo had mice",
    "The user's summer house on Fanø is lovely",
    'The user works at Acme in Leeds',
    "The user's sister lives in York",
    'The user is a guest at the Hilton in Paris this week',
    'The user is a student at Leeds Uni in Leeds',
    'The user was a toolmaker at Bosch in Stuttgart',
  ])('%s holds no home', (statement) => {
    expect(homeIn(statement)).toBeUndefined();
  });
});

describe('employerIn: whom the user works for now, wherever a statement holds it', () => {
  it.each([
    ['The user starts Monday at Ubisoft Montréal, same kind of QA job', 'Ubisoft Montréal'],
    ['The user is transferred to Higashi-Nerima Junior High from April', 'Higashi-Nerima Junior High'],
    ['The user signed with Nuvix', 'Nuvix'],
    ['The user starts in the ICU at Hospital de Clínicas', 'Hospital de Clínicas'],
    ['The user has a placement at Ernst & Young', 'Ernst & Young'],
    ['The user works the pit at Smoke Holler bbq on beale', 'Smoke Holler'],
    ['The user works weekends at Waitrose to pay the bills', 'Waitrose'],
    ['The user got a job at the Apple Store', 'Apple Store'],
    ['The user is a glaciologist with the Polar Survey', 'Polar Survey'],
    ['The user is a cartographer for Ordnance Survey in Southampton', 'Ordnance Survey'],
    ['The user is a senior zookeeper at Taronga Zoo', 'Taronga Zoo'],
    ['The user works remotely as a copy editor for Penguin', 'Penguin'],
    ['The user works part-time as a receptionist for Dentalia', 'Dentalia'],
  ])('%s → %s', (statement, org) => {
    expect(employerIn(statement)).toBe(org);
  });

  it.each([
    'The user is transferred to Leeds',
    'The user started a pottery class at Clay Studio',
    'The user wants to start at Google',
    'The user did not get the job at Amazon',
    'The user was hired by Acme in 2012 and left in 2015',
    "The user's sister started at Google",
    'The user works with Acme clients',
    "The user started chemo at Guy's",
    'The user is a student at Leeds Uni',
    'The user is a regular at The Crown',
    'The user is a volunteer at Oxfam',
    'The user is a beginner at Python',
    'The user was a glaciologist with the Polar Survey',
    'The user used to be a welder with Harland Marine',
    'The user would be a cartographer for Ordnance Survey',
  ])('%s holds no employer', (statement) => {
    expect(employerIn(statement)).toBeUndefined();
  });
});

describe('saysStay: a clause that says where the user is for a while, not where they live', () => {
  it.each(["I'm in Madrid for a conference until Friday", "I'm in Oslo for a few days", "we're in Lisbon for my cousin's wedding"])(
    '%s is a stay',
    (clause) => {
      expect(saysStay(clause)).toBe(true);
    },
  );
  it.each(["We're in Utrecht now", "I've lived in Leeds for ten years", 'I live in Leeds near the airport'])('%s is no stay', (clause) => {
    expect(saysStay(clause)).toBe(false);
  });
});
