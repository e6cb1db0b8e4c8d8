// Copies the font catalogue's files (shared/fonts.ts) from the Fontsource npm packages into
// public/fonts/<slug>/<weight>-<style>.woff2 (served as static assets: `npm start`, the tests and
// `wrangler deploy` all read public/), only the latin subset at the weights a page uses, and
// writes public/fonts/catalogue.json, which the site editor's font picker loads. Refuses a
// package whose licence is not the catalogue's (OFL-1.1). docs/fonts.md says how to add a family.
//
//   npx tsx scripts/build-fonts.ts
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { FONT_LICENCE, fontCatalogue } from '../shared/fonts.ts'
import { ROOT } from './wrangler.ts'

const OUT_DIR = join(ROOT, 'public', 'fonts')

/** The catalogue's files in public/fonts/ and its JSON; returns the number of files and their bytes. */
export function buildFonts(): { families: number; files: number; bytes: number } {
  const catalogue = fontCatalogue()
  rmSync(OUT_DIR, { recursive: true, force: true })
  let files = 0
  let bytes = 0
  for (const font of catalogue) {
    const pkg = join(ROOT, 'node_modules', '@fontsource', font.slug)
    const manifest = join(pkg, 'package.json')
    if (!existsSync(manifest))
      throw new Error(
        `@fontsource/${font.slug} is not installed: npm install --save-exact @fontsource/${font.slug}@<version>`,
      )
    const { license } = JSON.parse(readFileSync(manifest, 'utf8')) as { license?: string }
    if (license !== FONT_LICENCE)
      throw new Error(
        `@fontsource/${font.slug} is licensed ${license}, not ${FONT_LICENCE}: not for the catalogue`,
      )
    for (const file of font.files) {
      const from = join(pkg, 'files', `${font.slug}-latin-${file.weight}-${file.style}.woff2`)
      if (!existsSync(from))
        throw new Error(`${from} is missing: check the family's weights in shared/fonts.ts`)
      const to = join(ROOT, 'public', file.url)
      mkdirSync(dirname(to), { recursive: true })
      copyFileSync(from, to)
      files++
      bytes += statSync(to).size
    }
  }
  writeFileSync(join(OUT_DIR, 'catalogue.json'), `${JSON.stringify({ fonts: catalogue })}\n`)
  return { families: catalogue.length, files, bytes }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { families, files, bytes } = buildFonts()
  console.log(
    `fonts: ${families} families, ${files} files, ${(bytes / 1024).toFixed(0)} KiB in public/fonts/`,
  )
}
