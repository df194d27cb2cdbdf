// `npm run dev`: Vite with hot reload, and the embedded portal answering `/api/*` in the same
// process (same settings as `npm start`), with the dashboard server's `/dashboard-api/*`.
// Runs under tsx so the portal's TypeScript loads as is.
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer } from 'vite';
import { mountDashboard, openDashboardServer } from './dashboard/open.ts';
import { openEmbeddedPortal } from './web/embedded-portal.ts';
import { serverFailedAttempts, trustedProxyHops } from './web/trust-proxy.ts';

const failures = serverFailedAttempts(trustedProxyHops(process.env.TRUST_PROXY));
const portal = openEmbeddedPortal(process.env, { failures });
const dashboard = await openDashboardServer(process.env, { portal: portal.app, failures });
const app = new Hono();
mountDashboard(app, dashboard);
const listener = getRequestListener(app.route('/api', portal.app).fetch);

const vite = await createServer({
  server: { port: Number(process.env.PORT ?? 5173), host: process.env.HOST ?? '127.0.0.1' },
  plugins: [
    {
      name: 'embedded-portal',
      configureServer(server) {
        server.middlewares.use((req, res, next) => {
          if (req.url?.startsWith('/api/') || req.url?.startsWith('/dashboard-api/')) void listener(req, res);
          else next();
        });
      },
    },
  ],
});
await vite.listen();
vite.printUrls();
console.log(`  Token: ${portal.token}`);
