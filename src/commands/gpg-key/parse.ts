// An ASCII-armored OpenPGP public key: checked before it is sent, and the id
// of its primary key (the last 16 hex digits of its v4 fingerprint, as the
// servers list it in key_id).
import { createHash } from 'node:crypto';
import { UsageError } from '../../errors.js';

const ARMOR = /-----BEGIN PGP PUBLIC KEY BLOCK-----([\s\S]*?)-----END PGP PUBLIC KEY BLOCK-----/;

/** The armored block in `text`; a usage error naming `shown` when there is none. */
export function armoredKey(text: string, shown: string): string {
  const m = ARMOR.exec(text);
  if (!m) throw new UsageError(`${shown} is not an armored GPG public key (export one with: gpg --armor --export KEY-ID)`);
  return m[0];
}

/** The primary key's id (16 upper-case hex digits), or undefined for a key kettle cannot read (the server decides). */
export function primaryKeyId(armored: string): string | undefined {
  const body = (ARMOR.exec(armored)?.[1] ?? '')
    .split(/\r?\n/)
    // Armor headers ("Comment: …") and the checksum line ("=abcd") are not key data.
    .filter((l) => l.trim() !== '' && !/^[A-Za-z-]+: /.test(l) && !l.startsWith('='))
    .join('');
  const bytes = Buffer.from(body, 'base64');
  const packet = firstPacket(bytes);
  if (packet?.tag !== 6 || packet.body[0] !== 4) return undefined;
  const head = Buffer.from([0x99, (packet.body.length >> 8) & 0xff, packet.body.length & 0xff]);
  const fingerprint = createHash('sha1').update(head).update(packet.body).digest('hex').toUpperCase();
  return fingerprint.slice(-16);
}

function firstPacket(bytes: Buffer): { tag: number; body: Buffer } | undefined {
  const first = bytes[0];
  if (first === undefined || (first & 0x80) === 0) return undefined;
  let tag: number;
  let length: number;
  let at: number;
  if (first & 0x40) {
    tag = first & 0x3f;
    const o1 = bytes[1] ?? 0;
    if (o1 < 192) [length, at] = [o1, 2];
    else if (o1 < 224) [length, at] = [((o1 - 192) << 8) + (bytes[2] ?? 0) + 192, 3];
    else if (o1 === 255) [length, at] = [bytes.readUInt32BE(2), 6];
    else return undefined;
  } else {
    tag = (first >> 2) & 0x0f;
    const kind = first & 3;
    if (kind === 0) [length, at] = [bytes[1] ?? 0, 2];
    else if (kind === 1) [length, at] = [bytes.readUInt16BE(1), 3];
    else if (kind === 2) [length, at] = [bytes.readUInt32BE(1), 5];
    else return undefined;
  }
  if (at + length > bytes.length) return undefined;
  return { tag, body: bytes.subarray(at, at + length) };
}
