// A self-signed certificate for the loopback address, made with openssl, for
// the https servers of the tests and the bench (an EC key, good for `days`).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export interface TestCertificate {
  keyFile: string;
  certFile: string;
}

/** Write `<name>key.pem` and `<name>cert.pem` into dir; names 127.0.0.1 (and localhost when asked). */
export function makeTestCertificate(dir: string, { days = 1, localhost = false, name = '' }: { days?: number; localhost?: boolean; name?: string } = {}): TestCertificate {
  const keyFile = join(dir, `${name}key.pem`);
  const certFile = join(dir, `${name}cert.pem`);
  const names = `subjectAltName=IP:127.0.0.1${localhost ? ',DNS:localhost' : ''}`;
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', String(days), '-subj', '/CN=127.0.0.1', '-addext', names, '-keyout', keyFile, '-out', certFile],
    { stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
  );
  return { keyFile, certFile };
}
