// nginx for the proxy test: deploy/nginx.conf.template with its ${UPPER_CASE} placeholders filled in,
// written to a temp prefix folder, run in the foreground (`daemon off`) on a free loopback port; stopped by
// stopAll() like every process of processes.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, start, waitReady } from './processes.ts';

const TEMPLATE = path.resolve(import.meta.dirname, '../../../deploy/nginx.conf.template');

/** `template` with every ${NAME} of `values` replaced (nginx's own $variables are lower case and stay). */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for ${whole} in the nginx template.`);
    return value;
  });
}

export interface NginxProcess {
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly dir: string;
}

/** nginx on a free loopback port proxying to the three `processes` (host:port each). */
export async function startNginx(
  port: number,
  processes: readonly [string, string, string],
  binary = process.env.NGINX ?? '/usr/sbin/nginx',
): Promise<NginxProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mesh-kitchen-nginx-'));
  fs.chmodSync(dir, 0o755); // as root the workers run as nobody and keep their temp files here
  const conf = renderTemplate(fs.readFileSync(TEMPLATE, 'utf8'), {
    LISTEN: `127.0.0.1:${port}`,
    PROCESS_1: processes[0],
    PROCESS_2: processes[1],
    PROCESS_3: processes[2],
  });
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const { child, output } = start(
    binary,
    [
      '-p',
      dir,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-e',
      'stderr',
      '-g',
      `daemon off; pid ${dir}/nginx.pid;`,
    ],
    process.env,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`nginx :${port}`, child, output, () =>
    fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    ),
  );
  return { port, url, dir };
}

export { freePort };
