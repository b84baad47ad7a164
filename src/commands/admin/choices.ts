// Values both the definitions (choices) and the verbs use.

/** CreateUserOption and EditUserOption `visibility` (binding In(,public,limited,private)). */
export const VISIBILITIES = ['public', 'limited', 'private'] as const;
