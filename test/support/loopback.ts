// The loopback HTTP servers and API clients a test file makes, each closed
// after every test (connections included, so no test waits on a keep-alive).
import type { Server } from 'node:http';
import { afterEach } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';

export function closedAfterEach(): { servers: Server[]; clients: ApiClient[] } {
  const servers: Server[] = [];
  const clients: ApiClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      s.close();
    }
  });
  return { servers, clients };
}
