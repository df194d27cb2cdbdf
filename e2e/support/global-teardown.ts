// After the whole run: the dashboard built for it goes (one folder per run would pile up in the
// temp folder otherwise). The server has finished its last answer by then.
import { rmSync } from 'node:fs';
import { buildDir } from './constants.ts';

export default function globalTeardown(): void {
  rmSync(buildDir(process.env.E2E_PORT), { recursive: true, force: true });
}
