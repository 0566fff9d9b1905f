import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keys } from '../../web/src/api/keys.ts';
import { IDLE, runAction, type ActionState } from '../../web/src/action-state.ts';

// The dashboard keeps the state of its actions in one hook (web/src/use-action.ts, its core in action-state.ts) and its query keys in
// one module (web/src/api/keys.ts). These check what the two promise, and that no page goes back to a
// hand-rolled busy/error pair or an inline key.

/** Runs an action against a recorded state, as useAction's setState would hold it. */
async function record(fn: () => Promise<string | void>, start: ActionState = IDLE) {
  let state = start;
  const seen: ActionState[] = [];
  const ok = await runAction(fn, (change) => {
    state = change(state);
    seen.push(state);
  });
  return { ok, state, seen };
}

describe('useAction', () => {
  it('is busy while the action runs, with the last error and note cleared, then shows the note it returned', async () => {
    const r = await record(async () => 'Saved.', { busy: false, error: new Error('before'), note: 'old' });
    expect(r.ok).toBe(true);
    expect(r.seen[0]).toEqual({ busy: true, error: undefined, note: undefined });
    expect(r.state).toEqual({ busy: false, error: undefined, note: 'Saved.' });
  });

  it('keeps what the action threw as its error and says it failed', async () => {
    const boom = new Error('The server answered 409.');
    const r = await record(async () => {
      throw boom;
    });
    expect(r.ok).toBe(false);
    expect(r.state).toEqual({ busy: false, error: boom, note: undefined });
  });

  it('shows no note for an action that returns none', async () => {
    const r = await record(async () => undefined);
    expect(r.state).toEqual(IDLE);
  });
});

/** TanStack Query's prefix match (partialMatchKey) for array keys: each part of the shorter key equals the longer key's. */
const isPrefix = (short: readonly unknown[], long: readonly unknown[]) => short.length <= long.length && short.every((part, i) => JSON.stringify(part) === JSON.stringify(long[i]));

describe('query keys', () => {
  it('a list key invalidates its filtered and detailed keys, and not its neighbours', () => {
    const under: [readonly unknown[], readonly unknown[]][] = [
      [keys.me(), keys.meIn('org_1')],
      [keys.alerts(), keys.alertList({ status: 'open' })],
      [keys.alerts(), keys.alertPreviewChoices()],
      [keys.alert('alr_1'), keys.alertTimeline('alr_1')],
      [keys.oncall('sch_1'), keys.oncallAt('sch_1', '2026-01-01T00:00:00Z')],
      [keys.shifts('sch_1'), keys.shiftsIn('sch_1', 0, 1)],
      [keys.overrides('sch_1'), keys.overridesFrom('sch_1', '2026-01-01T00:00:00Z')],
      [keys.deliveries('wh_1'), keys.deliveriesIn('wh_1', 'failed')],
    ];
    for (const [short, long] of under) expect(isPrefix(short, long), `${JSON.stringify(short)} ⊂ ${JSON.stringify(long)}`).toBe(true);
    expect(isPrefix(keys.alert('alr_2'), keys.alertTimeline('alr_1'))).toBe(false);
    expect(isPrefix(keys.webhooks(), keys.webhook('wh_1'))).toBe(false);
    expect(isPrefix(keys.services(), keys.service('svc_1'))).toBe(false);
  });

  it('no two key functions share a name in the cache', () => {
    const heads = new Map<string, string[]>();
    for (const [name, fn] of Object.entries(keys)) {
      const key = (fn as (...a: unknown[]) => readonly unknown[])('x', 'y', 'z', 'w');
      const head = JSON.stringify(key.slice(0, 1));
      heads.set(head, [...(heads.get(head) ?? []), name]);
    }
    // The families that nest on purpose (a list and its filtered or detailed forms) are the only shared heads.
    const shared = [...heads.values()].filter((names) => names.length > 1).map((names) => names.sort().join(' '));
    expect(shared.sort()).toEqual(
      [
        'alert alertTimeline',
        'alertList alertPreviewChoices alerts',
        'deliveries deliveriesIn',
        'maintenanceWindow maintenanceWindows',
        'me meIn',
        'oncall oncallAt',
        'overrides overridesFrom',
        'shifts shiftsIn',
      ].sort(),
    );
  });
});

describe('the dashboard uses them everywhere', () => {
  const root = join(import.meta.dirname, '../../web/src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
    });
  const sources = files(root).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

  it('no file writes a query key inline', () => {
    const inline = sources
      .filter((f) => f.path !== join('api', 'keys.ts'))
      .flatMap((f) => [...f.text.matchAll(/(queryKey:\s*\[|(?:QueryData|Queries)(?:<[^>]*>)?\(\s*\[)/g)].map((m) => `${f.path}: ${m[0]}`));
    expect(inline).toEqual([]);
  });

  it('no file keeps its own busy or error state for an action', () => {
    const handRolled = sources
      .filter((f) => f.path !== 'use-action.ts' && f.path !== 'action-state.ts')
      .flatMap((f) => [...f.text.matchAll(/const \[(busy|error), set\w+\] = useState/g)].map((m) => `${f.path}: ${m[0]}`));
    expect(handRolled).toEqual([]);
  });
});
