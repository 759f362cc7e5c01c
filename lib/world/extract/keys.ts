import { slug } from '../text.ts';

/**
 * A value's head, for keys: what the user named, not the whole phrase around it. "jazz, especially
 * Coltrane" → `jazz`, "a new mobile app for tracking habits" → `mobile_app`, "to cook" → `cook`.
 */

const CUT =
  /,|\s+(?:especially|particularly|mainly|mostly|like|such as|including|except|for|with|at|in|on|from|by|because|that|which|who|where|when|so|since|to help|in order to|at the moment|these days|right now|a lot|so much|very much|too|again|lately|recently|now|anymore|any more|nowadays)\b/i;
const LEAD =
  /^(?:(?:a bit of|a little|a lot of|lots of|bit of|a|an|the|my|our|their|his|her|some|any|this|that|these|those|new|little|small|big|huge|old|first|own|whole|really|lots of|a lot of|a bit of|a little|more|to)\s+)+/i;
const MAX_WORDS = 4;

export function headOf(value: string): string {
  const cut = value.split(CUT)[0]!.trim();
  const bare = cut.replace(LEAD, '').trim() || cut;
  return bare.split(/\s+/).slice(0, MAX_WORDS).join(' ');
}

export function keyPart(value: string): string {
  return slug(headOf(value));
}
