// The lazy context a command runs in: it holds the parts a verb may ask for
// and wires them together, each made or read only when asked, so `--help` and
// `--version` touch neither the disk nor the network. What a verb acts on, with
// its login and client, comes from target() (target.ts).
import type { Command } from 'commander';
import type { ApiClient } from '../api/client.js';
import { DryRun } from '../api/dry-run.js';
import type { OutputChoice } from '../output/printer.js';
import type { IO } from '../io.js';
import { Clients } from './clients.js';
import { Logins } from './logins.js';
import { Repositories } from './repositories.js';
import { Servers, type ServerInfo } from './server.js';
import { Terminal } from './terminal.js';

export interface GlobalFlags {
  login?: string | undefined;
  /** Every --login given, in order (kettle status shows each). */
  logins?: string[];
  debug: boolean;
  /** --timeout, in milliseconds. */
  timeoutMs?: number | undefined;
  /** --dry-run: writes are printed, not sent or made (api/dry-run.ts). */
  dryRun?: boolean;
  /** --sudo: the user an administrator's requests act as. */
  sudo?: string | undefined;
}

export class Context {
  readonly io: IO;
  readonly flags: GlobalFlags;
  /** What the results are printed as (the command's view, JSON or jq's): the printer takes it. */
  readonly output: OutputChoice;
  readonly version: string;
  /** Notes, warnings, confirmations, --debug lines and the countdown before a wait, on stderr. */
  readonly term: Terminal;
  /** The stored logins and the login in use, chosen once the place is known. */
  readonly logins: Logins;
  /** The API clients: the login in use's, and any other a command makes. */
  readonly clients: Clients;
  /** The flavour and version of the login in use's server. */
  readonly servers: Servers;
  /** Where the repository is (-R, a URL argument, the git remotes); target() asks it. */
  readonly repos: Repositories;
  /**
   * --dry-run: the one object every write goes through, shown (on stdout: the
   * writes are a dry run's results) rather than made: the requests
   * (api/client.ts), git's changes (context/git.ts), the config, settings and
   * keyring (config/), kettle's data folder. Undefined when the command runs for real.
   */
  readonly dryRun: DryRun | undefined;

  /**
   * The whole command tree, for the verbs that describe it (completion). A
   * function, so the context does not depend on how the tree is built (its
   * definitions load on first use).
   */
  readonly commandTree: () => Promise<Command>;

  constructor(io: IO, flags: GlobalFlags, output: OutputChoice, version: string, commandTree: () => Promise<Command>) {
    this.io = io;
    this.flags = flags;
    this.output = output;
    this.version = version;
    this.commandTree = commandTree;
    this.dryRun = flags.dryRun ? new DryRun((line) => io.stdout.write(`${line}\n`)) : undefined;
    this.term = new Terminal(io, flags.debug, this.dryRun);
    this.logins = new Logins(io.env, flags.login, this.term, () => this.clients.made);
    this.clients = new Clients(
      {
        env: io.env,
        debug: flags.debug,
        timeoutMs: flags.timeoutMs,
        sudo: flags.sudo,
        version,
        stored: io.settings,
        dryRun: this.dryRun,
      },
      this.term,
      this.logins,
      () => this.servers,
    );
    this.servers = new Servers(
      io.env,
      () => io.now(),
      this.term,
      this.logins,
      (login) => this.clients.api(login),
    );
    this.repos = new Repositories(io.cwd, io.env, this.logins);
  }

  get env(): NodeJS.ProcessEnv {
    return this.io.env;
  }

  /** The API client of the login in use; a verb that acts on a repository asks target() instead. */
  api(): Promise<ApiClient> {
    return this.clients.api();
  }

  /** The flavour and version of the login in use's server (Servers.server). */
  server(): Promise<ServerInfo> {
    return this.servers.server();
  }

  async dispose(): Promise<void> {
    await this.clients.close();
  }
}
