// The settings' one precedence (flag, environment, host setting, setting,
// default) and the settings file's checks (src/config/user-settings.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonErrorLine } from '../../src/config/json-line.js';
import { describeSource, hostKey, readSettings, resolveSetting, type SettingKey, type SettingsData, updateSettings, valueProblem } from '../../src/config/user-settings.js';
import { KettleError, UsageError } from '../../src/errors.js';
import { tempDir } from '../support/harness.js';

const data = (d: Partial<SettingsData> = {}): SettingsData => ({ settings: {}, hosts: {}, aliases: {}, ...d });
const FILE = data({
  settings: { git_protocol: 'https', http_timeout: '45', editor: 'nano', oauth_client_id: 'ignored' },
  hosts: { 'git.example.com': { git_protocol: 'ssh', oauth_client_id: 'abc' } },
});

describe('resolveSetting: flag, then environment, then host, then setting, then default', () => {
  it.each<[string, SettingKey, Parameters<typeof resolveSetting>[1], string | undefined, string]>([
    ['a flag beats everything', 'http_timeout', { flag: { value: '5', name: '--timeout' }, env: { KETTLE_TIMEOUT: '9' }, host: 'git.example.com', data: FILE }, '5', '--timeout'],
    ['the environment beats the host and the setting', 'git_protocol', { env: { KETTLE_GIT_PROTOCOL: 'https' }, host: 'git.example.com', data: FILE }, 'https', 'environment (KETTLE_GIT_PROTOCOL)'],
    ['the host setting beats the setting', 'git_protocol', { env: {}, host: 'git.example.com', data: FILE }, 'ssh', 'host git.example.com'],
    ['a host given as an address', 'git_protocol', { env: {}, host: 'https://GIT.example.com/api/v1', data: FILE }, 'ssh', 'host git.example.com'],
    ["the login's own protocol sits at the host's level", 'git_protocol', { env: {}, host: 'other.example.com', login: 'ssh', data: FILE }, 'ssh', 'host other.example.com (login)'],
    ['the setting, for another host', 'git_protocol', { env: {}, host: 'other.example.com', data: FILE }, 'https', 'setting'],
    ['the setting, with no host', 'http_timeout', { env: {}, data: FILE }, '45', 'setting'],
    ['the default', 'prompt', { env: {}, data: FILE }, 'enabled', 'default'],
    ['a default that is no one value', 'browser', { env: {}, data: FILE }, undefined, 'default'],
    ['a per-host-only setting ignores a value for every host', 'oauth_client_id', { env: {}, host: 'other.example.com', data: FILE }, undefined, 'default'],
    ['a per-host-only setting for its host', 'oauth_client_id', { env: {}, host: 'git.example.com', data: FILE }, 'abc', 'host git.example.com'],
    ['NO_COLOR is colour never', 'color', { env: { NO_COLOR: '1', FORCE_COLOR: '1' }, data: data({ settings: { color: 'always' } }) }, 'never', 'environment (NO_COLOR)'],
    ['FORCE_COLOR=0 is colour never', 'color', { env: { FORCE_COLOR: '0' }, data: data({ settings: { color: 'always' } }) }, 'never', 'environment (FORCE_COLOR)'],
    ['FORCE_COLOR is colour always', 'color', { env: { FORCE_COLOR: '' }, data: data() }, 'always', 'environment (FORCE_COLOR)'],
    ['an empty KETTLE_PAGER turns the pager off, and says so', 'pager', { env: { KETTLE_PAGER: '' }, data: data({ settings: { pager: 'most' } }) }, '', 'environment (KETTLE_PAGER)'],
    ['an empty KETTLE_EDITOR says nothing', 'editor', { env: { KETTLE_EDITOR: '' }, data: FILE }, 'nano', 'setting'],
  ])('%s', (_, key, input, value, source) => {
    const got = resolveSetting(key, input);
    expect(got.value).toBe(value);
    expect(describeSource(got.source)).toBe(source);
  });

  it.each([
    ['prompt', { KETTLE_PROMPT: 'maybe' }, 'KETTLE_PROMPT takes enabled or disabled, not "maybe"'],
    ['git_protocol', { KETTLE_GIT_PROTOCOL: 'git' }, 'KETTLE_GIT_PROTOCOL takes https or ssh, not "git"'],
    ['http_timeout', { KETTLE_TIMEOUT: 'soon' }, 'KETTLE_TIMEOUT takes a number of seconds greater than 0 (at most 86400), not "soon"'],
  ] as const)('a bad %s in the environment is a usage error naming the allowed values', (key, env, message) => {
    expect(() => resolveSetting(key, { env, data: data() })).toThrow(new UsageError(message));
  });
});

