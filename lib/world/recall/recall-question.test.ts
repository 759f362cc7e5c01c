import { describe, expect, it } from 'vitest';
import { lines } from '../../../test/support/table.ts';
import { asksToRecall } from './recall-question.ts';

describe('a request that only asks to recall a fact or an event', () => {
  it.each(
    lines`
      When did I last visit my grandmother?
      What was the name of the hotel we stayed at in Lisbon?
      Where did Priya go for her honeymoon?
      How long ago did I adopt the dog?
      Who did Marcus meet at the conference?
      Which restaurant did we book for Friday?
      What did the doctor say about my knee?
      How many siblings does Jonas have?
      Is my passport still valid?
      When is Ana's birthday?
      What's my manager's name again?
      Quick question. When did I start at the bakery?
      when did I last go to Porto
      What does Maria need to bring to the fundraiser?
      What inspires Joanna to write?
      Who supports Caroline at school?
    `,
  )('%s is a recall question', async (text) => {
    expect(await asksToRecall(text)).toBe(true);
  });

  it.each(
    lines`
      What should I get my dad for Christmas?
      Can you recommend a good book on negotiation?
      Write a short thank-you note to my neighbour.
      Help me plan a weekend in Porto.
      How do I fix a leaking tap?
      Any ideas for a team lunch?
      What's a good stretch for lower back pain?
      Which laptop is best for video editing?
      Why does my sourdough come out flat?
      I want to start running again, where do I begin?
      Hello, how are you?
      Tell me a joke about cats.
      What do I need to pack for the ski trip?
      Which chess openings suit me?
      When did I last see the dentist? Book me an appointment for next week.
    `,
  )('%s asks for help: the persona stays', async (text) => {
    expect(await asksToRecall(text)).toBe(false);
  });

  it('reads a long request as more than a question to recall', async () => {
    expect(await asksToRecall(`${'Here is the log from last night. '.repeat(12)}When did the job fail?`)).toBe(false);
  });
});
