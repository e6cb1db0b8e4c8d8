// `npm run bench [-- name [options]]`: runs every benchmark script under tests/bench/ (or those
// whose file name contains `name`) one after another. Each prints its figures beside its
// baseline. Anything after the name is passed to each script run (`npm run bench -- forms-load
// --port 8797`).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './wrangler.ts'

const filter = process.argv[2] ?? ''
const options = process.argv.slice(3)
const dir = join(ROOT, 'tests', 'bench')
const scripts = readdirSync(dir).filter((name) => /\.bench\.(ts|mjs)$/.test(name) && name.includes(filter))
let failed = 0
for (const name of scripts.sort()) {
  console.log(`\n# ${name}`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, name), ...options], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (result.status !== 0) failed++
}
process.exit(failed > 0 ? 1 : 0)
