// Shell completion scripts, generated from the commander tree. Pure functions:
// the same tree gives byte-identical scripts, and the scripts need nothing but
// the shell itself (and `kettle login list` for the names of stored logins).
//
// Every script works the same way: walk the words before the cursor to find the
// (sub)command they are in and how many operands it has been given, skipping
// the value of each option that takes one; then offer that command's
// subcommands, its options, an option's values, or an operand's values.
//
// One module per shell; describe.ts turns the commander tree into the
// description they are generated from.
export { bashScript } from './bash.js';
export { fishScript } from './fish.js';
export { powershellScript } from './powershell.js';
export { zshScript } from './zsh.js';
