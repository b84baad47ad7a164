// The shells kettle completion writes a script for.

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
