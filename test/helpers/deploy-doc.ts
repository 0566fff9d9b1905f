import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './process.ts';

/**
 * The shell commands of one `## ` section of docs/deploy.md, in order: each line of its ```sh
 * blocks (one command a line), so the tests run the page as written.
 */
export function deployDocCommands(section: string): string[] {
  const doc = readFileSync(join(REPO, 'docs/deploy.md'), 'utf8');
  const start = doc.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`docs/deploy.md has no section "## ${section}"`);
  const rest = doc.slice(start + 1);
  const end = rest.indexOf('\n## ', 1);
  const body = end < 0 ? rest : rest.slice(0, end);
  const out: string[] = [];
  for (const m of body.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of m[1]!.split('\n')) if (line.trim()) out.push(line.trim());
  }
  return out;
}
