import { describe, expect, it } from 'vitest';
import { holdsSecret, ownWords } from './pasted.ts';

describe('the lines the user wrote themselves', () => {
  it('keeps what follows a heading about the user, after a greeting too', () => {
    const facts = '- I work as a radiographer at Kaunas Clinics\n- I live in Žaliakalnis';
    for (const heading of ['A few facts about me so you know:', 'Hi there! A few facts about me so you know:', 'Hey! Some context about my work stuff:'])
      expect(ownWords(`${heading}\n${facts}`)).toBe(`${heading}\n${facts}`);
  });

  it('drops material handed over after its first line, after a greeting too', () => {
    for (const heading of ["Hello! Here's the email my landlord sent:", 'Hi! pls proofread this for me:', 'can you translate this for me:'])
      expect(ownWords(`${heading}\nI live in Lyon and work at Danone.`)).toBe(heading);
  });
});

describe('a secret typed in passing', () => {
  it.each([
    'ugh, re-entered Kestrel!2031 three times and the router still drops',
    'tried m00nL1ght_Ivy with caps lock off and on',
    'had to type Cereza#2291 twice before it let me in',
    'my ~/.npmrc has //registry.npmjs.org/:_authToken=npm_Q8wLx2Vb9TzR4mKp7Yc1 and publish 401s',
    'the config says password: hunter22 but it fails',
  ])('is a secret: %s', (said) => {
    expect(holdsSecret(said)).toBe(true);
  });

  it.each([
    'updated to iOS 17.4.1 and my battery dies by lunch',
    'is C# or F# better for a beginner?',
    'flight BA2490 to Pisa was delayed',
    'use #TeamGreenFriday and tag @greenleafcoop',
    'my email is dana.k.moreno@gmail.com',
    'RTX 4070 vs 4070 Ti Super for 1440p?',
    'I work with react@18.2.0 and node 20',
    'postcode LS6 3QT, room 4217',
  ])('is no secret: %s', (said) => {
    expect(holdsSecret(said)).toBe(false);
  });
});
