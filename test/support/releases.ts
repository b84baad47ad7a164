// The four server releases kettle is checked against, as the in-memory
// server's flavour settings: `s.server.set({ flavor: RELEASES[i][1] })`.
export const RELEASES = [
  ['Gitea 1.23.8', { forgejo: false, version: '1.23.8' }],
  ['Gitea 1.26.4', { forgejo: false, version: '1.26.4' }],
  ['Forgejo 11.0.1', { forgejo: true, version: '11.0.1+gitea-1.22.0' }],
  ['Forgejo 15.0.3', { forgejo: true, version: '15.0.3+gitea-1.22.0' }],
] as const;
