/** `damerau-levenshtein` has no bundled types. */
declare module 'damerau-levenshtein' {
  interface Distance {
    /** Edits (insertion, deletion, substitution, adjacent transposition) between the two strings. */
    steps: number;
    relative: number;
    similarity: number;
  }
  export default function damerauLevenshtein(a: string, b: string, limit?: number): Distance;
}
