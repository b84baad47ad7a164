// A workflow file's workflow_dispatch trigger and inputs, as `workflow run` reads them.
import { describe, expect, it } from 'vitest';
import { readDispatch } from '../../src/commands/workflow-file.js';

describe('readDispatch', () => {
  it.each([
    ['on as a word', 'on: workflow_dispatch\njobs: {}\n', { kind: 'inputs', inputs: {} }],
    ['on as another word', 'on: push\n', { kind: 'none' }],
    ['on as a flow list', 'on: [push, workflow_dispatch]\n', { kind: 'inputs', inputs: {} }],
    ['on as a block list', 'on:\n  - push\n  - pull_request\n', { kind: 'none' }],
    ['a mapping without it', 'on:\n  push:\n    branches: [main]\n', { kind: 'none' }],
    ['a mapping with it, empty', 'on:\n  push:\n  workflow_dispatch:\n', { kind: 'inputs', inputs: {} }],
    ['no on at all', 'name: x\njobs: {}\n', { kind: 'unknown' }],
    ['a flow mapping', 'on: {workflow_dispatch: {}}\n', { kind: 'unknown' }],
  ] as const)('%s', (_what, text, expected) => {
    expect(readDispatch(text)).toEqual(expected);
  });

  it('reads each input: required, default, description, type, choice options; comments and quotes', () => {
    const text = [
      'name: Deploy',
      '"on":',
      '  workflow_dispatch:',
      '    inputs:',
      '      target:   # where it goes',
      '        description: "Where: staging or production"',
      '        required: true',
      '        type: choice',
      '        options:',
      '          - staging',
      "          - 'production'",
      '      dry:',
      "        default: 'false'",
      '  push:',
      'jobs:',
      '  ship:',
      '    runs-on: ubuntu-latest',
    ].join('\n');
    expect(readDispatch(text)).toEqual({
      kind: 'inputs',
      inputs: {
        target: { required: true, default: undefined, description: 'Where: staging or production', type: 'choice', options: ['staging', 'production'] },
        dry: { required: false, default: 'false', description: undefined, type: undefined, options: undefined },
      },
    });
  });
});
