// An OpenSSH public key line (`ssh-ed25519 AAAA… comment`): checked before it
// is sent, and its SHA256 fingerprint as the servers compute it.
import { createHash } from 'node:crypto';
import { UsageError } from '../../errors.js';

export interface SshPublicKey {
  type: string;
  /** The key as sent: type and base64, with the comment when there is one. */
  line: string;
  comment: string | undefined;
  /** `SHA256:` and the unpadded base64 of the SHA-256 of the key's bytes. */
  fingerprint: string;
}

/** The key in `text` (a .pub file or one authorized_keys line); a usage error naming `shown` otherwise. */
export function parseSshKey(text: string, shown: string): SshPublicKey {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length > 1) throw new UsageError(`${shown} holds ${lines.length} lines; give one public key`);
  const words = (lines[0] ?? '').split(/\s+/);
  // An authorized_keys line may start with options; the key type is the first word that looks like one.
  const at = words.findIndex((w) => /^(ssh-[a-z0-9-]+|ecdsa-sha2-[a-z0-9-]+|sk-[a-z0-9@.-]+)$/.test(w));
  const type = at < 0 ? undefined : words[at];
  const b64 = at < 0 ? undefined : words[at + 1];
  const blob = b64 !== undefined && /^[A-Za-z0-9+/]+={0,2}$/.test(b64) ? Buffer.from(b64, 'base64') : undefined;
  if (type === undefined || b64 === undefined || !blob || blob.length < 4 || embeddedType(blob) !== type) {
    throw new UsageError(`${shown} is not an SSH public key (expected a line such as "ssh-ed25519 AAAA… you@host")`);
  }
  const comment = words.slice(at + 2).join(' ') || undefined;
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return { type, line: [type, b64, ...(comment ? [comment] : [])].join(' '), comment, fingerprint };
}

/** The key type written inside the key's bytes (a length-prefixed string). */
function embeddedType(blob: Buffer): string | undefined {
  const length = blob.readUInt32BE(0);
  if (length > 64 || blob.length < 4 + length) return undefined;
  return blob.subarray(4, 4 + length).toString('latin1');
}
