import { describe, expect, it } from 'vitest';
import { exposedPortalWarning, isLoopbackHost } from './exposure.ts';

describe('exposedPortalWarning', () => {
  it('says nothing on a loopback host', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(exposedPortalWarning(host), host).toBeUndefined();
    }
  });

  it('warns, naming the host, on every other one', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'portal.example.com', '128.0.0.1', '::ffff:10.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
      expect(exposedPortalWarning(host), host).toContain(`listens on ${host}, so other machines can reach it`);
    }
  });
});
