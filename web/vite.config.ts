import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const require = createRequire(import.meta.url);

/**
 * echarts-for-react's ESM build imports `tslib` without declaring it; npm only installed tslib
 * nested under echarts. Use a hoisted tslib when there is one, else echarts' own copy.
 */
function tslibAlias(): Record<string, string> {
  try {
    require.resolve('tslib');
    return {};
  } catch {
    const entry = require.resolve('echarts');
    const marker = `node_modules${path.sep}echarts${path.sep}`;
    const nested = path.join(entry.slice(0, entry.lastIndexOf(marker) + marker.length), 'node_modules/tslib/tslib.es6.js');
    return existsSync(nested) ? { tslib: nested } : {};
  }
}

/** Vendor groups kept apart so a change in app code does not invalidate them (antd and echarts are the big ones). */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  // higher priority is captured first; a group also takes its modules' dependencies, so the
  // shared ones (react, then antd) go first or they would be pulled into the echarts chunk
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 50 },
  { name: 'antd-icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 40 },
  { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|dayjs)[\\/]/, priority: 30 },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender|echarts-for-react)[\\/]/, priority: 20 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: tslibAlias() },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // two entries: the main page and the super-admin page (spec §1)
    rolldownOptions: {
      input: { main: here('./index.html'), pageB: here('./pageB.html') },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
