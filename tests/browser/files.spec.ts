// The file picker in Chromium, as a merchant uses it (issue 22): upload a PNG, a JPEG and a PDF
// and see them processed; pick the JPEG as a product's main image, publish, and find its srcset
// on the storefront, every width a real resized image, a phone fetching a variant and never the
// original; rename and replace it and see the storefront follow; the delete warning names the
// page that uses it; the checks before sending (a mislabelled `.png`, a file over the limit); a
// cancelled multipart upload; the spec's words when a PUT fails, a job answer is empty and a job
// fails; a failed rename; the link editor's File tab; a product's and a variant's images; a
// file's alt text and focal point; the library read-only to a viewer; axe on the picker and the
// Files screen. Kissa's Kaga Bocha is a product no other browser spec reads.
import { expect, type Page, test } from '@playwright/test'
import { EDITOR_TEXT, FILE_LIMITS, fillText, formatBytes } from '../../shared/index'
import {
  anonymousVisitor,
  editorUrl,
  openChanges,
  openItem,
  saveState,
  sidebar,
  signedIn,
  USERS,
} from './editor-helpers'
import { axeViolations, urlOf } from './helpers'

const KISSA = 'kissa.localhost'
const MANAGER = USERS.kissaManager
const PRODUCT = { collection: '茶葉 Tea', title: '加賀棒茶 Kaga Bocha', path: '/tea/kaga-bocha' }

/** A picture drawn by the browser's canvas: a colour with a darker band, encoded as `type`. */
async function picture(
  page: Page,
  type: string,
  width: number,
  height: number,
  colour: string,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ type, width, height, colour }) => {
      const canvas = new OffscreenCanvas(width, height)
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
      context.fillStyle = colour
      context.fillRect(0, 0, width, height)
      context.fillStyle = 'rgb(0 0 0 / 30%)'
      context.fillRect(0, height / 3, width, height / 3)
      const blob = await canvas.convertToBlob({ type, quality: 0.9 })
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let text = ''
      for (const byte of bytes) text += String.fromCharCode(byte)
      return btoa(text)
    },
    { type, width, height, colour },
  )
  return Buffer.from(base64, 'base64')
}

/** A small valid PDF (one empty page). */
function pdf(pad = 0): Buffer {
  const body =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'
  return Buffer.concat([Buffer.from(body), Buffer.alloc(pad, 0x20)])
}

/** The upload row of a file, by its name. */
function uploadRow(page: Page, name: string) {
  return page.getByRole('listitem', { name, exact: true })
}

async function openFiles(page: Page) {
  await sidebar(page).getByRole('link', { name: EDITOR_TEXT.navFiles }).click()
  await expect(page.getByRole('heading', { level: 1, name: EDITOR_TEXT.filesTitle })).toBeVisible()
}

function fileInput(page: Page) {
  return page.getByLabel(EDITOR_TEXT.fileChooseFromDevice)
}

/** The natural width and the centre pixel of an image at `url`, decoded by the browser. */
async function decoded(page: Page, url: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { cache: 'no-store' })
    const bitmap = await createImageBitmap(await response.blob())
    const canvas = new OffscreenCanvas(1, 1)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    context.drawImage(bitmap, bitmap.width / 2, bitmap.height / 6, 1, 1, 0, 0, 1, 1)
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      width: bitmap.width,
      height: bitmap.height,
      rgb: [r, g, b],
    }
  }, url)
}

