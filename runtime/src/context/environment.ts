import type { Environment } from './types';

/**
 * Spec part 1 §9: the environment is chosen by host name. Loopback and `*.localhost` hosts
 * are development; a `dev`, `qa` or `staging` label (or a `dev-`, `qa-`, `staging-` prefix of
 * the first label) names the others; every other host is production.
 */
export function environmentFromHost(hostname: string): Environment {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1') return 'dev';
  if (/^127(\.\d{1,3}){3}$/.test(host)) return 'dev';
  const labels = host.split('.');
  const first = labels[0] ?? '';
  const has = (name: string) => labels.includes(name) || first.startsWith(`${name}-`);
  if (has('dev')) return 'dev';
  if (has('qa')) return 'qa';
  if (has('staging')) return 'staging';
  return 'prod';
}
