// autocannon, resolved from packages/host-express (bench/host.mjs, bench/faults.mjs).
import { requireFromHost } from './paths.mjs';

const autocannon = requireFromHost('autocannon');
export const AUTOCANNON_VERSION = requireFromHost('autocannon/package.json').version;

/** One autocannon run; resolves with its result. `onResponse` gets each response (client, status, bytes, ms). */
export function cannon(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}
