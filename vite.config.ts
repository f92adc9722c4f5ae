import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress';

/** The console build (assets precompressed beside themselves, brotli and gzip). The dev server proxies the API to a platform server on 8080. */
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
});
