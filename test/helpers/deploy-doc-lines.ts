import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The `## ` sections of docs/deploy.md: title and body. */
export function deployDocSections(text = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8')): { title: string; body: string }[] {
  const parts = text.split(/^## /m).slice(1);
  return parts.map((p) => {
    const nl = p.indexOf('\n');
    return { title: p.slice(0, nl).trim(), body: p.slice(nl + 1) };
  });
}

/** Each line of a body's ```sh blocks (one command a line), trimmed, blank lines left out. */
export function shLines(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    for (const line of m[1]!.split('\n')) if (line.trim()) out.push(line.trim());
  }
  return out;
}

/** The shell command lines of one section of docs/deploy.md, in order, for a test to run as written. */
export function docShellLines(section: string): string[] {
  const s = deployDocSections().find((x) => x.title === section);
  if (!s) throw new Error(`docs/deploy.md has no section "## ${section}"`);
  return shLines(s.body);
}
