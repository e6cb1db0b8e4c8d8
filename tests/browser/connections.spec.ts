// Connections (issue 23) as a merchant and Zapier use them: the mailing-list connector's steps
// (a local list created on the way, 'A List must be selected', Connect) and a newsletter sign-up
// landing in the list once confirmed; an API key shown once, a hook subscribed over HTTP as
// Zapier would, the count going from 'Awaiting Connection' to '1 connected Zap', and a form
// submission delivered to a receiver this test runs. CAMPAIGNS_EDITOR sees the mailing lists
// alone. Axe-clean at 390 px and on a desktop. Everything is undone at the end: later specs see
// the site as it was.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import { CONNECTIONS_TEXT } from '../../shared/editing-areas'
import { queryLocalD1 } from '../local-d1'
import { editorUrl, JOURNAL, signedIn, USERS } from './editor-helpers'
import { axeViolations, PORT, rawHttp, urlOf, watchConsole } from './helpers'

test.describe.configure({ mode: 'serial' })

const STATE = `.wrangler/test-state-${PORT}`
const LIST = `Field notes ${Date.now().toString(36)}`

/** A receiver standing in for Zapier's hook URL: records every JSON POST. */
async function startReceiver(): Promise<{
  server: Server
  url: string
  received: Record<string, unknown>[]
}> {
  const received: Record<string, unknown>[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8')
    })
    req.on('end', () => {
      try {
        received.push(JSON.parse(body))
      } catch {
        received.push({ unparsable: body })
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}/hook`, received }
}

function zapier(path: string, key: string, init: { method?: string; body?: unknown } = {}) {
  return rawHttp(JOURNAL, `/config/zapier/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'X-API-Key': key,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

/** What in the screen's main area reaches past the window's right edge (nothing should). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .filter((element) => element.closest('.table-wrap') === null)
      .map((element) => `${element.tagName}.${element.className}`),
  )
}

async function openConnections(page: Page) {
  await page.goto(editorUrl(JOURNAL, '/connections'))
  await expect(page.getByRole('heading', { level: 1, name: CONNECTIONS_TEXT.connectionsTitle })).toBeVisible()
}

/** A newsletter sign-up from Field Journal's home page, by an anonymous reader. */
async function signUpForLetter(page: Page, email: string) {
  await page.goto(urlOf(JOURNAL, '/'))
  await page.getByRole('textbox', { name: 'Email address' }).fill(email)
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(
    page.getByText('You are on the list. The next letter arrives at the start of the month.'),
  ).toBeVisible()
}

/** The confirmation link of the email the local provider's outbox holds for `email`. */
async function confirmationLink(email: string): Promise<string> {
  let link = ''
  await expect
    .poll(
      () => {
        const rows = queryLocalD1<{ body: string }>(
          STATE,
          `SELECT body FROM outbound_emails WHERE recipient = '${email}' AND kind = 'confirm-newsletter'`,
        )
        link =
          /https?:\/\/\S+\/subscriptions\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(rows[0]?.body ?? '')?.[0] ??
          ''
        return link
      },
      { timeout: 20_000 },
    )
    .not.toBe('')
  return link
}

test('Should connect a newsletter form to a local list through the steps, and show a confirmed sign-up in it', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  const errors = watchConsole(page)
  await openConnections(page)
  const panel = page.getByRole('region', { name: CONNECTIONS_TEXT.mailingListsTitle })
  const steps = panel.getByRole('list', { name: CONNECTIONS_TEXT.steps })
  await expect(steps.getByRole('listitem')).toHaveText([
    `1Step 1: ${CONNECTIONS_TEXT.stepService}`,
    `2Step 2: ${CONNECTIONS_TEXT.stepList}`,
    `3Step 3: ${CONNECTIONS_TEXT.stepConfirm}`,
  ])
  await expect(steps.locator('[aria-current="step"]')).toContainText(CONNECTIONS_TEXT.stepService)

  // 1: the service (local lists are the only one offered here, and chosen already).
  await expect(panel.getByRole('radio', { name: new RegExp(CONNECTIONS_TEXT.providerLocal) })).toBeChecked()
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.next }).click()
  await expect(steps.locator('[aria-current="step"]')).toContainText(CONNECTIONS_TEXT.stepList)
  await expect(steps.getByRole('listitem').first()).toContainText(`(${CONNECTIONS_TEXT.stepDone})`)

  // 2: no list yet: the warning, and a list made on the spot; Next without a choice is refused.
  const lists = queryLocalD1<{ n: number }>(
    STATE,
    "SELECT COUNT(*) AS n FROM mailing_lists WHERE site_id = 'journal'",
  )
  if (lists[0]?.n === 0) await expect(panel.getByText(CONNECTIONS_TEXT.noMailingLists)).toBeVisible()
  await page.screenshot({ path: '/tmp/connections-step-list-1280.png' })
  await panel.getByRole('textbox', { name: CONNECTIONS_TEXT.listName }).fill(LIST)
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.createList }).click()
  const listRadio = panel.getByRole('radio', { name: new RegExp(LIST) })
  await expect(listRadio).toBeVisible()
  await expect(panel.getByText(CONNECTIONS_TEXT.noMailingLists)).toHaveCount(0)
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.next }).click()
  await expect(panel.getByRole('alert')).toHaveText(CONNECTIONS_TEXT.listMustBeSelected)
  await page.screenshot({ path: '/tmp/connections-list-must-be-selected.png' })
  expect(await axeViolations(page, 'main')).toEqual([])
  await listRadio.check()
  await expect(panel.getByRole('alert')).toHaveCount(0)
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.next }).click()

  // 3: confirm, and connect.
  await expect(steps.locator('[aria-current="step"]')).toContainText(CONNECTIONS_TEXT.stepConfirm)
  await expect(
    panel.getByText(`New sign-ups will go to ${LIST} (${CONNECTIONS_TEXT.providerLocal}).`),
  ).toBeVisible()
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.connect }).click()
  await expect(panel.getByText(`Connected to ${LIST} (${CONNECTIONS_TEXT.providerLocal}).`)).toBeVisible()
  await expect(panel.getByText(CONNECTIONS_TEXT.noMembers)).toBeVisible()

  // A reader signs up on the home page and confirms from the email: the editor shows them in the list.
  const reader = `reader.${Date.now()}@example.com`
  const shopper = await browser.newPage()
  await signUpForLetter(shopper, reader)
  await shopper.goto(await confirmationLink(reader))
  await shopper
    .getByRole('button')
    .filter({ hasText: /confirm/i })
    .click()
  await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible()
  await shopper.close()
  const members = panel.getByRole('table')
  await expect(async () => {
    await panel.getByRole('button', { name: CONNECTIONS_TEXT.refresh }).click()
    await expect(members.getByRole('cell', { name: reader })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await expect(members.getByRole('row').filter({ hasText: reader })).toContainText('subscribed')
  await expect(panel.getByText('1 member', { exact: true })).toBeVisible()
  expect(await axeViolations(page, 'main')).toEqual([])
  expect(errors).toEqual([])
  await context.close()
})

test('Should show Awaiting Connection, then the connected Zap a hook makes, and deliver a form submission to it', async ({
  browser,
}) => {
  const receiver = await startReceiver()
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  await openConnections(page)
  const panel = page.getByRole('region', { name: CONNECTIONS_TEXT.zapierTitle })
  await expect(panel.getByText(CONNECTIONS_TEXT.awaitingConnection)).toBeVisible()

  // A key, shown once.
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.createApiKey }).click()
  const dialog = page.getByRole('dialog', { name: CONNECTIONS_TEXT.newApiKey })
  const keyField = dialog.getByRole('textbox', { name: CONNECTIONS_TEXT.apiKeyField })
  await expect(keyField).toHaveValue(/^zk_/)
  const key = await keyField.inputValue()
  await page.screenshot({ path: '/tmp/connections-key-dialog.png' })
  expect(await axeViolations(page, 'body')).toEqual([])
  await dialog.getByRole('button', { name: CONNECTIONS_TEXT.done }).click()
  await expect(dialog).toBeHidden()
  await expect(panel.getByText(`Key starting ${key.slice(0, 8)}`)).toBeVisible()
  await expect(page.locator('body')).not.toContainText(key)

  // Zapier tests the key and subscribes a hook, over HTTP.
  const me = await zapier('/me', key)
  expect(me.status).toBe(200)
  expect(JSON.parse(me.body)).toEqual({ id: 'journal', title: 'Field Journal' })
  const subscribed = await zapier('/hooks', key, {
    body: { target_url: receiver.url, event: 'form_submission' },
  })
  expect(subscribed.status).toBe(201)
  const hookId = (JSON.parse(subscribed.body) as { id: string }).id
  await page.reload()
  await expect(panel.getByText('1 connected Zap', { exact: true })).toBeVisible()
  await expect(panel.getByText(CONNECTIONS_TEXT.awaitingConnection)).toHaveCount(0)

  // A reader's sign-up is a form submission: it reaches the hook's target.
  const email = `zap.${Date.now()}@example.com`
  const shopper = await browser.newPage()
  await signUpForLetter(shopper, email)
  await shopper.close()
  await expect
    .poll(() => receiver.received.find((delivery) => JSON.stringify(delivery).includes(email)), {
      timeout: 20_000,
    })
    .toMatchObject({
      event: 'form_submission',
      data: { formId: 'newsletter', formName: 'The monthly letter', values: { email } },
    })

  // Zapier unsubscribes; the merchant revokes the key (asked first).
  expect((await zapier(`/hooks/${hookId}`, key, { method: 'DELETE' })).status).toBe(200)
  await page.reload()
  await expect(panel.getByText(CONNECTIONS_TEXT.awaitingConnection)).toBeVisible()
  await panel
    .getByRole('button', { name: `${CONNECTIONS_TEXT.revoke}: Key starting ${key.slice(0, 8)}` })
    .click()
  const confirm = page.getByRole('dialog', { name: `Revoke the key starting ${key.slice(0, 8)}?` })
  await confirm.getByRole('button', { name: CONNECTIONS_TEXT.revoke }).click()
  await expect(panel.getByText(`Key starting ${key.slice(0, 8)}`)).toHaveCount(0)
  expect((await zapier('/me', key)).status).toBe(401)
  await context.close()
  receiver.server.close()
})

