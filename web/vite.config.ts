import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The dashboard's build (docs/adr/0600-dashboard-stack-and-packaging.md). Vite 8 compiles TSX with
// oxc itself: no React plugin is needed for a production build (fast refresh is a dev-server nicety).
const root = fileURLToPath(new URL('.', import.meta.url));
export default defineConfig({
  root,
  mode: 'production',
  // Always React's production build, even when built from a test run (NODE_ENV=test).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  base: '/',
  logLevel: 'warn',
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      // React libraries mark their modules "use client", which means nothing in a browser-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
