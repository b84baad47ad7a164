// What the issue verbs' options share.

/** A verb acting on several issues at once. */
export interface NumbersOptions {
  numbers: string[];
}
