import type { Environment } from './types';

/**
 * Spec part 1 §9: the environment is chosen by host name. Loopback and `*.localhost` hosts
 * are development; a `dev`, `qa` or `staging` label (or a `dev-`, `qa-`, `staging-` prefix of
 * the first label) names the others; every other host is production.
 */
export function environmentFromHost(hostname: string): Environment {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  // Loopback: localhost, *.localhost, [::1], 127.x.x.x.
  if (/^((.+\.)?localhost|\[?::1\]?|127(\.\d{1,3}){3})$/.test(host)) return 'dev';
  const labels = host.split('.');
  const first = labels[0] ?? '';
  return (['dev', 'qa', 'staging'] as const).find((name) => labels.includes(name) || first.startsWith(`${name}-`)) ?? 'prod';
}
