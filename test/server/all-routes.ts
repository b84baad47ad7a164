// Every endpoint the in-memory server answers: the core (routes.ts) and the
// features kept in modules of their own (routes-*.ts), each adding its list here.
import { type Handler, ROUTES as CORE } from './routes.js';
import { PULL_ROUTES } from './routes-pulls.js';

// Feature modules first: their routes may answer a core path with a fuller record.
export const ALL_ROUTES: Array<[string, string, Handler]> = [...PULL_ROUTES, ...CORE];
