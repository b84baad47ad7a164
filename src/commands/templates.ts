// Issue and pull-request templates: which one, and the body it makes. A
// markdown template's text is the body; a YAML issue form is filled field by
// field (from --field ID=VALUE, or asked on a terminal) and written as the
// servers' web form writes it (modules/issue/template/template.go
// RenderToMarkdown), so an issue made here reads like one made on the page.
import type { ApiClient } from '../api/client.js';
import type { RepoRef } from '../api/repo.js';
import * as templates from '../api/gitea/templates.js';
import type { IssueFormField, IssueTemplate } from '../api/gitea/types.js';
import type { Context } from '../context/context.js';
import { editText } from '../context/editor.js';
import { ask, choose, chooseMany } from '../context/prompt.js';
import { fullName } from '../context/repo.js';
import { UsageError } from '../errors.js';
import { canPrompt } from '../io.js';
import { failure } from './failure.js';
import { userEditor } from './input.js';
import type { KnownLabel, LabelNames } from './names.js';

/** What a field was given: the text of an input or textarea, the chosen options' indexes of a dropdown or checkboxes. */
export type Answer = string | number[];

const attr = (f: IssueFormField, key: string): unknown => f.attributes?.[key];
const labelOf = (f: IssueFormField): string => (typeof attr(f, 'label') === 'string' ? (attr(f, 'label') as string) : (f.id ?? ''));
const required = (f: IssueFormField): boolean => f.validations?.required === true;

/** A dropdown's options (strings) or checkboxes' (records with a label), as labels. */
function optionLabels(f: IssueFormField): string[] {
  const options = attr(f, 'options');
  if (!Array.isArray(options)) return [];
  return options.map((o) => (typeof o === 'string' ? o : typeof o === 'object' && o !== null && typeof (o as { label?: unknown }).label === 'string' ? (o as { label: string }).label : ''));
}

function optionRecord(f: IssueFormField, i: number): Record<string, unknown> {
  const o = (attr(f, 'options') as unknown[] | undefined)?.[i];
  return typeof o === 'object' && o !== null ? (o as Record<string, unknown>) : {};
}

/** IssueFormField.VisibleOnForm / VisibleInContent: no list means both, except markdown, which is shown only. */
const onForm = (f: IssueFormField): boolean => !f.visible || f.visible.length === 0 || f.visible.includes('form');
const inContent = (f: IssueFormField): boolean => (!f.visible || f.visible.length === 0 ? f.type !== 'markdown' : f.visible.includes('content'));

/** The fields a person fills (not the markdown shown between them). */
export function formFields(t: IssueTemplate): IssueFormField[] {
  return (t.body ?? []).filter((f) => f.type !== 'markdown' && onForm(f));
}

export const isForm = (t: IssueTemplate): boolean => Array.isArray(t.body) && t.body.length > 0;

/** A template's name for the command line: its name, or its file's name without the folder and extension. */
export function templateNames(t: IssueTemplate): string[] {
  const file = (t.file_name ?? '').split('/').pop() ?? '';
  return [t.name ?? '', file, file.replace(/\.(md|ya?ml)$/i, '')].filter((n) => n !== '');
}

/** The template NAME names (its name or file name, any case); a usage error naming those there are. */
export function pickTemplate(list: IssueTemplate[], name: string, where: string): IssueTemplate {
  const wanted = name.trim().toLowerCase();
  const found = list.find((t) => templateNames(t).some((n) => n.toLowerCase() === wanted));
  if (found) return found;
  if (list.length === 0) throw new UsageError(`${where} has no issue templates`);
  throw new UsageError(`no template named "${name}" in ${where}; its templates: ${list.map((t) => `"${t.name ?? t.file_name}"`).join(', ')}`);
}

/** --field ID=VALUE, each; an option of a dropdown or checkboxes per --field, by its label or its number (1, 2…). */
export function parseFieldFlags(values: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const v of values) {
    const at = v.indexOf('=');
    if (at <= 0) throw new UsageError(`invalid --field "${v}": expected ID=VALUE, such as --field version=1.2`);
    const id = v.slice(0, at).trim();
    out.set(id, [...(out.get(id) ?? []), v.slice(at + 1)]);
  }
  return out;
}

/** Why VALUE is refused by the field's validations (input: is_number, regex, as the web form's own checks); undefined when it is not. */
export function invalid(f: IssueFormField, value: string): string | undefined {
  const v = f.validations ?? {};
  if (value === '') return required(f) ? `"${labelOf(f)}" is required` : undefined;
  if (f.type !== 'input') return undefined;
  if (v.is_number === true && !Number.isFinite(Number(value))) return `"${labelOf(f)}" must be a number`;
  if (typeof v.regex === 'string' && v.regex !== '') {
    // The web form checks it as the input's pattern: the whole value must match.
    let re: RegExp | undefined;
    try {
      re = new RegExp(`^(?:${v.regex})$`, 'u');
    } catch {
      re = undefined;
    }
    if (re && !re.test(value)) return `"${labelOf(f)}" must match ${v.regex}`;
  }
  return undefined;
}

