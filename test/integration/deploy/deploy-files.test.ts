import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary } from '../../helpers/binaries.ts';
import { docShellLines } from '../../helpers/deploy-doc-lines.ts';

/**
 * Issue 40 item 3: the files of deploy/ checked by their own programs. The alerting rules with
 * `promtool check rules` and `promtool test rules` (deploy/klaxon-alerts.test.yml), the systemd
 * unit with `systemd-analyze verify`, the Caddyfile with `caddy validate`. A missing program skips
 * its test with the reason printed (.ci/run installs them all: prometheus, systemd, caddy).
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const PROMTOOL = findBinary('promtool');
const SYSTEMD_ANALYZE = findBinary('systemd-analyze');
const CADDY = findBinary('caddy');
for (const [name, bin, pkg] of [['promtool', PROMTOOL, 'prometheus'], ['systemd-analyze', SYSTEMD_ANALYZE, 'systemd'], ['caddy', CADDY, 'caddy']] as const) {
  if (!bin) console.log(`deploy-files.test.ts: ${name} is not installed (Debian package ${pkg}); its test is skipped`);
}

describe('deploy/ checked by the real programs', () => {
  it.skipIf(!PROMTOOL)('promtool check rules deploy/klaxon-alerts.yml', async () => {
    const { stdout } = await run(PROMTOOL!, ['check', 'rules', 'deploy/klaxon-alerts.yml'], { cwd: ROOT });
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it.skipIf(!PROMTOOL)('promtool test rules deploy/klaxon-alerts.test.yml', async () => {
    const { stdout } = await run(PROMTOOL!, ['test', 'rules', 'deploy/klaxon-alerts.test.yml'], { cwd: ROOT });
    expect(stdout).toMatch(/SUCCESS/);
  });

  it.skipIf(!SYSTEMD_ANALYZE)('systemd-analyze verify deploy/klaxon.service', async () => {
    // verify exits non-zero on an error in the unit; warnings go to stderr, and there must be none.
    const { stderr } = await run(SYSTEMD_ANALYZE!, ['verify', 'deploy/klaxon.service'], { cwd: ROOT, env: { ...process.env, SYSTEMD_LOG_LEVEL: 'warning' } });
    expect(stderr.split('\n').filter((l) => l.includes('klaxon.service'))).toEqual([]);
  });

  it.skipIf(!CADDY)('caddy validate --config deploy/Caddyfile', async () => {
    const { stdout, stderr } = await run(CADDY!, ['validate', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { cwd: ROOT, env: { ...process.env, HOME: process.env.HOME ?? '/tmp' } });
    expect(stdout + stderr).toContain('Valid configuration');
    // The adapted JSON: the live stream is flushed at once, and the body limit is Klaxon's 10 MiB.
    const adapted = JSON.parse((await run(CADDY!, ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { cwd: ROOT })).stdout) as unknown;
    const text = JSON.stringify(adapted);
    expect(text).toContain('"flush_interval":-1');
    expect(text).toContain('"max_size":10000000');
  });
});

/**
 * docs/deploy.md's own sections, as written: each `sh` line run with bash in the repository's folder
 * (test/unit/deploy-docs.test.ts checks that every line of the page is run by some test or CI).
 */
describe('docs/deploy.md: the commands of its sections run as written', () => {
  for (const section of ['Monitoring Klaxon']) {
    for (const line of docShellLines(section)) {
      const program = line.split(/\s+/)[0]!;
      const bin = findBinary(program);
      if (!bin) console.log(`deploy-files.test.ts: "${line}" skipped: ${program} is not installed`);
      it.skipIf(!bin)(`${section}: ${line}`, async () => {
        await run('bash', ['-euo', 'pipefail', '-c', line], { cwd: ROOT, env: { ...process.env, HOME: process.env.HOME ?? '/tmp' } });
      });
    }
  }
});

