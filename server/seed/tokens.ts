// issueToken lives with the token store in server/portal/tokens.ts; re-exported here for the seed tooling.
export { issueToken } from '../portal/tokens.ts';
