// `npm run build:web`, the `prepare` script (npm ci) and `npm pack`: builds the dashboard into dist/web.
// An installed package carries the build and not the sources (docs/adr/0860): nothing to build.
import { existsSync } from 'node:fs';
import { buildDashboard, WEB_BUILD, WEB_SOURCE } from './build.ts';

if (!existsSync(WEB_SOURCE)) {
  process.stdout.write(`no dashboard sources here (an installed package): serving the build in ${WEB_BUILD}\n`);
} else {
  const started = Date.now();
  await buildDashboard();
  process.stdout.write(`dashboard built into ${WEB_BUILD} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
