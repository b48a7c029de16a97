// A process's CPU, memory and write system calls as Linux reports them, for the classroom benches.
import fs from 'node:fs';

export interface ProcStat {
  /** user + system CPU seconds: /proc/<pid>/stat fields 14 and 15, clock ticks of 1/100 s. */
  readonly cpuS: number;
  /** The system (kernel) part: socket writes and reads, the database's file writes. */
  readonly kernelS: number;
  /** Resident memory, MB (/proc/<pid>/status VmRSS). */
  readonly rssMb: number;
  /** Write-family system calls so far (/proc/<pid>/io syscw: write, writev, pwrite…). */
  readonly writeCalls: number;
}

export function procStat(pid: number): ProcStat {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const io = fs.readFileSync(`/proc/${pid}/io`, 'utf8');
  return {
    cpuS: (Number(f[11]) + Number(f[12])) / 100,
    kernelS: Number(f[12]) / 100,
    rssMb: Math.round(rssKb / 1024),
    writeCalls: Number(/syscw:\s+(\d+)/.exec(io)?.[1] ?? NaN),
  };
}