/**
 * "A single server with TLS" as the operator runs it: every `sh` line in order, as root, in the
 * repository's folder (the page's `deploy/…` paths), on a machine whose PID 1 is systemd, so
 * `systemctl enable --now klaxon` really starts the unit and `systemctl reload nginx|caddy` really
 * reloads them. The machine is a throw-away container: systemd-nspawn boots this host's own systemd
 * (`systemd.unit=basic.target`, no network but its own loopback) on an overlay whose lower layer is
 * `/` and whose upper layer is a tmpfs, inside a mount namespace of the test's; nothing it writes
 * reaches the host. Each line runs in it through `nsenter` (no D-Bus or machined needed on the host).
 *
 * What the page presumes is put there first: a certificate at Let's Encrypt's paths for the example
 * host name, as certbot leaves it; nginx running, as Debian's package leaves it; and the `klaxon`
 * command on PATH as "Install from the package" leaves it, here this checkout's bin/klaxon.js (that
 * section's `npm pack` and `npm install -g` are run by package.test.ts; repeating their ~6 min
 * compile here would buy nothing for these lines). nginx and Caddy both take ports 80 and 443, and
 * an operator runs one of them: before the Caddy lines nginx is stopped and Caddy started.
 */
const TLS = 'A single server with TLS';
const tlsLines = docShellLines(TLS);
const NODE = process.execPath;
const LIVE = '/etc/letsencrypt/live/klaxon.example.com';
/** PATH in the container, systemd's default (the host's PATH may hold the test's node_modules/.bin). */
const CONTAINER_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Why the container cannot be booted here, or undefined when it can. */
function containerUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'not root';
  for (const [p, pkg] of [['systemd-nspawn', 'systemd-container'], ['nsenter', 'util-linux'], ['unshare', 'util-linux'], ['useradd', 'passwd'], ['nginx', 'nginx'], ['caddy', 'caddy'], ['systemd-analyze', 'systemd'], ['openssl', 'openssl'], ['curl', 'curl']]) {
    if (!findBinary(p!)) return `${p} is not installed (Debian package ${pkg})`;
  }
  if (!existsSync('/lib/systemd/systemd')) return 'systemd is not installed (/lib/systemd/systemd)';
  if (!existsSync('/sys/fs/cgroup/cgroup.controllers') && !existsSync('/sys/fs/cgroup/systemd')) return 'no cgroup hierarchy for systemd (neither cgroup2 nor name=systemd at /sys/fs/cgroup)';
  const t = mkdtempSync(join(tmpdir(), 'klaxon-container-probe-'));
  const r = spawnSync('unshare', ['--mount', '--propagation', 'private', 'bash', '-euc', 'mount -t tmpfs tmpfs "$1"; mkdir "$1/u" "$1/w" "$1/r"; mount -t overlay overlay -o "lowerdir=/,upperdir=$1/u,workdir=$1/w" "$1/r"', 'probe', t], { encoding: 'utf8' });
  rmSync(t, { recursive: true, force: true });
  return r.status === 0 ? undefined : `no private overlay of / (unshare --mount, tmpfs, overlayfs): ${r.stderr.trim()}`;
}

/**
 * Runs under `unshare --mount`: the overlay root, the container booted on it, the steps in order
 * (each one's output and exit status to files on the host side), then the container powered off.
 * The mounts die with the namespace.
 */
