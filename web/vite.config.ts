import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

/** The dev UI: built into dist/dev-ui and served by `adk web` at /dev-ui/. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/dev-ui/',
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../dist/dev-ui', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    // `npx vite --config web/vite.config.ts` with `adk web` on :8000 for UI work with hot reload.
    proxy: {
      '^/(list-apps|apps|run|run_sse|run_live|dev|debug|health|version|builder|dev-ui/config)':
        'http://127.0.0.1:8000',
    },
  },
});
