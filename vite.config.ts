import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react-swc';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) },
  },
  define: {
    __BUILD_INFO__: JSON.stringify({
      branch: process.env.BUILD_BRANCH ?? 'main',
      revision: process.env.BUILD_REVISION ?? 'dev',
      date: new Date().toISOString(),
    }),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        // A stable identity for the installed app, whatever start_url becomes.
        id: '/',
        name: 'Audience Insights',
        short_name: 'Insights',
        description: 'Size markets and audiences, follow journeys and measure outcomes, online or offline.',
        theme_color: '#0f1420',
        background_color: '#0f1420',
        display: 'standalone',
        start_url: '/home',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No source maps in the build `npm start` serves (the server refuses *.map anyway); the dev
    // server (`npm run dev`) has its own. BUILD_SOURCEMAP=1 writes them, the service worker's too.
    sourcemap: process.env.BUILD_SOURCEMAP === '1',
    // A lazy chunk's imports are not listed in its importer for preloading: every route file
    // (all of them load with the shell) carried the file names of its page's whole import
    // graph. The service worker has every chunk cached, so the page's imports load from it.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        // Every route file loads with the shell (the router needs each route's guards and search
        // rules at start): one chunk for all of them instead of one small file each, whose per-file
        // overhead had pushed the shell past 200 KB. The split-off page components
        // (?tsr-split=...) stay lazy: the test leaves out ids with a query.
        codeSplitting: { groups: [{ name: 'routes', test: /[\\/]src[\\/]client[\\/]routes[\\/][^?]*$/ }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
