// Key material for the key commands' tests, made fresh each time.
import { generateKeyPairSync } from 'node:crypto';

/** A new ed25519 key: its OpenSSH public line (with the comment, if any) and its private key as PEM. */
export function sshKeyPair(comment: string): { pub: string; priv: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(String(publicKey.export({ format: 'jwk' }).x), 'base64url');
  const withLength = (b: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(b.length);
    return Buffer.concat([head, b]);
  };
  const blob = Buffer.concat([withLength(Buffer.from('ssh-ed25519')), withLength(raw)]);
  return { pub: `${['ssh-ed25519', blob.toString('base64'), comment].filter((w) => w !== '').join(' ')}\n`, priv: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
}