const SCRIPT = String.raw`set -euo pipefail
T=$1 REPO=$2 NODE=$3 NAME=$4
mount -t tmpfs tmpfs "$T/layers"  # apart from /: overlayfs refuses an upper layer inside its lower one
mkdir "$T/layers/upper" "$T/layers/work"
mount -t overlay overlay -o "lowerdir=/,upperdir=$T/layers/upper,workdir=$T/layers/work" "$T/root"
mount -t tmpfs tmpfs /run  # systemd-nspawn's own state (/run/systemd/nspawn) stays off the host
R=$T/root
mkdir -p "$R${LIVE}"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=klaxon.example.com -addext subjectAltName=DNS:klaxon.example.com \
  -keyout "$R${LIVE}/privkey.pem" -out "$R${LIVE}/fullchain.pem" 2>/dev/null
printf '#!/bin/sh\nexec %s %s/bin/klaxon.js "$@"\n' "$NODE" "$REPO" >"$R/usr/local/bin/klaxon"
chmod 0755 "$R/usr/local/bin/klaxon"

systemd-nspawn -D "$R" --register=no --keep-unit --private-network --link-journal=no --console=read-only -M "$NAME" \
  -b systemd.firstboot=off systemd.unit=basic.target >"$T/boot.log" 2>&1 </dev/null &
NSPAWN=$!
poweroff() {
  # SIGTERM asks the container's systemd to power off; nspawn exits once it has.
  kill -TERM "$NSPAWN" 2>/dev/null || true
  for _ in $(seq 1 600); do kill -0 "$NSPAWN" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$NSPAWN" 2>/dev/null || true
  wait "$NSPAWN" 2>/dev/null || true
}
trap poweroff EXIT

# The container's PID 1, as the host sees it: nspawn's child.
C=
for _ in $(seq 1 600); do
  C=$(cat /proc/$NSPAWN/task/$NSPAWN/children 2>/dev/null | awk '{print $1}')
  [ -n "$C" ] && [ "$(cat /proc/$C/comm 2>/dev/null)" = systemd ] && break
  C=; sleep 0.1
done
[ -n "$C" ] || { echo "the container's systemd did not start" >"$T/boot.state"; exit 0; }
inside() {
  nsenter --target "$C" --all env -i PATH=${CONTAINER_PATH} HOME=/root LANG=C.UTF-8 bash -euo pipefail -c "cd $(printf %q "$REPO") && $1" </dev/null
}
# Until its private bus is up systemctl cannot ask; then --wait returns once start-up is over.
for _ in $(seq 1 1200); do
  state=$(inside 'systemctl is-system-running --wait' 2>/dev/null) || true
  case "$state" in running | degraded) break ;; esac
  sleep 0.1
done
{ echo "$state"; inside 'systemctl --failed --no-legend --plain' || true; } >"$T/boot.state" 2>&1
case "$state" in running | degraded) ;; *) exit 0 ;; esac

for f in "$T"/steps/*; do
  i=$(basename "$f")
  if inside "$(cat "$f")" >"$T/out/$i" 2>&1; then echo 0 >"$T/rc/$i"; else echo $? >"$T/rc/$i"; fi
done
`;

/** Steps of the test's own around the page's lines: what the page presumes, and the checks. */
const KLAXON_ANSWERS = 'for _ in $(seq 1 1200); do curl -fsS http://127.0.0.1:8080/healthz && exit 0; sleep 0.1; done; systemctl status klaxon --no-pager; journalctl -u klaxon --no-pager | tail -n 40; exit 1';
const HEALTHZ_VIA_NGINX = `curl -fsS --cacert ${LIVE}/fullchain.pem --resolve klaxon.example.com:443:127.0.0.1 https://klaxon.example.com/healthz`;
const CADDY_REDIRECT = "curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' --resolve klaxon.example.com:80:127.0.0.1 http://klaxon.example.com/healthz";
const STATE = String.raw`getent passwd klaxon
stat -c '%n %a %U:%G' /etc/klaxon /etc/klaxon/klaxon.env /etc/systemd/system/klaxon.service /etc/nginx/conf.d/klaxon.conf /etc/caddy/Caddyfile
cmp deploy/klaxon.service /etc/systemd/system/klaxon.service && echo unit-identical
cmp deploy/nginx.conf /etc/nginx/conf.d/klaxon.conf && echo nginx-identical
cmp deploy/Caddyfile /etc/caddy/Caddyfile && echo caddy-identical
echo "enabled: $(systemctl is-enabled klaxon)"
echo "active: $(systemctl is-active klaxon)"
systemctl show klaxon -p User,NoNewPrivileges,ProtectSystem,ProtectHome,PrivateTmp
M=$(systemctl show klaxon -p MainPID --value)
echo "process user: $(stat -c %U /proc/$M)"
grep -E '^(NoNewPrivs|CapEff):' /proc/$M/status
echo "process /usr: $(findmnt --task $M -no OPTIONS --target /usr | cut -d, -f1)"
echo "process /etc: $(findmnt --task $M -no OPTIONS --target /etc | cut -d, -f1)"
echo "process /var/lib/klaxon: $(findmnt --task $M -no OPTIONS --target /var/lib/klaxon | cut -d, -f1)"
stat -c '%n %a %U' /var/lib/klaxon/klaxon.db`;

