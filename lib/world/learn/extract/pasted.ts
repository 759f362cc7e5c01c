/**
 * What the user pasted or quoted rather than said, and secrets: none of it is learned.
 *
 * - Text between separator lines (`---`, `___`, `===`, `"""`, `'''`), or after one that is never closed.
 * - A forwarded message or mail headers (`From:`, `Subject:`, "Forwarded message"), from there on.
 * - A letter: from a salutation line ("Dear Sam,", "Hi all,", "Hello team") or a sign-off
 *   ("Cheers,", "Best regards") on.
 * - Everything after a first line that announces material ("here's the email:", "pls proofread:",
 *   "can you help me reply to this?").
 * - A sentence that holds a secret: a password, PIN, door code, login, API key or token, card,
 *   account or sort-code number, or a string shaped like a key.
 */

const SEPARATOR = /^\s*(?:[-_=*~]{3,}.*|"""|'''|`{3}.*)$/;
const HEADERS = /^\s*(?:-+\s*)?(?:forwarded message|original message|begin forwarded message)\b|^\s*(?:from|to|cc|bcc|sent|date|subject)\s*:/i;
const SALUTATION = /^\s*(?:dear|hi|hello|hey|hiya|greetings|good (?:morning|afternoon|evening))\b[^.!?\n]{0,40}(?:,|!)?\s*$/i;
const SIGN_OFF =
  /^\s*(?:cheers|best|best wishes|kind regards|regards|warm regards|many thanks|thanks|thank you|sincerely|yours(?: sincerely| truly)?|love|xoxo|sent from my \w+)\b[^.!?\n]{0,30},?\s*$/i;
/** A first line that hands over material: it names what follows or ends in a colon. */
const ANNOUNCES =
  /:\s*$|\b(?:e-?mail|message|post|text|letter|draft|note|reply|replied|proofread|forward(?:ed)?|copy|copying|paste|pasting|quote|wrote|sent me|this says|says:)\b/i;

/**
 * A first line that heads what follows as the user's own: "About me:", "Some context:", "Quick
 * facts:", or a part of the user's life told so the assistant knows it ("work stuff, so you know
 * what I'm talking about later:", "personal bits:").
 */
const ABOUT_ME =
  /^[^:.!?]{0,60}\b(?:about me|about myself|context|background|facts|info|intro|introduction|details|me|so you know|for (?:later|reference|the record)|fyi|(?:work|job|personal|home|family|life|health|private|misc|other) (?:stuff|bits|things|side|info|details))\b[^:.!?]{0,60}:\s*$/i;
/** What a heading hands over when it is someone else's material, whatever else it says. */
const MATERIAL =
  /\b(?:e-?mail|message|post|text|letter|draft|note|reply|memo|forward(?:ed)?|wrote|sent|proofread|translate|rewrite|reword|edit|polish|shorten|summari[sz]e)\b/i;

const QUOTED_AFTER_COLON = /:\s*(?:"[^"\n]{12,}"|“[^”\n]{12,}”|‘[^’\n]{12,}’|'[^\n]{12,}?'(?=\s|[.,!?;)]|$))/g;

/** A line's last sentence: the heading after a greeting ("Hi there! A few facts about me:"). */
const lastSentence = (line: string) => line.split(/(?<=[.!?])\s+/).at(-1)!;

/** The turn without pasted or quoted material: the lines the user wrote themselves. */
export function ownWords(said: string): string {
  // "Someone sent me this on LinkedIn: 'Senior Data Scientist – Spotify, London – …'": what is quoted after a colon is theirs.
  const text = said.replace(QUOTED_AFTER_COLON, ':');
  const lines = text.split('\n');
  if (lines.length < 2) return text;
  const kept: string[] = [];
  let inside = false;
  let letter = false;
  for (const [i, line] of lines.entries()) {
    if (SEPARATOR.test(line)) {
      inside = !inside;
      continue;
    }
    if (inside) continue;
    if (HEADERS.test(line) || (i > 0 && (SALUTATION.test(line) || SIGN_OFF.test(line)))) letter = true;
    if (letter) continue;
    if (i === 1 && ANNOUNCES.test(lines[0]!) && (!ABOUT_ME.test(lastSentence(lines[0]!)) || MATERIAL.test(lines[0]!))) letter = true;
    if (letter) continue;
    kept.push(line);
  }
  return kept.join('\n');
}

const SECRET_WORD =
  /\b(?:passwords?|passcodes?|passphrases?|(?<!\bpull(?:ed|ing|s)? the )pins?|pin codes?|door codes?|access codes?|security codes?|security (?:answers?|questions?)|memorable (?:words?|answers?|information)|maiden names?|one[- ]time (?:codes?|passwords?|pins?)|otp|2fa codes?|verification codes?|recovery (?:codes?|phrases?|keys?)|seed phrases?|backup codes?|logins?|credentials|api[- ]?keys?|access keys?|secret keys?|tokens?|secrets?|card numbers?|card no|cvv|cvc|account numbers?|acct|sort codes?|iban|routing numbers?|ssn|social security)\b/i;
/** Key-shaped strings (sk-…, ghp_…, npm_…, AKIA…, long hex or base64 runs), card-length digit runs, a value given to a secret's name ("_authToken=…"). */
const SECRET_SHAPE =
  /\b(?:sk|pk|rk|ghp|gho|github_pat|npm|xox[bp]|glpat)[-_][A-Za-z0-9_-]{8,}|\bAKIA[A-Z0-9]{12,}|\b[A-Fa-f0-9]{32,}\b|\b(?:\d[ -]?){12,18}\d\b|(?:token|secret|passw(?:or)?d|pwd|api_?key)["']?\s*[=:]/i;
/**
 * A password typed in passing ("re-entered Bluebird!2024", "tried p4ssw0rd_Lola"): one word of 8 to 64
 * characters mixing letters, digits and a symbol, not a handle, a hashtag, an address or a version.
 */
const PASSWORD_SHAPE = /(?<![\w@#./-])(?=[^\s./:@]{8,64}(?![^\s,;!?)]))(?=[^\s]*\p{L})(?=[^\s]*\d)[^\s./:@]*[!#$%^&*?~_][^\s./:@]*/u;

/** A digit and a symbol somewhere, which PASSWORD_SHAPE needs: looked for first, as most sentences have neither. */
const mayHoldPassword = (sentence: string) => /\d/.test(sentence) && /[!#$%^&*?~_]/.test(sentence);

export function holdsSecret(sentence: string): boolean {
  return SECRET_WORD.test(sentence) || SECRET_SHAPE.test(sentence) || (mayHoldPassword(sentence) && PASSWORD_SHAPE.test(sentence));
}