/** The option VALUE names among LABELS: by label (any case) or number; a usage error naming them. */
function optionIndex(f: IssueFormField, value: string): number {
  const labels = optionLabels(f);
  const byLabel = labels.findIndex((l) => l.toLowerCase() === value.trim().toLowerCase());
  if (byLabel >= 0) return byLabel;
  if (/^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= labels.length) return Number(value) - 1;
  throw new UsageError(`--field ${f.id}: no option "${value}"; its options: ${labels.map((l, i) => `${i + 1} "${l}"`).join(', ')}`);
}

/** Checkboxes that must be ticked, by index. */
const requiredBoxes = (f: IssueFormField): number[] => optionLabels(f).flatMap((_, i) => (optionRecord(f, i).required === true ? [i] : []));

/**
 * The answers --field gives a form, each checked as the web form checks it
 * (required fields, required checkboxes, an input's number or pattern); an
 * unknown id, an unknown option or a missing answer is a usage error naming it.
 */
export function answersFrom(t: IssueTemplate, given: Map<string, string[]>): Map<string, Answer> {
  const fields = formFields(t);
  for (const id of given.keys()) {
    if (!fields.some((f) => f.id === id)) throw new UsageError(`--field ${id}: the form "${t.name ?? ''}" has no such field; its fields: ${fields.map((f) => f.id).join(', ')}`);
  }
  const answers = new Map<string, Answer>();
  for (const f of fields) {
    const id = f.id ?? '';
    const values = given.get(id) ?? [];
    if (f.type === 'input' || f.type === 'textarea') {
      if (values.length > 1) throw new UsageError(`--field ${id} given twice: "${labelOf(f)}" takes one value`);
      const value = (values[0] ?? '').trim();
      const why = invalid(f, value);
      if (why) throw new UsageError(`${why}: give it with --field ${id}=VALUE`);
      answers.set(id, value);
    } else if (f.type === 'dropdown') {
      let chosen = [...new Set(values.map((v) => optionIndex(f, v)))];
      const preset = attr(f, 'default');
      if (chosen.length === 0 && typeof preset === 'number' && preset >= 0 && preset < optionLabels(f).length) chosen = [preset];
      if (chosen.length > 1 && attr(f, 'multiple') !== true) throw new UsageError(`--field ${id}: "${labelOf(f)}" takes one option`);
      if (chosen.length === 0 && required(f)) throw new UsageError(`"${labelOf(f)}" is required: give it with --field ${id}=OPTION (${optionLabels(f).join(', ')})`);
      answers.set(id, chosen);
    } else if (f.type === 'checkboxes') {
      const ticked = [...new Set(values.map((v) => optionIndex(f, v)))];
      const missing = requiredBoxes(f).filter((i) => !ticked.includes(i));
      if (missing.length > 0) throw new UsageError(`"${optionLabels(f)[missing[0] as number]}" must be ticked: give --field ${id}=${(missing[0] as number) + 1}`);
      answers.set(
        id,
        ticked.sort((a, b) => a - b),
      );
    }
  }
  return answers;
}

/** The first run of three or more backticks at the start of VALUE, and one more (template.go minQuotes). */
function fence(value: string): string {
  const run = /^`{3,}/.exec(value)?.[0];
  return run ? `${run}\`` : '```';
}

/** The body the web form writes for these answers (RenderToMarkdown). */
export function renderForm(t: IssueTemplate, answers: Map<string, Answer>): string {
  let out = '';
  for (const f of t.body ?? []) {
    if (!f.id || !inContent(f)) continue;
    if (f.type !== 'markdown' && attr(f, 'hide_label') !== true) out += `### ${typeof attr(f, 'label') === 'string' ? attr(f, 'label') : ''}\n\n`;
    const answer = answers.get(f.id);
    const blank = '_No response_\n';
    if (f.type === 'checkboxes') {
      const ticked = Array.isArray(answer) ? answer : [];
      optionLabels(f).forEach((label, i) => {
        const visible = optionRecord(f, i).visible;
        if (Array.isArray(visible) && !visible.includes('content')) return;
        out += `- [${ticked.includes(i) ? 'x' : ' '}] ${label}\n`;
      });
    } else if (f.type === 'dropdown') {
      const chosen = (Array.isArray(answer) ? answer : []).map((i) => optionLabels(f)[i] ?? '');
      if (chosen.length === 0) out += blank;
      else if (attr(f, 'list') === true) out += chosen.map((c) => `- ${c}\n`).join('');
      else out += `${chosen.join(', ')}\n`;
    } else if (f.type === 'input' || f.type === 'textarea') {
      const value = typeof answer === 'string' ? answer.trim() : '';
      const render = attr(f, 'render');
      if (value === '') out += blank;
      else if (f.type === 'textarea' && typeof render === 'string' && render !== '') out += `${fence(value)}${render}\n${value}\n${fence(value)}\n`;
      else out += `${value}\n`;
    } else if (f.type === 'markdown' && typeof attr(f, 'value') === 'string') out += `${attr(f, 'value') as string}\n`;
    out += '\n';
  }
  return out;
}

