import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The report of first-page bytes (bench/bundle-size.ts) reads the manifest.
    manifest: true,
  },
});
