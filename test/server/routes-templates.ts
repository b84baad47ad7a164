// Issue templates as the servers read them from the default branch
// (services/issue/template.go ParseTemplatesFromDefaultBranch and
// GetTemplateConfigFromDefaultBranch; modules/issue/template/unmarshal.go),
// answered by routers/api/v1/repo/repo.go GetIssueTemplates and
// GetIssueConfig. The files come from the repository's git (git-http.ts), so
// a test pushes or commits its templates as a person would.
import { parse as parseYaml } from 'yaml';
import { treePath } from './git-http.js';
import { extraOf as repoExtraOf } from './routes-repos.js';
import { type Call, type Handler, visibleRepo } from './routes.js';
import type { Json, Repo } from './state.js';

/** templateDirCandidates, in order; Forgejo looks in .forgejo/ too. */
function templateDirs(c: Call): string[] {
  return [
    'ISSUE_TEMPLATE',
    'issue_template',
    ...(c.flavor.forgejo ? ['.forgejo/ISSUE_TEMPLATE', '.forgejo/issue_template'] : []),
    '.gitea/ISSUE_TEMPLATE',
    '.gitea/issue_template',
    '.github/ISSUE_TEMPLATE',
    '.github/issue_template',
    '.gitlab/ISSUE_TEMPLATE',
    '.gitlab/issue_template',
  ];
}

/** templateConfigCandidates, each as .yaml then .yml. */
function configFiles(c: Call): string[] {
  const bases = [
    ...(c.flavor.forgejo ? ['.forgejo/ISSUE_TEMPLATE/config', '.forgejo/issue_template/config'] : []),
    '.gitea/ISSUE_TEMPLATE/config',
    '.gitea/issue_template/config',
    '.github/ISSUE_TEMPLATE/config',
    '.github/issue_template/config',
  ];
  return bases.flatMap((b) => [`${b}.yaml`, `${b}.yml`]);
}

