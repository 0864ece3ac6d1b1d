// Listening on a configured port. A port that cannot be had (taken by another program, or below 1024
// without the privilege) is the configuration's fault, not the program's: it is refused like any bad
// setting (ConfigError, exit 78), naming the port and the variable that chose it, without a stack.
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../config.ts';

export interface PortSetting {
  port: number;
  host: string;
  /** The variable that chose the port: `PORT`, `AUTH_PORT`. */
  variable: string;
  /** Whose port it is, and how it defaults when it does: "the API's port", "the login server's port; PORT + 1 unless AUTH_PORT is set". */
  what: string;
}

/** The system error's code (EADDRINUSE, EACCES, EADDRNOTAVAIL) when listening failed for want of the address. */
function listenFailure(e: unknown): string | undefined {
  const code: unknown = e instanceof Error ? Reflect.get(e, 'code') : undefined;
  const syscall: unknown = e instanceof Error ? Reflect.get(e, 'syscall') : undefined;
  return syscall === 'listen' || syscall === 'bind' ? (typeof code === 'string' ? code : undefined) : undefined;
}

export async function listenOn(app: FastifyInstance, setting: PortSetting): Promise<void> {
  const { port, host, variable, what } = setting;
  try {
    await app.listen({ port, host });
  } catch (e) {
    const code = listenFailure(e);
    const fix = `Stop the program that holds it, or set ${variable} to a free port (0 picks one).`;
    if (code === 'EADDRINUSE') throw new ConfigError(`Port ${port} on ${host} (${variable}=${port}, ${what}) is already in use. ${fix}`);
    if (code === 'EACCES') throw new ConfigError(`Port ${port} (${variable}=${port}, ${what}) may not be listened on by this process: ports below 1024 need privileges. Set ${variable} to a port from 1024.`);
    if (code === 'EADDRNOTAVAIL') throw new ConfigError(`HOST=${host}: not an address of this machine, so ${what} cannot be listened on there.`);
    throw e;
  }
}
