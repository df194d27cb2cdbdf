// Arguments of `npm run portal -- [--port N] [--host H] [--db FILE] [--seed demo|large|none]
// [--fixture FILE] [--token VALUE] [--quirks LIST] [--quiet] [--print-keys]`.

import { parseQuirks, type Quirk } from './quirks.ts';

interface PortalArgs {
  port: number;
  host: string;
  db: string;
  /** undefined: demo on a new database, none when a fixture is given. */
  seed: 'demo' | 'large' | 'none' | undefined;
  fixture: string | undefined;
  token: string | undefined;
  quiet: boolean;
  /** Replace every organisation's API key with a new one, print them, and exit. */
  printKeys: boolean;
  /** Answer like a deployment that bends the documentation (quirks.ts). */
  quirks: Set<Quirk>;
}

export const usage =
  'Usage: npm run portal -- [--port N] [--host H] [--db FILE|:memory:] [--seed demo|large|none] [--fixture FILE] [--token VALUE] [--quirks strings,timestamps,nulls,ratelimit,notfound,clamp|all] [--quiet] [--print-keys]';

export function parseArgs(argv: string[]): PortalArgs {
  const args: PortalArgs = {
    port: 4010,
    host: '127.0.0.1',
    db: '.data/portal.db',
    seed: undefined,
    fixture: undefined,
    token: undefined,
    quiet: false,
    printKeys: false,
    quirks: new Set(),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (name === '--quiet' || name === '--print-keys') {
      if (name === '--quiet') args.quiet = true;
      else args.printKeys = true;
      continue;
    }
    if (!['--port', '--host', '--db', '--seed', '--fixture', '--token', '--quirks'].includes(name)) {
      throw new Error(`Unknown option "${arg}". ${usage}`);
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new Error(`${name} needs a value. ${usage}`);
    switch (name) {
      case '--port': {
        const port = Number(value);
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new Error(`--port must be 0..65535, got "${value}".`);
        args.port = port;
        break;
      }
      case '--host':
        args.host = value;
        break;
      case '--db':
        args.db = value;
        break;
      case '--seed':
        if (value !== 'demo' && value !== 'large' && value !== 'none')
          throw new Error(`--seed must be demo, large or none, got "${value}".`);
        args.seed = value;
        break;
      case '--fixture':
        args.fixture = value;
        break;
      case '--token':
        if (value.trim() === '') throw new Error('--token needs a non-empty value.');
        args.token = value;
        break;
      case '--quirks':
        args.quirks = parseQuirks(value);
        break;
      default:
        throw new Error(`Unknown option "${arg}". ${usage}`);
    }
  }
  return args;
}
