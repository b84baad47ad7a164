// The server URL kettle status shows: the instance root, never a user name or password.
import { describe, expect, it } from 'vitest';
import { serverUrl } from '../../src/commands/status/render.js';

describe('serverUrl', () => {
  it.each([
    ['https://git.example.com/api/v1', 'https://git.example.com'],
    ['https://example.com/forge/api/v1', 'https://example.com/forge'],
    ['https://alice:s3cret@git.example.com/api/v1', 'https://***@git.example.com'],
    ['https://alice@example.com:8443/forge/api/v1', 'https://***@example.com:8443/forge'],
    ['http://127.0.0.1:3000/api/v1', 'http://127.0.0.1:3000'],
  ])('%s → %s', (root, shown) => {
    expect(serverUrl(root)).toBe(shown);
  });
});
