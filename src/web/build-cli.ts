// `npm run build:web` and the `prepare` script (npm ci): builds the dashboard into dist/web.
import { buildDashboard, WEB_BUILD } from './build.ts';

const started = Date.now();
await buildDashboard();
process.stdout.write(`dashboard built into ${WEB_BUILD} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
