// The reactions as the servers name them, for the react verbs of issue and pr:
// their definitions share the argument and its notes, and commands/reaction.ts the names.
import { arg } from './spec.js';

/** setting.UI.Reactions' default on every release known here (modules/setting/ui.go), in the web page's order. */
export const REACTION_NAMES = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'] as const;

/** The emoji of each default reaction, as the web page shows it. */
export const REACTION_EMOJI: Readonly<Record<(typeof REACTION_NAMES)[number], string>> = {
  '+1': '👍',
  '-1': '👎',
  laugh: '😄',
  hooray: '🎉',
  confused: '😕',
  heart: '❤️',
  rocket: '🚀',
  eyes: '👀',
};

export const REACTION_ARG = arg('<reaction>', `the reaction: ${REACTION_NAMES.join(', ')}, or the emoji`);

export const REACT_NOTES = `\nA reaction is the server's name (${REACTION_NAMES.join(', ')}) or the emoji itself (${Object.values(REACTION_EMOJI).join(' ')}); a server may allow others.\n`;
