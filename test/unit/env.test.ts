import { describe, expect, it } from 'vitest';
import { envConcurrency, envConfigDir, envDebug, envLogin, envLoginName, envMaxResponseBytes, envTimeoutMs, hasEnvLogin, truthyEnv } from '../../src/config/env.js';
import { AuthError, UsageError } from '../../src/errors.js';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

describe('truthyEnv and KETTLE_DEBUG', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['FALSE', false],
    ['1', true],
    ['true', true],
    ['yes', true],
    ['no', true],
  ])('%j -> %s', (value, expected) => {
    expect(truthyEnv(value)).toBe(expected);
    expect(envDebug(value === undefined ? {} : { KETTLE_DEBUG: value })).toBe(expected);
  });
});

describe('KETTLE_URL and KETTLE_TOKEN', () => {
  it.each<[NodeJS.ProcessEnv, ReturnType<typeof envLogin>]>([
    [{}, undefined],
    [{ KETTLE_URL: '', KETTLE_TOKEN: '' }, undefined],
    [
      { KETTLE_URL: 'https://git.example.com', KETTLE_TOKEN: 't0k' },
      { url: 'https://git.example.com', token: 't0k', urlFrom: 'KETTLE_URL', tokenFrom: 'KETTLE_TOKEN' },
    ],
    // An Actions job: the job's server and the first token variable set.
    [
      { GITEA_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://git.example.com', GITHUB_TOKEN: 'g', GITEA_TOKEN: 't' },
      { url: 'https://git.example.com', token: 't', urlFrom: 'GITHUB_SERVER_URL', tokenFrom: 'GITEA_TOKEN' },
    ],
    [
      { FORGEJO_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://f.example.com', FORGEJO_TOKEN: 'f', GITHUB_TOKEN: 'g' },
      { url: 'https://f.example.com', token: 'f', urlFrom: 'GITHUB_SERVER_URL', tokenFrom: 'FORGEJO_TOKEN' },
    ],
    [
      { GITHUB_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://git.example.com', GITHUB_TOKEN: 'g', KETTLE_TOKEN: 'k' },
      { url: 'https://git.example.com', token: 'k', urlFrom: 'GITHUB_SERVER_URL', tokenFrom: 'KETTLE_TOKEN' },
    ],
    // KETTLE_URL still wins.
    [
      { GITEA_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://job.example.com', KETTLE_URL: 'https://other.example.com', GITHUB_TOKEN: 'g' },
      { url: 'https://other.example.com', token: 'g', urlFrom: 'KETTLE_URL', tokenFrom: 'GITHUB_TOKEN' },
    ],
    // GitHub's own Actions are not a Gitea-family job; a job without any token names no login.
    [{ GITHUB_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://github.com', GITHUB_TOKEN: 'g' }, undefined],
    [{ GITEA_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://git.example.com' }, undefined],
  ])('%j -> %j', (env, expected) => {
    expect(envLogin(env)).toStrictEqual(expected);
    expect(hasEnvLogin(env)).toBe(expected !== undefined);
  });

  it.each<[NodeJS.ProcessEnv, RegExp]>([
    [{ KETTLE_TOKEN: 't0k' }, /^KETTLE_TOKEN is set but KETTLE_URL is not/],
    [{ KETTLE_URL: '', KETTLE_TOKEN: 't0k' }, /^KETTLE_TOKEN is set but KETTLE_URL is not/],
    [{ KETTLE_URL: 'https://git.example.com' }, /^KETTLE_URL is set but KETTLE_TOKEN is not/],
  ])('one without the other is an auth error: %j', (env, message) => {
    const err = thrown(() => envLogin(env));
    expect(err).toBeInstanceOf(AuthError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('t0k');
    expect(hasEnvLogin(env)).toBe(false);
  });
});

describe('KETTLE_LOGIN and KETTLE_CONFIG_DIR', () => {
  it.each<[string | undefined, string | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['work', 'work'],
  ])('KETTLE_LOGIN %j -> %j', (value, expected) => {
    expect(envLoginName(value === undefined ? {} : { KETTLE_LOGIN: value })).toBe(expected);
  });

  it.each<[string | undefined, string | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['/tmp/kettle-config', '/tmp/kettle-config'],
  ])('KETTLE_CONFIG_DIR %j -> %j', (value, expected) => {
    expect(envConfigDir(value === undefined ? {} : { KETTLE_CONFIG_DIR: value })).toBe(expected);
  });
});

describe('KETTLE_TIMEOUT', () => {
  it.each<[string | undefined, number | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['30', 30_000],
    ['0.5', 500],
    [' 2 ', 2000],
    ['0.0001', 1],
  ])('%j -> %s ms', (value, expected) => {
    expect(envTimeoutMs(value === undefined ? {} : { KETTLE_TIMEOUT: value })).toBe(expected);
  });

  it.each(['0', 'abc', '-3', '1e3', '86401', '  '])('%j is a usage error naming the variable', (value) => {
    const err = thrown(() => envTimeoutMs({ KETTLE_TIMEOUT: value }));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(/^KETTLE_TIMEOUT takes a number of seconds greater than 0/);
  });
});

describe('KETTLE_MAX_RESPONSE_MB', () => {
  it.each<[string | undefined, number | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['1', 1024 * 1024],
    ['50', 50 * 1024 * 1024],
    ['0.001', 1049],
  ])('%j -> %s bytes', (value, expected) => {
    expect(envMaxResponseBytes(value === undefined ? {} : { KETTLE_MAX_RESPONSE_MB: value })).toBe(expected);
  });

  it.each(['0', 'lots', '-1', '1MB'])('%j is a usage error naming the variable', (value) => {
    const err = thrown(() => envMaxResponseBytes({ KETTLE_MAX_RESPONSE_MB: value }));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(`KETTLE_MAX_RESPONSE_MB takes a number of mebibytes greater than 0, not "${value}"`);
  });
});

describe('KETTLE_CONCURRENCY', () => {
  it.each<[string | undefined, number | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['1', 1],
    ['4', 4],
    ['32', 32],
    [' 8 ', 8],
  ])('%j -> %s', (value, expected) => {
    expect(envConcurrency(value === undefined ? {} : { KETTLE_CONCURRENCY: value })).toBe(expected);
  });

  it.each(['0', '33', '2.5', 'many', '-1'])('%j is a usage error naming the variable', (value) => {
    const err = thrown(() => envConcurrency({ KETTLE_CONCURRENCY: value }));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(`KETTLE_CONCURRENCY takes a whole number from 1 to 32, not "${value}"`);
  });
});