/** Ask each field of a form on the terminal, in order, showing its markdown; the answers as --field would give them. */
export async function askForm(ctx: Context, t: IssueTemplate): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (const f of t.body ?? []) {
    if (!onForm(f)) continue;
    const id = f.id ?? '';
    const flag = `--field ${id}`;
    const description = typeof attr(f, 'description') === 'string' ? ` (${attr(f, 'description') as string})` : '';
    const message = `${labelOf(f)}${description}`;
    if (f.type === 'markdown') {
      if (typeof attr(f, 'value') === 'string') ctx.term.info(attr(f, 'value') as string);
    } else if (f.type === 'input') {
      answers.set(id, await ask(ctx.io, flag, { message, required: required(f), check: (v) => invalid(f, v) }));
    } else if (f.type === 'textarea') {
      const command = await userEditor(ctx);
      const how = await choose(ctx.io, flag, message, [
        { title: `Write it in your editor (${command.split(/\s+/)[0] ?? ''})`, value: 'editor' },
        { title: 'Type it here (one line)', value: 'type' },
        ...(required(f) ? [] : [{ title: 'Leave it empty', value: 'skip' as const }]),
      ]);
      let text = '';
      for (;;) {
        if (how === 'editor') text = (await editText(ctx.io, typeof attr(f, 'value') === 'string' ? (attr(f, 'value') as string) : '', `${id || 'FIELD'}.md`, command)).trim();
        else if (how === 'type') text = await ask(ctx.io, flag, { message, required: required(f) });
        const why = invalid(f, text);
        if (!why) break;
        ctx.term.warn(why);
      }
      answers.set(id, text);
    } else if (f.type === 'dropdown') {
      const choices = optionLabels(f).map((title, i) => ({ title, value: String(i) }));
      if (attr(f, 'multiple') === true) {
        answers.set(id, (await chooseMany(ctx.io, flag, message, choices, { min: required(f) ? 1 : 0 })).map(Number));
      } else {
        const none = required(f) ? [] : [{ title: '(none)', value: '' }];
        const picked = await choose(ctx.io, flag, message, [...none, ...choices]);
        answers.set(id, picked === '' ? [] : [Number(picked)]);
      }
    } else if (f.type === 'checkboxes') {
      const must = requiredBoxes(f);
      const choices = optionLabels(f).map((title, i) => ({ title: must.includes(i) ? `${title} (required)` : title, value: String(i) }));
      for (;;) {
        const ticked = (await chooseMany(ctx.io, flag, message, choices)).map(Number);
        const missing = must.filter((i) => !ticked.includes(i));
        if (missing.length === 0) {
          answers.set(
            id,
            ticked.sort((a, b) => a - b),
          );
          break;
        }
        ctx.term.warn(`"${optionLabels(f)[missing[0] as number]}" must be ticked`);
      }
    }
  }
  return answers;
}

/** TITLE after the template's title prefix, unless it already starts with it. */
export function withPrefix(title: string, prefix: string | undefined): string {
  if (!prefix || title.startsWith(prefix) || title.startsWith(prefix.trim())) return title;
  return `${prefix}${title}`;
}

/** The template's labels the repository has (routers/web/repo/issue_new.go setTemplateIfExists matches names, any case, and skips the rest): a note for each left out. */
export async function templateLabels(ctx: Context, names: LabelNames, template: IssueTemplate | undefined): Promise<KnownLabel[]> {
  const out: KnownLabel[] = [];
  for (const name of template?.labels ?? []) {
    try {
      out.push(...(await names.resolve([name])));
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      ctx.term.info(`kettle: the template's label "${name}" is not a label of the repository; left out`);
    }
  }
  return out;
}

/** The issue templates of REPO: the server's list, read once. */
export function listIssueTemplates(api: ApiClient, repo: RepoRef): Promise<IssueTemplate[]> {
  return templates.issueTemplates(api, repo).catch(failure({ action: `read the issue templates of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
}

/**
 * The template to fill: the one --template names, or on a terminal (no body
 * given) the one chosen from the repository's, with a blank issue among the
 * choices only where its config.yml allows one; undefined for none.
 */
export async function issueTemplateFor(ctx: Context, api: ApiClient, repo: RepoRef, name: string | undefined, bodyGiven: boolean): Promise<IssueTemplate | undefined> {
  if (name !== undefined) return pickTemplate(await listIssueTemplates(api, repo), name, fullName(repo));
  if (bodyGiven || !canPrompt(ctx.io)) return undefined;
  const list = await listIssueTemplates(api, repo);
  if (list.length === 0) return undefined;
  const config = await templates.issueConfig(api, repo).catch(() => ({ blank_issues_enabled: true }));
  const blank = config.blank_issues_enabled !== false;
  const picked = await choose(ctx.io, '--template', 'Template', [
    ...list.map((t, i) => ({ title: t.about ? `${t.name ?? t.file_name} — ${t.about}` : (t.name ?? t.file_name ?? ''), value: String(i) })),
    ...(blank ? [{ title: 'Blank issue', value: 'blank' }] : []),
  ]);
  return picked === 'blank' ? undefined : list[Number(picked)];
}
