// The user's settings and aliases (kettle config, kettle alias): settings.json
// beside the logins' config.json, in the same folder and under the same lock.
// A file of its own, so writing a login never touches a setting and the other
// way round. Reading is a plain JSON read, made only when a command needs a
// value the flags and the environment did not give; writing goes through conf
// (a temporary file renamed over the old one), as the logins do.
//
// One precedence for every setting: a flag, then an environment variable,
// then the setting for the host in use, then the setting, then the default.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DryRun } from '../api/dry-run.js';
import { KettleError, UsageError } from '../errors.js';
import { jsonErrorLine } from './json-line.js';
import { parseTimeout } from './settings.js';
import { withConfigLock } from './lock.js';
import { configDir, makeConfigDir, reason } from './store.js';
import { HTTP_SCHEME } from '../text/schemes.js';

export const SETTING_KEYS = ['editor', 'pager', 'browser', 'prompt', 'git_protocol', 'color', 'http_timeout', 'oauth_client_id'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export interface SettingSpec {
  description: string;
  /** The values it takes, when it is one of a few. */
  values?: readonly string[];
  /** What is wrong with a value, when it is not one of `values`; undefined when nothing is. */
  check?: (value: string) => string | undefined;
  /** The value when nothing sets it, where it is one value. */
  default?: string;
  /** The default as help tells it. */
  defaultText: string;
  /** The environment variables that beat the setting, as help names them. */
  envNames: readonly string[];
  /** The flag that beats everything, as help names it. */
  flag?: string;
  /** 'no': one value for every host; 'yes': a host may have its own; 'only': set per host alone. */
  perHost: 'no' | 'yes' | 'only';
}

export const SETTINGS: Record<SettingKey, SettingSpec> = {
  editor: {
    description: 'the editor kettle opens for bodies and messages',
    defaultText: "git's editor (GIT_EDITOR, core.editor, VISUAL, EDITOR), else vi",
    envNames: ['KETTLE_EDITOR'],
    perHost: 'no',
  },
  pager: {
    description: 'the pager long output goes through on a terminal (cat: none)',
    defaultText: 'PAGER, else less -FRX',
    envNames: ['KETTLE_PAGER'],
    perHost: 'no',
  },
  browser: {
    description: 'the browser --web and kettle browse open',
    defaultText: "BROWSER, else the system's opener",
    envNames: ['KETTLE_BROWSER'],
    perHost: 'no',
  },
  prompt: {
    description: 'whether kettle asks questions on a terminal (disabled: it never does)',
    values: ['enabled', 'disabled'],
    default: 'enabled',
    defaultText: 'enabled',
    envNames: ['KETTLE_PROMPT'],
    perHost: 'no',
  },
  git_protocol: {
    description: 'how repo clone, pr checkout and repo fork --clone reach repositories',
    values: ['https', 'ssh'],
    default: 'https',
    defaultText: "https (or the login's --git-protocol)",
    envNames: ['KETTLE_GIT_PROTOCOL'],
    perHost: 'yes',
  },
  color: {
    description: 'colour in output (auto: on a terminal)',
    values: ['auto', 'always', 'never'],
    default: 'auto',
    defaultText: 'auto',
    envNames: ['NO_COLOR', 'FORCE_COLOR'],
    flag: '--no-color',
    perHost: 'no',
  },
  http_timeout: {
    description: 'seconds before a request is given up',
    check: (value) => {
      try {
        parseTimeout(value, 'http_timeout');
        return undefined;
      } catch (err) {
        return (err as Error).message;
      }
    },
    default: '30',
    defaultText: '30',
    envNames: ['KETTLE_TIMEOUT'],
    flag: '--timeout',
    perHost: 'yes',
  },
  oauth_client_id: {
    description: 'the OAuth2 application login add --web uses on that host',
    defaultText: 'none',
    envNames: ['KETTLE_OAUTH_CLIENT_ID'],
    flag: '--client-id',
    perHost: 'only',
  },
};

/** What settings.json holds. */
export interface SettingsData {
  settings: Partial<Record<SettingKey, string>>;
  hosts: Record<string, Partial<Record<SettingKey, string>>>;
  aliases: Record<string, string>;
}

const FILE_NAME = 'settings.json';

export function settingsPath(dir: string): string {
  return join(dir, FILE_NAME);
}

function emptySettings(): SettingsData {
  return { settings: {}, hosts: {}, aliases: {} };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The line of `text` where key `name` first appears, for a message about its value. */
function lineOf(text: string, name: string): number {
  const at = text.indexOf(JSON.stringify(name));
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/** The allowed values, in words: "auto, always or never". */
export function oneOf(values: readonly string[]): string {
  return values.length === 1 ? (values[0] as string) : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** What is wrong with a setting's value, or undefined. */
export function valueProblem(key: SettingKey, value: string): string | undefined {
  const spec = SETTINGS[key];
  if (spec.values && !spec.values.includes(value)) return `${key} takes ${oneOf(spec.values)}, not "${value}"`;
  return spec.check?.(value);
}

/** A setting's key, checked: an unknown one is a usage error naming them all. */
export function settingKey(key: string): SettingKey {
  if ((SETTING_KEYS as readonly string[]).includes(key)) return key as SettingKey;
  throw new UsageError(`unknown setting "${key}"; the settings are ${oneOf(SETTING_KEYS)}`);
}

/**
 * The file's shape, checked. Anything a person could have got wrong is one
 * line naming the file and the line, so kettle never fails deep in a command.
 */
function normalize(raw: unknown, text: string, path: string): SettingsData {
  const broken = (line: number, what: string) => new KettleError(`the settings file ${path}, line ${line}: ${what}; fix it, or remove the file`);
  if (!isObject(raw)) throw broken(1, 'not a JSON object');
  const data = emptySettings();
  const values = (where: string, obj: unknown): Partial<Record<SettingKey, string>> => {
    if (!isObject(obj)) throw broken(lineOf(text, where), `"${where}" is not a JSON object`);
    const out: Partial<Record<SettingKey, string>> = {};
    for (const [key, value] of Object.entries(obj)) {
      if (!(SETTING_KEYS as readonly string[]).includes(key)) throw broken(lineOf(text, key), `unknown setting "${key}" (the settings are ${oneOf(SETTING_KEYS)})`);
      if (typeof value !== 'string') throw broken(lineOf(text, key), `"${key}" is not a string`);
      const problem = valueProblem(key as SettingKey, value);
      if (problem !== undefined) throw broken(lineOf(text, key), problem);
      out[key as SettingKey] = value;
    }
    return out;
  };
  if (raw.settings !== undefined) data.settings = values('settings', raw.settings);
  if (raw.hosts !== undefined) {
    if (!isObject(raw.hosts)) throw broken(lineOf(text, 'hosts'), '"hosts" is not a JSON object');
    for (const [host, obj] of Object.entries(raw.hosts)) data.hosts[host] = values(host, obj);
  }
  if (raw.aliases !== undefined) {
    if (!isObject(raw.aliases)) throw broken(lineOf(text, 'aliases'), '"aliases" is not a JSON object');
    for (const [name, expansion] of Object.entries(raw.aliases)) {
      if (typeof expansion !== 'string') throw broken(lineOf(text, name), `alias "${name}" is not a string`);
      data.aliases[name] = expansion;
    }
  }
  return data;
}

/**
 * Whether nothing is at path. Most users have no settings file, and a read
 * that fails makes Node build an error (about 1 ms of a command that makes a
 * request: the per-host timeout is read first); statSync answers absent
 * without one. Any other trouble (a folder that cannot be searched) is left
 * to the read, which says what it is; a file removed in between is read as
 * missing all the same.
 */
function noFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

/** The settings file's content; a missing or empty file is no settings. */
export function readSettings(dir: string): SettingsData {
  const path = settingsPath(dir);
  if (noFile(path)) return emptySettings();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    // No folder (or a file where it should be: writing says so, naming the folder): no settings.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return emptySettings();
    throw new KettleError(`cannot read the settings file ${path}: ${reason(err)}`);
  }
  if (text.trim() === '') return emptySettings();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new KettleError(`the settings file ${path}, line ${jsonErrorLine(text, err)}: not valid JSON; fix it, or remove the file`);
  }
  return normalize(raw, text, path);
}

/**
 * Apply a change to the settings file and write it back (mode 0600, atomically),
 * under the config folder's lock: two kettles changing settings, or one a
 * setting and one a login, lose no change. Under --dry-run the change is
 * shown, one line each, and nothing is written (no folder, no lock).
 */
export async function updateSettings(dir: string, change: (data: SettingsData) => void, dryRun: DryRun | undefined): Promise<SettingsData> {
  if (dryRun !== undefined) {
    const data = readSettings(dir);
    const before = structuredClone(data);
    change(data);
    const { settingsChanges } = await import('./changes.js');
    for (const line of settingsChanges(settingsPath(dir), before, data)) dryRun.hold(line, 'local');
    return data;
  }
  makeConfigDir(dir);
  return withConfigLock(dir, async () => {
    // Read as kettle reads it, so a broken file is the same one line, and never overwritten.
    const data = readSettings(dir);
    change(data);
    const { default: Conf } = await import('conf');
    const path = settingsPath(dir);
    try {
      const store = new Conf<Record<string, unknown>>({
        cwd: dir,
        configName: 'settings',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
      });
      const next: Record<string, unknown> = {};
      if (Object.keys(data.settings).length > 0) next.settings = data.settings;
      const hosts = Object.fromEntries(Object.entries(data.hosts).filter(([, v]) => Object.keys(v).length > 0));
      if (Object.keys(hosts).length > 0) next.hosts = hosts;
      if (Object.keys(data.aliases).length > 0) next.aliases = data.aliases;
      store.store = next;
    } catch (err) {
      throw new KettleError(`cannot write the settings file ${path}: ${reason(err)}; nothing was changed`);
    }
    return data;
  });
}

/**
 * The host a setting is kept under: a URL's host (with its port), or the host
 * as given, lower-cased. Undefined for nothing given.
 */
export function hostKey(host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  const text = host.trim();
  if (text === '') throw new UsageError('--host must not be empty');
  if (HTTP_SCHEME.test(text)) {
    try {
      return new URL(text).host.toLowerCase();
    } catch {
      throw new UsageError(`--host takes a host name or an address, not "${host}"`);
    }
  }
  if (!/^[a-zA-Z0-9.[\]:-]+$/.test(text)) throw new UsageError(`--host takes a host name or an address, not "${host}"`);
  return text.toLowerCase();
}

/** Where a value came from. */
export type Source = { kind: 'flag'; name: string } | { kind: 'env'; name: string } | { kind: 'host'; name: string } | { kind: 'setting' } | { kind: 'default' };

export interface Resolved {
  /** Undefined where the default is not one value (editor: git's choice). */
  value: string | undefined;
  source: Source;
}

/** A source in words, for config list. */
export function describeSource(source: Source): string {
  switch (source.kind) {
    case 'flag':
      return source.name;
    case 'env':
      return `environment (${source.name})`;
    case 'host':
      return `host ${source.name}`;
    case 'setting':
      return 'setting';
    case 'default':
      return 'default';
  }
}

function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** What the environment says of a setting, and from which variable; undefined when it says nothing. */
export function fromEnvironment(key: SettingKey, env: NodeJS.ProcessEnv): { value: string; name: string } | undefined {
  if (key === 'color') {
    // NO_COLOR (https://no-color.org) wins over FORCE_COLOR, as decideColor has it; FORCE_COLOR=0 turns colour off.
    if (envValue(env, 'NO_COLOR') !== undefined) return { value: 'never', name: 'NO_COLOR' };
    const force = env.FORCE_COLOR;
    if (force === undefined) return undefined;
    const on = force === '' || !['0', 'false'].includes(force.toLowerCase());
    return { value: on ? 'always' : 'never', name: 'FORCE_COLOR' };
  }
  // An empty KETTLE_PAGER turns the pager off: it says something.
  const name = SETTINGS[key].envNames[0] as string;
  const value = key === 'pager' ? env[name] : envValue(env, name);
  if (value === undefined) return undefined;
  if (key === 'prompt' || key === 'git_protocol') {
    const problem = valueProblem(key, value);
    if (problem !== undefined) throw new UsageError(`${name} takes ${oneOf(SETTINGS[key].values ?? [])}, not "${value}"`);
  }
  if (key === 'http_timeout') parseTimeout(value, name);
  return { value, name };
}

export interface ResolveInput {
  /** The flag's value, when given, and its spelling. */
  flag?: { value: string; name: string } | undefined;
  env: NodeJS.ProcessEnv;
  /** The host in use, when known. */
  host?: string | undefined;
  /** A value the login in use keeps for its host (login add --git-protocol), below a host setting. */
  login?: string | undefined;
  data: SettingsData;
}

/** A setting's value and where it came from: flag, environment, host setting, setting, default. */
export function resolveSetting(key: SettingKey, input: ResolveInput): Resolved {
  if (input.flag !== undefined) return { value: input.flag.value, source: { kind: 'flag', name: input.flag.name } };
  const env = fromEnvironment(key, input.env);
  if (env !== undefined) return { value: env.value, source: { kind: 'env', name: env.name } };
  const host = hostKey(input.host);
  if (host !== undefined) {
    const own = input.data.hosts[host]?.[key];
    if (own !== undefined) return { value: own, source: { kind: 'host', name: host } };
    if (input.login !== undefined) return { value: input.login, source: { kind: 'host', name: `${host} (login)` } };
  }
  const value = input.data.settings[key];
  if (value !== undefined && SETTINGS[key].perHost !== 'only') return { value, source: { kind: 'setting' } };
  return { value: SETTINGS[key].default, source: { kind: 'default' } };
}

/**
 * The settings file of this environment's config folder, read once on first
 * use: most commands need no setting at all (every value came from a flag or
 * the environment), and those pay one small read.
 */
export class UserSettings {
  private data: SettingsData | undefined;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  file(): SettingsData {
    this.data ??= readSettings(configDir(this.env));
    return this.data;
  }

  resolve(key: SettingKey, extra: Omit<ResolveInput, 'env' | 'data'> = {}): Resolved {
    if (extra.flag === undefined && fromEnvironment(key, this.env) !== undefined) return resolveSetting(key, { ...extra, env: this.env, data: emptySettings() });
    return resolveSetting(key, { ...extra, env: this.env, data: this.file() });
  }

  /** The value alone. */
  get(key: SettingKey, extra: Omit<ResolveInput, 'env' | 'data'> = {}): string | undefined {
    return this.resolve(key, extra).value;
  }
}
