/** The parts of the `stopword` package (no bundled types) this project uses. */
declare module 'stopword' {
  /** English stopwords, lower case. */
  export const eng: string[];
}
