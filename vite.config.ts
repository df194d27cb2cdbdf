import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // bench/bundle-size.ts reads the manifest to find what the first page loads.
    manifest: true,
  },
});
