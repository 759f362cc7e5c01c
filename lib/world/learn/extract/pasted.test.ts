import { describe, expect, it } from 'vitest';
import { ownWords } from './pasted.ts';

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
