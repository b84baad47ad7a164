// Every endpoint the in-memory server answers: the core (routes.ts) and the
// features kept in modules of their own (routes-*.ts), each adding its list here.
import { REPO_ROUTES } from './routes-repos.js';
import { type Handler, ROUTES as CORE } from './routes.js';

export const ALL_ROUTES: Array<[string, string, Handler]> = [...CORE, ...REPO_ROUTES];
