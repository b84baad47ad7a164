// A value a flag or an argument refuses. Commander, which calls the parsers,
// prefixes the message with the option's spelling and fails with exit 2 for
// any error whose code is 'commander.invalidArgument' (its _callParseArg reads
// only the code, as for its own InvalidArgumentError); the direct reading
// (cli/direct.ts) leaves such a command line to commander, which says so.
// Not commander's class, so that the parsers load without commander.
export class InvalidArgumentError extends Error {
  readonly code = 'commander.invalidArgument';
  readonly exitCode = 1;

  constructor(message: string) {
    super(message);
    this.name = 'InvalidArgumentError';
  }
}
