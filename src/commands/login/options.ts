// What the login verbs that take a login's name share.
export interface NameOptions {
  name: string;
}
