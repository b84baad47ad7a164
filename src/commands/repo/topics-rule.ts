// The servers' rule for topic names (models/repo/topic.go ValidateTopic and
// SanitizeAndValidateTopics in Gitea and Forgejo), checked before sending.
import { UsageError } from '../../errors.js';

export const MAX_TOPICS = 25;
const TOPIC = /^[a-z0-9][-.a-z0-9]*$/;

/** Why a (lower-cased) topic is refused, or undefined when it is fine. */
export function topicProblem(topic: string): string | undefined {
  if (topic.length > 35) return 'longer than 35 characters';
  if (!TOPIC.test(topic)) return 'only lower-case letters, digits, "-" and "." are allowed, starting with a letter or digit';
  return undefined;
}

/**
 * The topics as the servers will store them: trimmed, lower-cased, each once
 * (empty ones dropped, as the servers drop them). `changed` lists what
 * lower-casing changed, for a note. Any bad topic is a usage error naming each.
 */
export function normalizeTopics(typed: readonly string[]): { topics: string[]; changed: Array<[string, string]> } {
  const topics: string[] = [];
  const changed: Array<[string, string]> = [];
  const bad: string[] = [];
  for (const raw of typed) {
    const topic = raw.trim().toLowerCase();
    if (topic === '') continue;
    const problem = topicProblem(topic);
    if (problem) {
      bad.push(`"${raw}": ${problem}`);
      continue;
    }
    if (topic !== raw.trim()) changed.push([raw, topic]);
    if (!topics.includes(topic)) topics.push(topic);
  }
  if (bad.length === 1) throw new UsageError(`invalid topic ${bad[0]}`);
  if (bad.length > 1)
    throw new UsageError(
      `${bad.length} invalid topics:`,
      bad.map((b) => `  ${b}`),
    );
  if (topics.length > MAX_TOPICS) throw new UsageError(`${topics.length} topics given; a repository may have at most ${MAX_TOPICS}`);
  return { topics, changed };
}
