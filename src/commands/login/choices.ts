// The value lists kettle login add's flags offer.

export const AUTH_METHODS = ['header', 'query', 'basic'] as const;

export const GIT_PROTOCOLS = ['https', 'ssh'] as const;
