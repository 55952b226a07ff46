/**
 * systemd's socket activation (sd_listen_fds(3)): with a `.socket` unit, systemd holds the
 * listening socket and passes it to the server as file descriptor 3, saying so in LISTEN_FDS
 * and LISTEN_PID. The socket outlives the process, so while the server restarts (an upgrade, a
 * crash) the kernel queues new connections instead of refusing them, and the next process
 * answers them. docs/deployment.md has the units.
 */
import { ConfigError } from './config';

/** The first descriptor systemd passes (SD_LISTEN_FDS_START). */
export const FIRST_PASSED_FD = 3;

export interface PassedSocket {
  /** The descriptor the server listens on. */
  fd: number;
  /** How many systemd passed: the server takes the first. */
  count: number;
}

/**
 * The socket systemd passed to this process, or null. LISTEN_PID names the process the
 * sockets are for: one a parent passed on without meaning to is not taken.
 */
export function passedSocket(env: NodeJS.ProcessEnv, pid: number = process.pid): PassedSocket | null {
  const fds = env.LISTEN_FDS;
  if (fds === undefined || fds === '') return null;
  if (env.LISTEN_PID !== undefined && env.LISTEN_PID !== '' && Number(env.LISTEN_PID) !== pid) return null;
  const count = Number(fds);
  if (!/^\d+$/.test(fds) || count < 1) throw new ConfigError([`LISTEN_FDS must be a whole number of at least 1 (systemd sets it for a .socket unit), not "${fds}"`]);
  return { fd: FIRST_PASSED_FD, count };
}