type Step = { name: string; script: string; line: boolean };
function steps(): Step[] {
  const out: Step[] = [{ name: 'nginx running, as its package leaves it', script: 'systemctl start nginx && systemctl is-active nginx', line: false }];
  for (const line of tlsLines) {
    if (line.startsWith('install -m 0644 deploy/Caddyfile')) out.push({ name: 'Caddy instead of nginx: nginx stopped, Caddy running as its package leaves it', script: 'systemctl stop nginx && systemctl start caddy && systemctl is-active caddy', line: false });
    out.push({ name: line, script: line, line: true });
    if (line === 'systemctl enable --now klaxon') out.push({ name: 'klaxon answers /healthz on 127.0.0.1:8080', script: KLAXON_ANSWERS, line: false });
    if (line === 'systemctl reload nginx') out.push({ name: 'https://klaxon.example.com/healthz through nginx', script: HEALTHZ_VIA_NGINX, line: false });
    if (line === 'systemctl reload caddy') out.push({ name: 'Caddy serves the installed Caddyfile', script: `systemctl is-active caddy && ${CADDY_REDIRECT}`, line: false });
  }
  out.push({ name: 'state', script: STATE, line: false });
  return out;
}

const unavailable = containerUnavailable();
if (unavailable) console.log(`deploy-files.test.ts: "${TLS}" not run: ${unavailable} (CI runs as root with every program installed)`);
describe.skipIf(!!unavailable)(`docs/deploy.md "${TLS}": every line, in order, as root in a booted systemd container`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-tls-section-'));
  const plan = steps();
  const results = new Map<number, { rc: number; out: string }>();
  let bootState = '';
  let bootLog = '';
  const hostHadUser = spawnSync('getent', ['passwd', 'klaxon']).status === 0;
  const hostHadFolder = existsSync('/etc/klaxon');
  const hostHadNspawnState = existsSync('/run/systemd/nspawn');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    for (const sub of ['layers', 'root', 'steps', 'out', 'rc']) mkdirSync(join(dir, sub));
    plan.forEach((s, i) => writeFileSync(join(dir, 'steps', String(i).padStart(3, '0')), s.script));
    const started = Date.now();
    await run('unshare', ['--mount', '--propagation', 'private', 'bash', '-c', SCRIPT, 'tls-section', dir, ROOT, NODE, `klaxon-test-${process.pid}`], { cwd: ROOT });
    console.log(`deploy-files.test.ts: "${TLS}" in the container: ${Math.round((Date.now() - started) / 1000)} s, boot to poweroff`);
    for (const f of readdirSync(join(dir, 'rc'))) {
      results.set(Number(f), { rc: Number(readFileSync(join(dir, 'rc', f), 'utf8')), out: readFileSync(join(dir, 'out', f), 'utf8') });
    }
    bootState = existsSync(join(dir, 'boot.state')) ? readFileSync(join(dir, 'boot.state'), 'utf8') : '';
    bootLog = existsSync(join(dir, 'boot.log')) ? readFileSync(join(dir, 'boot.log'), 'utf8') : '';
  }, 600_000);

  const result = (name: string) => {
    const r = results.get(plan.findIndex((s) => s.name === name));
    expect(r, `"${name}" was not reached; the boot:\n${bootState}\n${bootLog.slice(-4000)}`).toBeDefined();
    return r!;
  };

  it('the section is the one these checks are written for', () => {
    expect(tlsLines).toEqual([
      'useradd --system --home-dir /var/lib/klaxon --shell /usr/sbin/nologin klaxon',
      'install -m 0644 deploy/klaxon.service /etc/systemd/system/klaxon.service',
      'install -d -m 0750 /etc/klaxon',
      'install -m 0640 -g klaxon /dev/null /etc/klaxon/klaxon.env',
      'openssl rand -hex 32',
      'systemd-analyze verify /etc/systemd/system/klaxon.service',
      'systemctl daemon-reload',
      'systemctl enable --now klaxon',
      'install -m 0644 deploy/nginx.conf /etc/nginx/conf.d/klaxon.conf',
      'nginx -t',
      'systemctl reload nginx',
      'install -m 0644 deploy/Caddyfile /etc/caddy/Caddyfile',
      'caddy validate --config /etc/caddy/Caddyfile --adapter caddyfile',
      'systemctl reload caddy',
    ]);
  });

  it('the container booted its systemd to its target (degraded allowed: the failed units are printed)', () => {
    const [state, ...failed] = bootState.trim().split('\n');
    expect(state, bootLog.slice(-4000)).toMatch(/^(running|degraded)$/);
    console.log(`deploy-files.test.ts: the container's systemd: ${state}${failed.length ? `; units failed: ${failed.join('; ')}` : ''}`);
  });

  for (const s of plan) {
    if (s.name === 'state') continue;
    it(s.line ? s.name : `(the test's step) ${s.name}`, () => {
      const r = result(s.name);
      expect(r.rc, r.out).toBe(0);
      if (s.line && s.name.startsWith('openssl')) expect(r.out.trim()).toMatch(/^[0-9a-f]{64}$/);
      // verify exits non-zero on an error in the unit; a warning about it must not be printed either.
      if (s.name.startsWith('systemd-analyze')) expect(r.out.split('\n').filter((l) => l.includes('klaxon.service'))).toEqual([]);
      if (s.name === 'nginx -t') expect(r.out).toContain('test is successful');
      if (s.name.startsWith('caddy validate')) expect(r.out).toContain('Valid configuration');
      if (s.script === KLAXON_ANSWERS || s.script === HEALTHZ_VIA_NGINX) expect(JSON.parse(r.out.trim().split('\n').at(-1)!)).toEqual({ ok: true });
      // The reloaded Caddy serves the page's Caddyfile (its redirect to https), not the package's default site.
      if (s.name.startsWith('Caddy serves')) expect(r.out.trim().split('\n').at(-1)).toBe('308 https://klaxon.example.com/healthz');
    });
  }

  it('systemd runs klaxon as the klaxon user, the unit confined as it says; the files are the shipped ones', () => {
    const { rc, out } = result('state');
    expect(rc, out).toBe(0);
    expect(out).toMatch(/^klaxon:x:\d+:\d+::\/var\/lib\/klaxon:\/usr\/sbin\/nologin$/m);
    expect(out).toContain('/etc/klaxon 750 root:root');
    expect(out).toContain('/etc/klaxon/klaxon.env 640 root:klaxon');
    expect(out).toContain('/etc/systemd/system/klaxon.service 644 root:root');
    expect(out).toContain('/etc/nginx/conf.d/klaxon.conf 644 root:root');
    for (const copy of ['unit-identical', 'nginx-identical', 'caddy-identical']) expect(out).toContain(copy);
    expect(out).toContain('enabled: enabled');
    expect(out).toContain('active: active');
    for (const p of ['User=klaxon', 'NoNewPrivileges=yes', 'ProtectSystem=strict', 'ProtectHome=yes', 'PrivateTmp=yes']) expect(out).toContain(p);
    // What the kernel says of the running process, not only what systemd was told.
    expect(out).toContain('process user: klaxon');
    expect(out).toMatch(/^NoNewPrivs:\s+1$/m);
    expect(out).toMatch(/^CapEff:\s+0+$/m);
    expect(out).toContain('process /usr: ro');
    expect(out).toContain('process /etc: ro');
    expect(out).toContain('process /var/lib/klaxon: rw');
    expect(out).toContain('/var/lib/klaxon/klaxon.db 600 klaxon');
  });

  it('left the host as it was: no klaxon user, no /etc/klaxon, no nspawn state', () => {
    if (!hostHadUser) expect(spawnSync('getent', ['passwd', 'klaxon']).status).not.toBe(0);
    if (!hostHadFolder) expect(existsSync('/etc/klaxon')).toBe(false);
    if (!hostHadNspawnState) expect(existsSync('/run/systemd/nspawn')).toBe(false);
  });
});