test.describe
  .serial('Files', () => {
    const JPEG = 'kaga-bocha-leaves.jpg'
    let imageUrl = ''

    test('Should upload a PNG, a JPEG and a PDF, process them, and list them with their facts', async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openFiles(page)
      const jpeg = await picture(page, 'image/jpeg', 1200, 800, 'rgb(40 140 60)')
      const png = await picture(page, 'image/png', 64, 48, 'rgb(200 60 40)')
      await fileInput(page).setInputFiles([
        { name: JPEG, mimeType: 'image/jpeg', buffer: jpeg },
        { name: 'swatch.png', mimeType: 'image/png', buffer: png },
        { name: 'brewing-guide.pdf', mimeType: 'application/pdf', buffer: pdf() },
      ])
      for (const name of [JPEG, 'swatch.png', 'brewing-guide.pdf'])
        await expect(uploadRow(page, name).getByRole('status')).toHaveText(EDITOR_TEXT.fileStateReady, {
          timeout: 30_000,
        })

      const existing = page.getByRole('list', { name: EDITOR_TEXT.existingFiles })
      await expect(existing.getByText(JPEG, { exact: true })).toBeVisible()
      await expect(existing.getByText('brewing-guide.pdf', { exact: true })).toBeVisible()
      await existing.getByRole('button', { name: `${EDITOR_TEXT.fileDetail}: ${JPEG}` }).click()
      const detail = page.getByRole('region', { name: EDITOR_TEXT.fileDetail })
      await expect(detail.getByText('1200×800')).toBeVisible()
      await expect(detail.getByText('image/jpeg')).toBeVisible()
      imageUrl = new URL(await detail.getByLabel(EDITOR_TEXT.fileUrl).inputValue()).pathname
      expect(imageUrl).toMatch(/^\/s\/[^/]+\/kaga-bocha-leaves\.jpg$/)
      await context.close()
    })

    test('Should pick the JPEG as a product main image, publish it, and serve its srcset widths as resized images', async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openItem(page, PRODUCT.collection, PRODUCT.title)
      const field = page.getByRole('group', { name: EDITOR_TEXT.fieldMainImage, exact: true })
      await field.getByRole('button', { name: EDITOR_TEXT.imageReplace }).click()
      const picker = page.getByRole('dialog', { name: EDITOR_TEXT.filePickerImageTitle })
      await expect(picker.getByRole('tab', { name: EDITOR_TEXT.existingFiles })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      // The picker of an image lists images only.
      await expect(picker.getByText(JPEG, { exact: true })).toBeVisible()
      await expect(picker.getByText('brewing-guide.pdf', { exact: true })).toHaveCount(0)
      await picker.getByRole('button', { name: `${EDITOR_TEXT.fileUse}: ${JPEG}` }).click()
      await expect(picker).toBeHidden()
      await expect(field.locator('img').first()).toHaveAttribute('src', `${imageUrl}?format=300w`)
      await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved)

      await openChanges(page)
      await page.getByRole('button', { name: EDITOR_TEXT.publish, exact: true }).click()
      await expect(page.getByRole('status').filter({ hasText: EDITOR_TEXT.published })).toBeVisible()

      const { context: visitor, page: shopper } = await anonymousVisitor(browser)
      await shopper.goto(urlOf(KISSA, PRODUCT.path))
      const image = shopper.locator('.product-images img').first()
      await expect(image).toHaveAttribute('src', imageUrl)
      const srcset = (await image.getAttribute('srcset')) ?? ''
      const candidates = srcset.split(',').map((part) => part.trim().split(/\s+/) as [string, string])
      const widths = candidates.map(([, w]) => w)
      expect(widths).toEqual(['100w', '300w', '500w', '750w', '1000w', '1200w'])
      for (const [url, w] of candidates) {
        const width = Number(w.slice(0, -1))
        if (width < 1200) expect(url).toBe(`${imageUrl}?format=${width}w`)
        const answer = await decoded(shopper, url)
        expect(answer.status, url).toBe(200)
        expect(answer.type).toBe('image/jpeg')
        expect(answer.width, url).toBe(width)
      }
      await visitor.close()

      // A phone (390 CSS pixels, 2x) takes a variant, never the 1200w original.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
      const phonePage = await phone.newPage()
      const fetched: string[] = []
      phonePage.on('request', (request) => {
        if (request.url().includes('/s/'))
          fetched.push(new URL(request.url()).pathname + new URL(request.url()).search)
      })
      await phonePage.goto(urlOf(KISSA, PRODUCT.path))
      const phoneImage = phonePage.locator('.product-images img').first()
      await expect
        .poll(() => phoneImage.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toContain('?format=')
      expect(fetched.length).toBeGreaterThan(0)
      expect(fetched).not.toContain(imageUrl)
      await phone.close()
      await context.close()
    })

    test('Should rename and replace the image and have the storefront follow at the same URL', async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openFiles(page)
      await page.getByRole('button', { name: `${EDITOR_TEXT.fileDetail}: ${JPEG}` }).click()
      const detail = page.getByRole('region', { name: EDITOR_TEXT.fileDetail })
      const name = detail.getByLabel(EDITOR_TEXT.fileName, { exact: true })
      await name.fill('')
      await detail.getByRole('button', { name: EDITOR_TEXT.fileRename }).click()
      await expect(detail.getByRole('alert')).toHaveText(EDITOR_TEXT.enterFileName)
      await name.fill('roasted-stems.jpg')
      // A rename the server fails.
      await page.route('**/config/api/files/*', (route) =>
        route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
      )
      await detail.getByRole('button', { name: EDITOR_TEXT.fileRename }).click()
      await expect(detail.getByRole('alert')).toHaveText(EDITOR_TEXT.renameProblem)
      await page.unroute('**/config/api/files/*')
      await detail.getByRole('button', { name: EDITOR_TEXT.fileRename }).click()
      await expect(detail.getByText(EDITOR_TEXT.fileRenamed)).toBeVisible()
      const renamed = new URL(await detail.getByLabel(EDITOR_TEXT.fileUrl).inputValue()).pathname
      expect(renamed).toBe(imageUrl.replace(/[^/]+$/, 'roasted-stems.jpg'))
      // The old URL (what the published record holds) keeps working.
      expect((await decoded(page, imageUrl)).status).toBe(200)

      // Replace: a brown 1000×700 picture for the same id and URL.
      const brown = await picture(page, 'image/jpeg', 1000, 700, 'rgb(150 90 40)')
      await detail.getByLabel(EDITOR_TEXT.fileChooseFromDevice).setInputFiles({
        name: 'roasted-stems.jpg',
        mimeType: 'image/jpeg',
        buffer: brown,
      })
      await expect(page.getByText('1000×700')).toBeVisible({ timeout: 30_000 })
      const { context: visitor, page: shopper } = await anonymousVisitor(browser)
      await shopper.goto(urlOf(KISSA, PRODUCT.path))
      await expect(shopper.locator('.product-images img').first()).toHaveAttribute('src', imageUrl)
      const served = await decoded(shopper, imageUrl)
      expect(served.width).toBe(1000)
      const [r, g, b] = served.rgb as [number, number, number]
      expect(r).toBeGreaterThan(g)
      expect(r).toBeGreaterThan(b)
      await visitor.close()
      await context.close()
    })

    test('Should warn before deleting a file that a page uses, naming the page, and delete an unused one', async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openFiles(page)
      await page.getByRole('button', { name: `${EDITOR_TEXT.fileDetail}: roasted-stems.jpg` }).click()
      const detail = page.getByRole('region', { name: EDITOR_TEXT.fileDetail })
      await expect(detail.getByRole('link', { name: PRODUCT.title })).toBeVisible()
      await detail.getByRole('button', { name: EDITOR_TEXT.fileDelete, exact: true }).click()
      const confirm = page.getByRole('dialog', {
        name: fillText(EDITOR_TEXT.confirmDeleteFile, { filename: 'roasted-stems.jpg' }),
      })
      await expect(confirm).toContainText(EDITOR_TEXT.confirmDeleteFileBody)
      await expect(confirm.getByRole('link', { name: PRODUCT.title })).toBeVisible()
      await confirm.getByRole('button', { name: EDITOR_TEXT.cancel }).click()
      await expect(confirm).toBeHidden()
      await expect(detail.getByRole('button', { name: EDITOR_TEXT.fileDelete, exact: true })).toBeFocused()

      await detail.getByRole('button', { name: EDITOR_TEXT.fileBack }).click()
      await page.getByRole('button', { name: `${EDITOR_TEXT.fileDetail}: brewing-guide.pdf` }).click()
      await expect(detail.getByText(EDITOR_TEXT.fileUsedByNone)).toBeVisible()
      await detail.getByRole('button', { name: EDITOR_TEXT.fileDelete, exact: true }).click()
      const confirmPdf = page.getByRole('dialog', {
        name: fillText(EDITOR_TEXT.confirmDeleteFile, { filename: 'brewing-guide.pdf' }),
      })
      await confirmPdf.getByRole('button', { name: EDITOR_TEXT.fileDelete }).click()
      await expect(page.getByRole('list', { name: EDITOR_TEXT.existingFiles })).toBeVisible()
      await expect(page.getByText('brewing-guide.pdf', { exact: true })).toHaveCount(0)
      await context.close()
    })

    test('Should refuse a mislabelled .png and a file over the limit before sending a byte', async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openItem(page, PRODUCT.collection, PRODUCT.title)
      await page
        .getByRole('group', { name: EDITOR_TEXT.fieldMainImage, exact: true })
        .getByRole('button', { name: EDITOR_TEXT.imageReplace })
        .click()
      const picker = page.getByRole('dialog', { name: EDITOR_TEXT.filePickerImageTitle })
      await picker.getByRole('tab', { name: EDITOR_TEXT.existingFiles }).press('ArrowRight')
      await expect(picker.getByRole('tab', { name: EDITOR_TEXT.uploadFile })).toBeFocused()
      await expect(picker.getByRole('tab', { name: EDITOR_TEXT.uploadFile })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      const sent: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/config/api/files') && request.method() !== 'GET')
          sent.push(request.url())
      })

      await picker.getByLabel(EDITOR_TEXT.fileChooseFromDevice).setInputFiles({
        name: 'label.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<script>alert("not a picture")</script>'),
      })
      await expect(uploadRow(page, 'label.png').getByRole('alert')).toHaveText(
        fillText(EDITOR_TEXT.unsupportedFile, { fileName: 'label.png', fileTypeMessage: 'image ' }),
      )

      // Over the limit: a file of 25 MB and one byte, dropped on the drop zone.
      await picker.getByRole('region', { name: EDITOR_TEXT.uploadFile }).evaluate((zone, size) => {
        const transfer = new DataTransfer()
        transfer.items.add(new File([new Uint8Array(size)], 'catalogue-scan.png', { type: 'image/png' }))
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }))
      }, FILE_LIMITS.maxBytes + 1)
      await expect(uploadRow(page, 'catalogue-scan.png').getByRole('alert')).toHaveText(
        fillText(EDITOR_TEXT.fileTooLarge, {
          fileName: 'catalogue-scan.png',
          maxSize: formatBytes(FILE_LIMITS.maxBytes),
        }),
      )
      expect(sent).toEqual([])
      await context.close()
    })

    test('Should cancel a multipart upload part-way, leaving no file behind', async ({ browser }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openFiles(page)
      // The second part is held until the upload is cancelled: the first is in, the bar shows it.
      await page.route('**/uploads/*/parts/2', () => {})
      const cancelled = page.waitForRequest(
        (request) => request.method() === 'DELETE' && /\/uploads\/[^/]+$/.test(request.url()),
      )
      await fileInput(page).setInputFiles({
        name: 'wholesale-catalogue.pdf',
        mimeType: 'application/pdf',
        buffer: pdf(FILE_LIMITS.multipartThreshold + 1024),
      })
      const row = uploadRow(page, 'wholesale-catalogue.pdf')
      const bar = row.getByRole('progressbar')
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
      await row.getByRole('button', { name: EDITOR_TEXT.cancel }).click()
      await expect(row.getByText(EDITOR_TEXT.fileProcessingCancelled)).toBeVisible()
      await cancelled
      await page.unroute('**/uploads/*/parts/2')
      await page.reload()
      await expect(page.getByRole('list', { name: EDITOR_TEXT.existingFiles })).toBeVisible()
      await expect(page.getByText('wholesale-catalogue.pdf', { exact: true })).toHaveCount(0)
      await context.close()
    })

    test("Should say 'Error uploading' when a PUT fails, 'No response data from job request' for an empty job answer, and 'File processing failed' when the job refuses the file", async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openFiles(page)
      const png = await picture(page, 'image/png', 40, 30, 'rgb(20 20 200)')

      await page.route('**/uploads/*', (route) =>
        route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
      )
      await fileInput(page).setInputFiles({ name: 'put-fails.png', mimeType: 'image/png', buffer: png })
      const failed = uploadRow(page, 'put-fails.png').getByRole('alert')
      await expect(failed).toContainText(EDITOR_TEXT.errorUploading)
      await expect(failed).toContainText(EDITOR_TEXT.uploadProblem)
      await page.unroute('**/uploads/*')

      // `complete` answers `processing`; the job's answer then comes back empty.
      await page.route('**/job', (route) => route.fulfill({ status: 200, body: '' }))
      await fileInput(page).setInputFiles({ name: 'job-silent.png', mimeType: 'image/png', buffer: png })
      await expect(uploadRow(page, 'job-silent.png').getByRole('alert')).toHaveText(EDITOR_TEXT.noJobResponse)
      await page.unroute('**/job')

      // The browser claims a width the file's header does not have: the job refuses it.
      await page.route('**/complete', (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
        return route.continue({ postData: JSON.stringify({ ...body, width: 41 }) })
      })
      await fileInput(page).setInputFiles({ name: 'claims-wrong.png', mimeType: 'image/png', buffer: png })
      await expect(uploadRow(page, 'claims-wrong.png').getByRole('alert')).toHaveText(
        EDITOR_TEXT.fileProcessingFailed,
        {
          timeout: 30_000,
        },
      )
      await context.close()
    })

    test("Should link to a file from the link editor's File tab", async ({ browser }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openItem(page, PRODUCT.collection, PRODUCT.title)
      const body = page.getByRole('textbox', { name: EDITOR_TEXT.fieldBody })
      await body.click()
      await page.keyboard.press('ControlOrMeta+End')
      await page.keyboard.press('ControlOrMeta+k')
      const dialog = page.getByRole('dialog', { name: EDITOR_TEXT.linkEditorTitle })
      await dialog.getByRole('tab', { name: EDITOR_TEXT.linkTabFile }).click()
      await dialog.getByLabel(EDITOR_TEXT.linkName).fill('Colour swatch')
      await dialog.getByRole('button', { name: EDITOR_TEXT.linkInsert }).click()
      await expect(dialog.getByRole('alert')).toHaveText(EDITOR_TEXT.fileLinkNone)
      await dialog.getByRole('button', { name: EDITOR_TEXT.fileLinkChoose }).click()
      // Any file: the picker of a link lists documents too.
      const picker = page.getByRole('dialog', { name: EDITOR_TEXT.filePickerTitle })
      await picker.getByRole('button', { name: `${EDITOR_TEXT.fileUse}: swatch.png` }).click()
      await expect(picker).toBeHidden()
      await expect(
        dialog.getByText(fillText(EDITOR_TEXT.fileLinkChosen, { name: 'swatch.png' })),
      ).toBeVisible()
      await dialog.getByRole('button', { name: EDITOR_TEXT.linkInsert }).click()
      await expect(dialog).toBeHidden()
      await expect(body.getByRole('link', { name: 'Colour swatch' })).toHaveAttribute(
        'href',
        /^\/s\/[^/]+\/swatch\.png$/,
      )
      await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved)
      await context.close()
    })

    test("Should choose a product's gallery images and a variant's image with the picker, and move an image's focal point with the keyboard", async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openItem(page, PRODUCT.collection, PRODUCT.title)
      const images = page.getByRole('group', { name: EDITOR_TEXT.productImages, exact: true })
      await images.getByRole('button', { name: EDITOR_TEXT.imageAdd }).click()
      const picker = page.getByRole('dialog', { name: EDITOR_TEXT.filePickerImageTitle })
      await picker.getByRole('button', { name: `${EDITOR_TEXT.fileUse}: swatch.png` }).click()
      await expect(picker).toBeHidden()
      const first = images.getByRole('group', { name: fillText(EDITOR_TEXT.imageN, { n: 1 }), exact: true })
      await expect(first.locator('img').first()).toHaveAttribute('src', /\/swatch\.png\?format=300w$/)

      const variant = page.getByRole('group', {
        name: fillText(EDITOR_TEXT.variantImage, { n: 1 }),
        exact: true,
      })
      await variant.getByRole('button', { name: EDITOR_TEXT.imageChoose }).click()
      await picker.getByRole('button', { name: `${EDITOR_TEXT.fileUse}: swatch.png` }).click()
      await expect(picker).toBeHidden()
      await variant.getByLabel(EDITOR_TEXT.fieldAltText).fill('Roasted stems, close up')
      const marker = variant.getByRole('button', { name: /^Focal point:/ })
      await expect(marker).toHaveAccessibleName(fillText(EDITOR_TEXT.fileFocalValue, { x: 50, y: 50 }))
      await marker.press('Shift+ArrowRight')
      await marker.press('ArrowUp')
      await expect(marker).toHaveAccessibleName(fillText(EDITOR_TEXT.fileFocalValue, { x: 60, y: 49 }))
      await expect(saveState(page)).toHaveText(EDITOR_TEXT.saved)
      await page.reload()
      const saved = page.getByRole('group', {
        name: fillText(EDITOR_TEXT.variantImage, { n: 1 }),
        exact: true,
      })
      await expect(saved.getByLabel(EDITOR_TEXT.fieldAltText)).toHaveValue('Roasted stems, close up')
      await expect(saved.getByRole('button', { name: /^Focal point:/ })).toHaveAccessibleName(
        fillText(EDITOR_TEXT.fileFocalValue, { x: 60, y: 49 }),
      )
      await context.close()
    })

    test("Should save a file's alt text and focal point, and show the library read-only to a viewer", async ({
      browser,
    }) => {
      const manager = await signedIn(browser, KISSA, MANAGER)
      await openFiles(manager.page)
      await manager.page.getByRole('button', { name: `${EDITOR_TEXT.fileDetail}: swatch.png` }).click()
      const detail = manager.page.getByRole('region', { name: EDITOR_TEXT.fileDetail })
      await detail.getByLabel(EDITOR_TEXT.fieldAltText).fill('A red swatch')
      const marker = detail.getByRole('button', { name: /^Focal point:/ })
      await marker.press('Shift+ArrowLeft')
      await expect(marker).toHaveAccessibleName(fillText(EDITOR_TEXT.fileFocalValue, { x: 40, y: 50 }))
      await detail.getByRole('button', { name: EDITOR_TEXT.fileSaveDetails }).click()
      await expect(detail.getByText(EDITOR_TEXT.fileDetailsSaved)).toBeVisible()
      await manager.context.close()

      const { context, page } = await signedIn(browser, KISSA, USERS.kissaViewer)
      await openFiles(page)
      await expect(page.getByText(EDITOR_TEXT.fileReadOnly)).toBeVisible()
      await expect(page.getByLabel(EDITOR_TEXT.fileChooseFromDevice)).toHaveCount(0)
      await page.getByRole('button', { name: `${EDITOR_TEXT.fileDetail}: swatch.png` }).click()
      const readOnly = page.getByRole('region', { name: EDITOR_TEXT.fileDetail })
      await expect(readOnly.getByRole('img', { name: 'A red swatch' })).toBeVisible()
      await expect(readOnly.getByText('64×48')).toBeVisible()
      await expect(readOnly.getByRole('button', { name: EDITOR_TEXT.fileRename })).toHaveCount(0)
      await expect(readOnly.getByRole('button', { name: EDITOR_TEXT.fileDelete, exact: true })).toHaveCount(0)
      await context.close()
    })

    test('Should pass axe on the file picker and the Files screen', async ({ browser }) => {
      const { context, page } = await signedIn(browser, KISSA, MANAGER)
      await openFiles(page)
      expect(await axeViolations(page, 'body')).toEqual([])
      await page.getByRole('button', { name: `${EDITOR_TEXT.fileDetail}: roasted-stems.jpg` }).click()
      await expect(page.getByRole('region', { name: EDITOR_TEXT.fileDetail })).toBeVisible()
      expect(await axeViolations(page, 'body')).toEqual([])

      await page.goto(editorUrl(KISSA, '/'))
      await openItem(page, PRODUCT.collection, PRODUCT.title)
      const opener = page
        .getByRole('group', { name: EDITOR_TEXT.fieldMainImage, exact: true })
        .getByRole('button', { name: EDITOR_TEXT.imageReplace })
      await opener.click()
      const picker = page.getByRole('dialog', { name: EDITOR_TEXT.filePickerImageTitle })
      await expect(picker.getByText('roasted-stems.jpg', { exact: true })).toBeVisible()
      expect(await axeViolations(page, 'dialog[open]')).toEqual([])
      await picker.getByRole('tab', { name: EDITOR_TEXT.uploadFile }).click()
      expect(await axeViolations(page, 'dialog[open]')).toEqual([])
      // The file input is the next stop from the tab: the keyboard reaches "choose files".
      await page.keyboard.press('Tab')
      await expect(picker.getByLabel(EDITOR_TEXT.fileChooseFromDevice)).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(picker).toBeHidden()
      await expect(opener).toBeFocused()
      await context.close()
    })
  })