test('Should show CAMPAIGNS_EDITOR the mailing lists alone, and look right at 390 px and on a desktop', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalCampaigns)
  await openConnections(page)
  await expect(page.getByRole('region', { name: CONNECTIONS_TEXT.mailingListsTitle })).toBeVisible()
  await expect(page.getByRole('region', { name: CONNECTIONS_TEXT.zapierTitle })).toHaveCount(0)
  await expect(page.getByText(`Connected to ${LIST} (${CONNECTIONS_TEXT.providerLocal}).`)).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await axeViolations(page, 'body')).toEqual([])
  await page.screenshot({ path: '/tmp/connections-campaigns-390.png', fullPage: true })
  expect(await overflowing(page)).toEqual([])
  await context.close()

  const admin = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await admin.page.setViewportSize({ width, height })
    await openConnections(admin.page)
    await expect(admin.page.getByText(CONNECTIONS_TEXT.awaitingConnection)).toBeVisible()
    await admin.page.screenshot({ path: `/tmp/connections-admin-${width}.png`, fullPage: true })
    expect(await overflowing(admin.page)).toEqual([])
  }
  await admin.context.close()
})

test('Should disconnect the list (asked first) and walk the steps by keyboard, leaving the site as it was', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, JOURNAL, USERS.journalAdmin)
  await openConnections(page)
  const panel = page.getByRole('region', { name: CONNECTIONS_TEXT.mailingListsTitle })
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.disconnect }).click()
  const dialog = page.getByRole('dialog', { name: `Disconnect ${LIST}?` })
  await expect(dialog.getByText(CONNECTIONS_TEXT.disconnectWarning)).toBeVisible()
  await dialog.getByRole('button', { name: CONNECTIONS_TEXT.disconnect }).click()
  await expect(panel.getByRole('list', { name: CONNECTIONS_TEXT.steps })).toBeVisible()

  // The steps by keyboard alone: Next moves on and its heading takes focus; arrows pick a list.
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.next }).focus()
  await page.keyboard.press('Enter')
  const heading = panel.getByRole('heading', { name: CONNECTIONS_TEXT.stepList })
  await expect(heading).toBeFocused()
  await expect(panel.getByRole('radio').first()).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(panel.getByRole('radio').first()).toBeFocused()
  await page.keyboard.press('Space')
  await expect(panel.getByRole('radio').first()).toBeChecked()
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.next }).focus()
  await page.keyboard.press('Enter')
  await expect(panel.getByRole('heading', { name: CONNECTIONS_TEXT.stepConfirm })).toBeFocused()
  await panel.getByRole('button', { name: CONNECTIONS_TEXT.back }).focus()
  await page.keyboard.press('Enter')
  await expect(heading).toBeFocused()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: '/tmp/connections-steps-390.png', fullPage: true })
  await context.close()
})
