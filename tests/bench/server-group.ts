// The local storefront as the load scripts run it (every load script): `scripts/start.ts` in a
// process group of its own (start.ts, wrangler, workerd), so the whole group can be ended at
// once; PLATFORM-NOTES: ending npx's process alone leaves workerd running.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `health` answers 200, failing when the group exits first or after 3 minutes. */
export async function waitUntilReady(child: ChildProcess, health: () => Promise<number>): Promise<void> {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if ((await health()) === 200) return
    if (child.exitCode !== null) throw new Error('the server exited while starting')
    await sleep(250)
  }
  throw new Error('wrangler dev did not start within 3 minutes')
}

/**
 * Ends the whole group with `signal` and waits until it exited and its port is free (`health`
 * answers 0: no answer).
 */
export async function stopGroup(
  child: ChildProcess | null,
  signal: NodeJS.Signals,
  health: () => Promise<number>,
): Promise<void> {
  if (!child?.pid) return
  const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r))
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
  await Promise.race([exited, sleep(10_000)])
  for (let i = 0; i < 40 && (await health()) !== 0; i++) await sleep(250)
}

/** `scripts/start.ts` in a process group of its own (so `stopGroup` reaches wrangler and workerd), with `args` after it. */
export function startStorefront(args: readonly string[], options: SpawnOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], options)
}
