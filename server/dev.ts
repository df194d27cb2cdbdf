// `npm run dev`: Vite with hot reload, and the embedded portal answering `/api/*` in the same
// process (same settings as `npm start`). Runs under tsx so the portal's TypeScript loads as is.
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer } from 'vite';
import { openEmbeddedPortal } from './web/embedded-portal.ts';

const portal = openEmbeddedPortal(process.env);
const listener = getRequestListener(new Hono().route('/api', portal.app).fetch);

const vite = await createServer({
  server: { port: Number(process.env.PORT ?? 5173), host: process.env.HOST ?? '127.0.0.1' },
  plugins: [
    {
      name: 'embedded-portal',
      configureServer(server) {
        server.middlewares.use((req, res, next) => {
          if (req.url?.startsWith('/api/')) void listener(req, res);
          else next();
        });
      },
    },
  ],
});
await vite.listen();
vite.printUrls();
console.log(`  Token: ${portal.token}`);
