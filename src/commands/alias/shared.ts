// What the alias verbs share: the words that name kettle's own commands.
export { commandWords } from '../command-words.js';
