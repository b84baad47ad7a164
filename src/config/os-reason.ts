// An operating system error in the words a user reads, for the config folder's
// messages (the logins, the settings, their lock).

/** An operating system error in words, without Node's "ECODE: …, open '…'" wrapping. */
export function reason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is exhausted';
    case 'ENOTDIR':
      return 'part of the path is a file, not a folder';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    case 'ELOOP':
      return 'too many symbolic links in the path';
    default:
      return (err as Error).message.replace(/^E[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
  }
}
