// Every endpoint the in-memory server answers: the core (routes.ts) and the
// features kept in modules of their own (routes-*.ts), each adding its list here.
// The first route that matches answers, so a feature listed before the core
// may replace a core route with a fuller one.
import { type Handler, ROUTES as CORE } from './routes.js';
import { TRIAGE_ROUTES } from './routes-triage.js';

export const ALL_ROUTES: Array<[string, string, Handler]> = [...TRIAGE_ROUTES, ...CORE];
