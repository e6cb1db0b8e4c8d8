import { deflateSync } from 'node:zlib'
import { chromium } from 'playwright-core'

const PORT = 8850
function crc32(buf) {
  let c,
    crc = 0xffffffff
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    crc = (crc >>> 8) ^ c
  }
  return (crc ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}
function png(w, h) {
  const raw = Buffer.alloc((w * 3 + 1) * h)
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3
      raw[o] = 40 + (x * 180) / w
      raw[o + 1] = 90 + (y * 120) / h
      raw[o + 2] = 140
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport })
  await page.goto(`http://aurora.localhost:${PORT}/config/`)
  await page.getByLabel('Email', { exact: true }).fill('admin@aurora.example')
  await page.getByLabel('Password', { exact: true }).fill('aurora-admin-2026')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
  await page.goto(`http://aurora.localhost:${PORT}/config/files`)
  await page.waitForTimeout(1500)
  if (label === 'desktop') {
    const input = page.locator('input[type=file]').first()
    await input.setInputFiles({ name: 'trail-map.png', mimeType: 'image/png', buffer: png(1600, 1000) })
    await page.waitForTimeout(6000)
  }
  await page.screenshot({ path: `/tmp/shots/files-${label}.png`, fullPage: true })
  await page.goto(`http://aurora.localhost:${PORT}/config/design`)
  await page.waitForTimeout(2500)
  await page.screenshot({ path: `/tmp/shots/design-${label}.png`, fullPage: true })
  await page.goto(`http://aurora.localhost:${PORT}/config/settings`)
  await page.waitForTimeout(2000)
  await page.screenshot({ path: `/tmp/shots/settings-${label}.png`, fullPage: false })
  await page.close()
}
await browser.close()