describe('values and hosts', () => {
  it.each<[SettingKey, string, string | undefined]>([
    ['color', 'auto', undefined],
    ['color', 'blue', 'color takes auto, always or never, not "blue"'],
    ['prompt', 'off', 'prompt takes enabled or disabled, not "off"'],
    ['git_protocol', 'ssh', undefined],
    ['http_timeout', '2.5', undefined],
    ['http_timeout', '0', 'http_timeout takes a number of seconds greater than 0 (at most 86400), not "0"'],
    ['editor', 'code --wait', undefined],
  ])('%s = %s', (key, value, problem) => {
    expect(valueProblem(key, value)).toBe(problem);
  });

  it.each([
    ['git.example.com', 'git.example.com'],
    ['Git.Example.com:3000', 'git.example.com:3000'],
    ['https://git.example.com:8443/sub/', 'git.example.com:8443'],
    ['[::1]:3000', '[::1]:3000'],
  ])('host %s is kept as %s', (given, kept) => {
    expect(hostKey(given)).toBe(kept);
  });

  it.each(['', 'a host', 'ftp://x'])('host %j is refused', (given) => {
    expect(() => hostKey(given)).toThrow(UsageError);
  });
});

describe('the settings file', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('kettle-settings-');
  });
  afterEach(() => dir.cleanup());
  const write = (text: string) => writeFileSync(join(dir.path, 'settings.json'), text);
  const path = () => join(dir.path, 'settings.json');

  it('missing or empty: no settings', () => {
    expect(readSettings(dir.path)).toEqual(data());
    write('  \n');
    expect(readSettings(dir.path)).toEqual(data());
  });

  it.each([
    ['{\n  "settings": {\n    "color": "auto",\n  }\n}', 4, 'not valid JSON'],
    ['{\n  "settings": {\n    "color": "blue"\n  }\n}', 3, 'color takes auto, always or never, not "blue"'],
    ['{\n  "settings": {\n    "colour": "auto"\n  }\n}', 3, 'unknown setting "colour" (the settings are editor, pager, browser, prompt, git_protocol, color, http_timeout or oauth_client_id)'],
    ['{\n  "hosts": {\n    "a.example": {\n      "http_timeout": 30\n    }\n  }\n}', 4, '"http_timeout" is not a string'],
    ['{\n  "aliases": {\n    "co": ["pr", "checkout"]\n  }\n}', 3, 'alias "co" is not a string'],
    ['[]', 1, 'not a JSON object'],
  ])('a broken file is one line naming the file and the line: %j', (text, line, what) => {
    write(text);
    expect(() => readSettings(dir.path)).toThrow(new KettleError(`the settings file ${path()}, line ${line}: ${what}; fix it, or remove the file`));
  });

  it('is written atomically with mode 0600, and a broken file is never overwritten', async () => {
    await updateSettings(
      dir.path,
      (d) => {
        d.settings.editor = 'vim';
        d.aliases.co = 'pr checkout';
      },
      undefined,
    );
    expect(readSettings(dir.path)).toEqual(data({ settings: { editor: 'vim' }, aliases: { co: 'pr checkout' } }));
    const { statSync, readFileSync } = await import('node:fs');
    expect(statSync(path()).mode & 0o777).toBe(0o600);
    write('{ "settings": ');
    await expect(updateSettings(dir.path, (d) => void (d.settings.pager = 'cat'), undefined)).rejects.toThrow(/line 1: not valid JSON/);
    expect(readFileSync(path(), 'utf8')).toBe('{ "settings": ');
  });
});

describe('jsonErrorLine', () => {
  it.each([
    ['{\n"a": 1,\n}', 3],
    ['{\n"a": ', 2],
    ['{"a" 1}', 1],
  ])('%j: line %i', (text, line) => {
    let err: unknown;
    try {
      JSON.parse(text);
    } catch (e) {
      err = e;
    }
    expect(jsonErrorLine(text, err)).toBe(line);
  });
});
