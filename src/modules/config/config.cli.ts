import { readFileSync, writeFileSync } from 'node:fs';
import { ApiCallError, apiClient, type Target } from './config.client.ts';
import { FileError, parseConfig, toYaml } from './config.document.ts';
import { describePlan, makePlan, type ApplyContext } from './config.plan.ts';
import { readOrg } from './config.state.ts';

/**
 * `klaxon config export|plan|apply` (PRODUCT.md 14, docs/adr/0850): a client of a running Klaxon
 * named by KLAXON_URL, KLAXON_API_KEY (a full-product key) and KLAXON_ORG. Exit codes: 0 done or no
 * change, 2 plan has changes, 1 error.
 */
export const CONFIG_USAGE = `Usage: klaxon config export [-f FILE]
       klaxon config plan -f FILE [--prune]
       klaxon config apply -f FILE [--prune]

  the organization as one YAML document (services, schedules, webhooks, maintenance windows)
  export           write it (to FILE, else to standard output)
  plan             show what apply would create, change and delete; exit 0 no change, 2 changes, 1 error
  apply            carry out the plan; new credentials are printed once
  --prune          also delete what the file leaves out (never without it)

  KLAXON_URL       the server, e.g. https://klaxon.example.com
  KLAXON_API_KEY   a full-product API key (kxp_…) of an admin
  KLAXON_ORG       the organization (org_…)
  Secrets in the file are \${env:NAME} references, read from the environment when applying.
  JSON Schema of the file: \${KLAXON_URL}/api/config-schema.json`;

export interface ConfigIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
}

function target(env: ConfigIo['env']): Target {
  const missing = ['KLAXON_URL', 'KLAXON_API_KEY', 'KLAXON_ORG'].filter((n) => !env[n]);
  if (missing.length) throw new Error(`set ${missing.join(', ')}: the server, a full-product API key and the organization`);
  try {
    new URL(env.KLAXON_URL!);
  } catch {
    throw new Error(`KLAXON_URL must be a URL such as http://localhost:8080, got "${env.KLAXON_URL}"`);
  }
  return { url: env.KLAXON_URL!, apiKey: env.KLAXON_API_KEY!, org: env.KLAXON_ORG! };
}

export async function runConfig(command: string, opts: { file?: string; prune: boolean }, io: ConfigIo): Promise<number> {
  try {
    const t = target(io.env);
    const client = apiClient(t);
    if (command === 'export') {
      const text = toYaml((await readOrg(client, t.org)).doc);
      if (opts.file) writeFileSync(opts.file, text);
      else io.out(text.replace(/\n$/, ''));
      return 0;
    }
    if (!opts.file) throw new Error(`config ${command} needs -f FILE`);
    const name = opts.file;
    let text: string;
    try {
      text = readFileSync(name, 'utf8');
    } catch (err) {
      throw new Error(`cannot read ${name} (${(err as { code?: string }).code ?? 'error'})`);
    }
    let file;
    try {
      file = parseConfig(text);
      const state = await readOrg(client, t.org);
      const plan = makePlan(file, state, { prune: opts.prune, env: io.env });
      io.out(describePlan(plan, opts.prune));
      if (command === 'plan') return plan.steps.length ? 2 : 0;
      if (!plan.steps.length) return 0;
      const ctx: ApplyContext = {
        client,
        header: { 'X-Service-Org': t.org },
        env: io.env,
        state,
        ids: { schedules: new Map(), services: new Map(), webhooks: new Map() },
        credential: (what, value) => io.out(`  new credential, shown once: ${what}: ${value}`),
      };
      const done: string[] = [];
      for (const [i, step] of plan.steps.entries()) {
        const label = `${step.action} ${step.kind} ${step.label}`;
        try {
          await step.run(ctx);
        } catch (err) {
          const rest = plan.steps.slice(i + 1).map((s) => `${s.action} ${s.kind} ${s.label}`);
          io.err(
            [
              `klaxon config apply: failed at: ${label}: ${(err as Error).message}`,
              `applied (${done.length}):${done.map((d) => `\n  ${d}`).join('')}`,
              `not applied (${rest.length + 1}):\n  ${label}${rest.map((d) => `\n  ${d}`).join('')}`,
              'Run apply again to finish: it plans again from what the organization now has.',
            ].join('\n'),
          );
          return 1;
        }
        done.push(label);
        io.out(`  done: ${label}`);
      }
      io.out(`Applied: ${done.length} change(s).`);
      return 0;
    } catch (err) {
      if (err instanceof FileError) {
        io.err(`${name}:${err.line}:${err.col}: ${err.message}`);
        return 1;
      }
      throw err;
    }
  } catch (err) {
    if (err instanceof ApiCallError || err instanceof Error) {
      io.err(`klaxon config ${command}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