/** IssueTemplate.Type: markdown (.md), a form (.yaml, .yml), or nothing (config.yaml and the rest). */
function typeOf(file: string): 'markdown' | 'yaml' | undefined {
  const base = file.split('/').pop() ?? '';
  if (base === 'config.yaml' || base === 'config.yml') return undefined;
  if (base.endsWith('.md')) return 'markdown';
  if (base.endsWith('.yaml') || base.endsWith('.yml')) return 'yaml';
  return undefined;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** IssueTemplateStringSlice: a YAML list, or one string of comma-separated values. */
function strings(v: unknown): string[] | null {
  if (Array.isArray(v)) return v.map(str).filter((s) => s !== '');
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return null;
}

/**
 * modules/issue/template/unmarshal.go unmarshal and Validate: front matter for markdown (the whole
 * file as content, named by its file, when there is none), the fields' default ids and visibility
 * for forms; a template without a name or about (description) is left out, as is a form whose
 * fields lack labels or repeat an id (validateYaml's main rules; a template the server refuses
 * for a finer rule is a difference a recording would show).
 */
function unmarshal(file: string, text: string, c: Call): Json | undefined {
  const type = typeOf(file);
  if (!type) return undefined;
  // api.IssueTemplate has assignees in Gitea (null when none), not in Forgejo 11 (recorded from both).
  const it: Json = {
    name: '',
    title: '',
    about: '',
    labels: null,
    ...(c.flavor.forgejo ? {} : { assignees: null }),
    ref: '',
    content: '',
    body: null,
    file_name: file,
  };
  let meta: Record<string, unknown> = {};
  if (type === 'markdown') {
    const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)([\s\S]*)$/.exec(text);
    let parsed: unknown;
    try {
      parsed = m ? parseYaml(m[1] as string) : undefined;
    } catch {
      parsed = undefined;
    }
    if (m && typeof parsed === 'object' && parsed !== null) {
      meta = parsed as Record<string, unknown>;
      it.content = m[2] as string;
    } else {
      it.content = text;
      it.name = file.split('/').pop() ?? file;
      it.about = text.length > 80 ? `${text.slice(0, 79)}…` : text;
    }
  } else {
    try {
      meta = (parseYaml(text) as Record<string, unknown>) ?? {};
    } catch {
      return undefined;
    }
    const fields = Array.isArray(meta.body) ? (meta.body as Array<Record<string, unknown>>) : [];
    it.body = fields.map((f, i) => {
      const kind = str(f.type);
      return {
        type: kind,
        id: str(f.id) || String(i),
        attributes: (f.attributes as Json) ?? null,
        validations: (f.validations as Json) ?? null,
        visible: Array.isArray(f.visible) ? f.visible.map(str) : kind === 'markdown' ? ['form'] : ['form', 'content'],
      };
    });
  }
  if (meta.name !== undefined) it.name = str(meta.name);
  if (meta.title !== undefined) it.title = str(meta.title);
  it.about = str(meta.about) || str(meta.description) || str(it.about);
  if (meta.labels !== undefined) it.labels = strings(meta.labels);
  if (meta.assignees !== undefined && 'assignees' in it) it.assignees = strings(meta.assignees);
  const ref = str(meta.ref);
  // Assume that the ref intended is always a branch (ParseTemplatesFromDefaultBranch).
  it.ref = ref.startsWith('refs/') ? ref : `refs/heads/${ref}`;
  if (str(it.name).trim() === '' || str(it.about).trim() === '') return undefined;
  if (type === 'yaml') {
    const fields = it.body as Array<{ type: string; id: string; attributes: Json | null }>;
    const ids = new Set<string>();
    for (const f of fields) {
      if (ids.has(f.id)) return undefined;
      ids.add(f.id);
      if (f.type !== 'markdown' && str(f.attributes?.label) === '') return undefined;
      if ((f.type === 'dropdown' || f.type === 'checkboxes') && !Array.isArray(f.attributes?.options)) return undefined;
    }
  }
  return it;
}

function defaultBranch(c: Call, repo: Repo): string {
  return repoExtraOf(c.state, repo).default_branch;
}

const issueTemplates: Handler = (c) => {
  const repo = visibleRepo(c);
  const out: Json[] = [];
  const ref = defaultBranch(c, repo);
  for (const dir of templateDirs(c)) {
    const found = treePath(c.state, repo, ref, dir);
    if (found?.type !== 'dir') continue;
    for (const e of found.entries) {
      if (e.type !== 'file' || !typeOf(e.name)) continue;
      const file = treePath(c.state, repo, ref, `${dir}/${e.name}`);
      if (file?.type !== 'file') continue;
      const it = unmarshal(`${dir}/${e.name}`, file.text.toString('utf8'), c);
      if (it) out.push(it);
    }
  }
  return { status: 200, body: out };
};

/** GetTemplateConfig: blank issues allowed and no links unless the first config file there says otherwise. */
const issueConfig: Handler = (c) => {
  const repo = visibleRepo(c);
  const config: Json = { blank_issues_enabled: true, contact_links: [] };
  for (const file of configFiles(c)) {
    const found = treePath(c.state, repo, defaultBranch(c, repo), file);
    if (found?.type !== 'file') continue;
    try {
      const parsed = parseYaml(found.text.toString('utf8')) as Record<string, unknown> | null;
      if (parsed && typeof parsed.blank_issues_enabled === 'boolean') config.blank_issues_enabled = parsed.blank_issues_enabled;
      if (parsed && Array.isArray(parsed.contact_links)) config.contact_links = parsed.contact_links as Json[];
    } catch {
      // A config that does not parse is the defaults (GetTemplateConfig returns them with its error).
    }
    break;
  }
  return { status: 200, body: config };
};

export const TEMPLATE_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/issue_templates', issueTemplates],
  ['GET', '/repos/:owner/:repo/issue_config', issueConfig],
];
