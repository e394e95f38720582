/** Where in the user's files something is written, and a problem found there: the plain types every layer's validation reports with. */

/** A place in a file the user wrote, 1-based like editors show it. */
export interface SourceLocation {
  file: string;
  line: number;
  col: number;
}

/** One problem found in the user's input, with where it is and what to do. */
export interface InputProblem {
  where: SourceLocation;
  message: string;
  hint?: string;
}
