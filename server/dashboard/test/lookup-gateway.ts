// A portal gateway for the lookup-job tests: everything passes through to the real one, and a
// subclass decides what a lookup by organisation identifier does (slow, break, hold, record).
import type { PortalGateway } from '../portal-gateway.ts';

export abstract class LookupGateway implements PortalGateway {
  constructor(protected readonly inner: PortalGateway) {}

  abstract findUserByIdentifier(token: string, identifier: string): ReturnType<PortalGateway['findUserByIdentifier']>;

  validateToken(token: string) {
    return this.inner.validateToken(token);
  }

  countMembers(token: string, grpId: number) {
    return this.inner.countMembers(token, grpId);
  }

  listPage(...page: Parameters<PortalGateway['listPage']>) {
    return this.inner.listPage(...page);
  }

  getRecord(token: string, path: string) {
    return this.inner.getRecord(token, path);
  }
}
