import { defineConfig } from 'vite';

// The client lives in client/; assets/ is served as-is; the build lands in dist/ (served by server/index.ts).
export default defineConfig({
  root: 'client',
  publicDir: '../assets',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // Phaser alone is ~1.4 MB minified (≈360 kB gzip); split it so the game code caches separately.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        manualChunks: (id: string) => (id.includes('node_modules/phaser') ? 'phaser' : undefined),
      },
    },
  },
  server: { port: 5173 },
});
