// What a dry run shows instead of writing the config file (logins) or the
// settings file: one line per change, naming the file, every secret as ***.
import type { ConfigData, StoredLogin } from './stored-login.js';

/** What settings.json holds (user-settings.ts's SettingsData), as far as the lines need it. */
interface SettingsData {
  settings: Values;
  hosts: Record<string, Values>;
  aliases: Record<string, string>;
}

const HIDDEN = '***';

type Values = Partial<Record<string, string>>;

/** A login as the file would hold it, its token, password and refresh token as ***. */
function shownLogin(login: StoredLogin): string {
  const copy: Record<string, unknown> = { ...login };
  for (const key of ['token', 'password'] as const) if (copy[key] !== undefined) copy[key] = HIDDEN;
  if (login.oauth !== undefined) copy.oauth = { ...login.oauth, ...(login.oauth.refreshToken !== undefined ? { refreshToken: HIDDEN } : {}) };
  return JSON.stringify(copy);
}

/** The logins added, changed or deleted, and the default, between two readings of the config file. */
export function configChanges(path: string, before: ConfigData, after: ConfigData): string[] {
  const lines: string[] = [];
  for (const [name, login] of Object.entries(after.logins)) {
    const was = before.logins[name];
    if (was === undefined || JSON.stringify(was) !== JSON.stringify(login)) lines.push(`write ${path}: login ${JSON.stringify(name)} = ${shownLogin(login)}`);
  }
  for (const name of Object.keys(before.logins)) if (!Object.hasOwn(after.logins, name)) lines.push(`write ${path}: delete login ${JSON.stringify(name)}`);
  if (after.default !== before.default) lines.push(after.default === undefined ? `write ${path}: no default login` : `write ${path}: default = ${JSON.stringify(after.default)}`);
  return lines;
}

function valueChanges(path: string, before: Values, after: Values, where: string): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(after)) if (value !== undefined && before[key] !== value) lines.push(`write ${path}: ${key} = ${JSON.stringify(value)}${where}`);
  for (const key of Object.keys(before)) if (after[key] === undefined) lines.push(`write ${path}: unset ${key}${where}`);
  return lines;
}

/** The settings (for all hosts, and per host) and aliases set or removed between two readings of the settings file. */
export function settingsChanges(path: string, before: SettingsData, after: SettingsData): string[] {
  const lines = valueChanges(path, before.settings, after.settings, '');
  for (const host of new Set([...Object.keys(before.hosts), ...Object.keys(after.hosts)])) {
    lines.push(...valueChanges(path, before.hosts[host] ?? {}, after.hosts[host] ?? {}, ` for host ${host}`));
  }
  for (const [name, expansion] of Object.entries(after.aliases)) {
    if (before.aliases[name] !== expansion) lines.push(`write ${path}: alias ${name} = ${JSON.stringify(expansion)}`);
  }
  for (const name of Object.keys(before.aliases)) if (!Object.hasOwn(after.aliases, name)) lines.push(`write ${path}: delete alias ${name}`);
  return lines;
}
