// `npm start`: build the island bundle and the site editor's app, seed local state, then serve the
// storefront's page Worker, its API Worker (on `/api` and `/_operator`, reached over the page
// Worker's `API` service binding; it consumes the queues) and the site editor's Worker (on
// `/config`, over the `EDITOR` binding) with one `wrangler dev` on http://127.0.0.1:8787 (demo tenants at
// http://aurora.localhost:8787 and so on; the editor at http://aurora.localhost:8787/config/).
//
//   npx tsx scripts/start.ts [--port 8787] [--persist-to DIR [--fresh | --keep-state]] [--extra DIR ...]
//                          [--log-level warn] [--test-scheduled]
//
// --keep-state serves the local state as the last run left it: no seeding, so what the site
// editor published and what the storefront stored (carts, orders, the copies of reviews and likes
// that product pages read, item-extras.ts) survives a restart; D1's new migrations are applied.
// Seeding, the default, puts every fixture back and makes the demo reviews exactly the fixtures'
// (deleting the copies built from other rows). The page benchmark's restart uses it: a new
// isolate over storage in place, as a production isolate starts.
//
// --test-scheduled passes wrangler dev's flag of that name: `GET /__scheduled?cron=...` then runs
// the `scheduled` export of the Worker that answers the port (the crash benchmark triggers the
// reconciliation sweep so): with it, the API Worker answers the port (its app serves pages too)
// and the page Worker runs beside it.
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { buildEditor } from './build-editor.ts'
import { buildFonts } from './build-fonts.ts'
import { buildIslands } from './build-islands.ts'
import { buildTemplates } from './build-templates.ts'
import { applyMigrations, seedLocalState } from './seed.ts'
import { ROOT, startWrangler } from './wrangler.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    'persist-to': { type: 'string' },
    extra: { type: 'string', multiple: true },
    // Start from empty local state (the browser tests do): KV, D1 and Durable Objects.
    fresh: { type: 'boolean', default: false },
    // Serve the local state as it is: no seeding (D1's new migrations are applied).
    'keep-state': { type: 'boolean', default: false },
    // wrangler's log level; benchmarks pass `warn` so no request is logged.
    'log-level': { type: 'string' },
    // wrangler dev's `--test-scheduled`: `GET /__scheduled?cron=...` runs the `scheduled` export.
    'test-scheduled': { type: 'boolean', default: false },
  },
})

if (values.fresh && values['keep-state']) throw new Error('--fresh and --keep-state contradict each other')
if (values.fresh) {
  if (!values['persist-to'])
    throw new Error('--fresh needs --persist-to: it will not wipe the default dev state')
  rmSync(resolve(ROOT, values['persist-to']), { recursive: true, force: true })
}

const builtIns = buildTemplates()
console.log(`built-in templates compiled: ${builtIns.templates} templates, ${builtIns.partials} partials`)
const fonts = buildFonts()
console.log(`fonts copied: ${fonts.families} families, ${fonts.files} files`)
const islands = await buildIslands()
console.log(`islands built: ${islands.runtime}`)
const editor = await buildEditor()
console.log(`editor built: ${editor.script}`)
if (values['keep-state']) {
  applyMigrations(values['persist-to'])
  console.log('local state kept as it is (not seeded), D1 migrations applied')
} else {
  const seeded = await seedLocalState({ persistTo: values['persist-to'], extra: values.extra })
  console.log(`seeded ${seeded.keys} KV keys, D1 migrations applied, demo rows: ${seeded.d1}`)
}

const persist = values['persist-to'] ? ['--persist-to', values['persist-to']] : []
// The first config answers on the port: the page Worker, or the API Worker (whose cron the
// `--test-scheduled` route runs); the others run beside it.
const workers = ['wrangler.toml', 'worker/api-worker/wrangler.toml']
if (values['test-scheduled']) workers.reverse()
const dev = startWrangler([
  'dev',
  ...workers.flatMap((config) => ['--config', config]),
  '--config',
  'worker/editor/wrangler.toml',
  '--ip',
  '127.0.0.1',
  '--port',
  values.port,
  '--show-interactive-dev-session=false',
  ...persist,
  ...(values['log-level'] ? ['--log-level', values['log-level']] : []),
  ...(values['test-scheduled'] ? ['--test-scheduled'] : []),
])
console.log(
  `storefront: http://127.0.0.1:${values.port} (demo tenants: http://aurora.localhost:${values.port}, http://kissa.localhost:${values.port}, http://journal.localhost:${values.port})`,
)

// A signal to this process alone (not its group) is passed on; wrangler then stops workerd.
function stop(signal: NodeJS.Signals): void {
  if (dev.exitCode === null) dev.kill(signal)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal))
process.on('exit', () => stop('SIGTERM'))
dev.on('exit', (code) => process.exit(code ?? 0))
