// Running the project's own wrangler from scripts, quietly and offline.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
const WRANGLER = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url))

/** wrangler's environment: no metrics, no banner, no request to Cloudflare for `cf` data. */
export const WRANGLER_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
}

/** Runs a wrangler command to completion; throws with its output when it fails. */
export function runWrangler(args: string[]): string {
  const result = spawnSync(process.execPath, [WRANGLER, ...args], {
    cwd: ROOT,
    env: WRANGLER_ENV,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (result.status !== 0) {
    throw new Error(
      `wrangler ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    )
  }
  return result.stdout
}

/**
 * Starts a long-running wrangler command in the caller's process group: whoever ends that
 * group (Ctrl-C in a terminal, Playwright stopping its web server, the benchmark) ends wrangler
 * and the workerd it started too, leaving nothing behind on the port.
 */
export function startWrangler(args: string[]): ChildProcess {
  return spawn(process.execPath, [WRANGLER, ...args], { cwd: ROOT, env: WRANGLER_ENV, stdio: 'inherit' })
}
