// A scripted browser for kettle login add --web: started by kettle (the
// browser setting) with the authorize address. It fetches it with a signed-in
// session (OAUTH_BROWSER_COOKIE), or signs in on the web form first
// (OAUTH_BROWSER_USER and OAUTH_BROWSER_PASSWORD: cookie jar, the form's
// _csrf), posts the grant form when the server shows one, and follows the
// redirect to kettle's loopback listener. OAUTH_BROWSER_MODE changes what it
// does: approve (the default), never (does nothing), deny (cancels on the grant
// page), wrong-state, no-code (tamper with the redirect). OAUTH_BROWSER_LOG: a
// file each step is appended to.
import { appendFileSync } from 'node:fs';

const [start] = process.argv.slice(2);
const mode = process.env.OAUTH_BROWSER_MODE ?? 'approve';
const log = (line) => {
  if (process.env.OAUTH_BROWSER_LOG) appendFileSync(process.env.OAUTH_BROWSER_LOG, `${line}\n`);
};
const jar = new Map();
for (const part of (process.env.OAUTH_BROWSER_COOKIE ?? '').split(';')) {
  const [k, ...v] = part.trim().split('=');
  if (k) jar.set(k, v.join('='));
}

async function go(method, url, form) {
  const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(url, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined, redirect: 'manual' });
  for (const c of res.headers.getSetCookie?.() ?? []) {
    const [pair] = c.split(';');
    const [k, ...v] = pair.split('=');
    jar.set(k.trim(), v.join('='));
  }
  const text = await res.text();
  log(`${method} ${url.replace(/(code|state|code_challenge)=[^&]+/g, '$1=…')} -> ${res.status}`);
  return { status: res.status, location: res.headers.get('location'), text };
}

function inputs(html) {
  const fields = {};
  for (const m of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(m[0])?.[1];
    const value = /value="([^"]*)"/.exec(m[0])?.[1] ?? '';
    if (name)
      fields[name] = value
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&');
  }
  return fields;
}

async function main() {
  if (mode === 'never') return;
  let page = await go('GET', start);
  if (page.status >= 300 && page.status < 400 && /\/user\/login/.test(page.location ?? '')) {
    const loginUrl = new URL(page.location, start).toString();
    const form = await go('GET', loginUrl);
    const fields = inputs(form.text);
    const done = await go('POST', loginUrl.split('?')[0], { ...fields, user_name: process.env.OAUTH_BROWSER_USER ?? '', password: process.env.OAUTH_BROWSER_PASSWORD ?? '' });
    log(`signed in: ${done.status}`);
    page = await go('GET', start);
  }
  let target = page.location;
  if (page.status === 200 && /<form[^>]*action="[^"]*\/login\/oauth\/grant"/.test(page.text)) {
    log('grant page shown');
    const action = /<form[^>]*action="([^"]*\/login\/oauth\/grant)"/.exec(page.text)[1];
    const fields = inputs(page.text);
    const granted = await go('POST', new URL(action, start).toString(), { ...fields, granted: mode === 'deny' ? 'false' : 'true' });
    target = granted.location;
  }
  if (!target) {
    log(`no redirect: ${page.status} ${page.text.slice(0, 200).replace(/\s+/g, ' ')}`);
    return;
  }
  const back = new URL(target, start);
  if (mode === 'wrong-state') back.searchParams.set('state', 'not-the-state');
  if (mode === 'no-code') back.searchParams.delete('code');
  log(`redirected to ${back.origin}${back.pathname}`);
  await go('GET', back.toString());
}

main().catch((err) => log(`error: ${err.message}`));
