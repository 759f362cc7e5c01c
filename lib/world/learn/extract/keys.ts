import { slug } from '../../text.ts';

/**
 * A value's head, for keys: what the user named, not the whole phrase around it. "jazz, especially
 * Coltrane" → `jazz`, "a new mobile app for tracking habits" → `mobile_app`, "to cook" → `cook`.
 */

const CUT =
  /,|(?<!\s)\s+(?:especially|particularly|mainly|mostly|like|such as|including|except|for|with|at|in|on|from|by|because|that|which|who|where|when|so|since|to help|in order to|before|after|until|during|about|than|instead of|rather than|because of|due to|thanks to|via|through|without|within|at the moment|these days|right now|a lot|so much|very much|too|again|lately|recently|now|anymore|any more|nowadays|every|each|twice|outside|off|any day|any time|anytime|daily|weekly|nightly|most (?:days|mornings|evenings|nights|weekends|weeks))\b/i;
const LEAD =
  /^(?:(?:a bit of|a little|a lot of|lots of|bit of|a|an|the|my|our|their|his|her|some|any|this|that|these|those|new|little|small|big|huge|old|first|own|whole|really|lots of|a lot of|a bit of|a little|more|to)\s+)+/i;
const MAX_WORDS = 4;

function headOf(value: string): string {
  const lead = (v: string) => v.replace(LEAD, '').trim() || v;
  const cut = lead(value).split(CUT)[0]!.trim();
  return lead(cut).split(/\s+/).slice(0, MAX_WORDS).join(' ');
}

export function keyPart(value: string): string {
  return slug(headOf(value));
}
