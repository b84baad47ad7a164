// What the config verbs share: the key and host a command line names, checked.
import { hostKey, SETTINGS, type SettingKey, settingKey } from '../../config/user-settings.js';
import { UsageError } from '../../errors.js';

/** The setting and the host (lower-cased, undefined for every host) a verb acts on; a key that cannot go with --host, or must, is a usage error. */
export function keyAndHost(key: string, host: string | undefined, action: 'read' | 'write'): { key: SettingKey; host: string | undefined } {
  const k = settingKey(key);
  const h = hostKey(host);
  const spec = SETTINGS[k];
  if (h !== undefined && spec.perHost === 'no') throw new UsageError(`${k} is one setting for every host; drop --host (the settings a host may have: ${perHostKeys().join(', ')})`);
  if (h === undefined && spec.perHost === 'only' && action === 'write') throw new UsageError(`${k} is set per host: give --host HOST`);
  return { key: k, host: h };
}

function perHostKeys(): SettingKey[] {
  return (Object.keys(SETTINGS) as SettingKey[]).filter((k) => SETTINGS[k].perHost !== 'no');
}
