// CPU time a process has used, from /proc (Linux): independent of how busy the machine is,
// unlike latency, so it shows the server's own cost per request.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime), counted from after the command name.
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}
