import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds from one config: the browser bundle (dist/client, with a manifest) and the
// server renderer (dist/ssr, CommonJS so the Nest server can require it).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Kept for symbolicating browser errors, but not referenced from the scripts; the
        // static handler never serves *.map (issue 14): our client source is not published.
        sourcemap: 'hidden',
        target: 'es2022',
      },
}));
