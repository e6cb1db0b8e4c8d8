/**
 * The installment teaser's markup: the pill under the product price and its information dialog,
 * a native modal `<dialog>` the info button opens through invoker commands (`commandfor`,
 * `command="show-modal"`), so it opens, closes on Escape and on its close button with no script
 * at all. The dialog holds the teaser's own sentence and, once the client island has loaded it,
 * the provider's own terms page in a frame (storefront.md section 7); the terms are never ours.
 * Pure: props in, markup out. The worker renders it with the island's props; the client island
 * renders it with the same props plus its state, so `hydrateRoot` finds exactly the server's
 * DOM, then adds the variant's price, the provider's page, a click outside to close and the
 * focus trap.
 */
import type { Ref } from 'react'
import { fillText, INSTALLMENTS_TEXT } from '../../shared/index'
import { type InstallmentRange, teaserMessage } from './rules'

/** The island's props: plain JSON, built by `server.ts` from the template data. */
export type InstallmentTeaserProps = {
  itemId: string
  provider: string
  count: number
  /** Order range in the currency's minor units: in range strictly above `min`, up to `max`. */
  min: number
  max: number
  currency: string
  /** The price the page opens with, in major units ('48.00'); null when it has none. */
  price: string | null
  /** The provider's locale for the site's language ('en-US', 'fr-CA'); the dialog matches the shopper's. */
  locale: string
  /** The payment account's country ('US', 'CA', 'AU', 'NZ'), which decides the locales. */
  country: string
  /** How the store writes money. */
  useCLDR: boolean
  moneyLocale: string
}

/** What the client island adds: the current price, the dialog's state and its handles. */
export interface InstallmentTeaserState {
  currentPrice?: string | null
  open?: boolean
  /** The provider's page once it has loaded (its address), else nothing is framed. */
  providerPage?: string | null
  onOpen?: () => void
  onClose?: () => void
  rootRef?: Ref<HTMLDivElement>
  buttonRef?: Ref<HTMLButtonElement>
  dialogRef?: Ref<HTMLDialogElement>
}

/** Invoker-command attributes (not yet in React's DOM types): open or close the dialog `id`. */
function command(action: 'show-modal' | 'close', id: string): Record<string, string> {
  return { commandfor: id, command: action }
}

export function InstallmentTeaserView(props: InstallmentTeaserProps & InstallmentTeaserState) {
  const { itemId, provider, count, currency, locale, useCLDR, moneyLocale, open = false } = props
  const display = { useCLDR, locale: moneyLocale }
  const offer = { provider, count, min: props.min, max: props.max, currency }
  const amount = props.currentPrice === undefined ? props.price : props.currentPrice
  // A price that cannot be read (a variant without one) keeps the page's own price.
  const message = teaserMessage(amount, offer, display) ?? teaserMessage(props.price, offer, display)
  const range: InstallmentRange = message?.range ?? 'under'
  const words = { provider, count }
  const titleId = `installment-dialog-title-${itemId}`
  const sentenceId = `installment-dialog-sentence-${itemId}`
  const dialogId = `installment-dialog-${itemId}`
  const sentence = message?.text ?? ''
  return (
    <div
      className="installment-teaser"
      data-installment-range={range}
      data-installment-locale={locale}
      ref={props.rootRef}
    >
      {range !== 'in' && <span className="installment-teaser-provider">{provider}</span>}
      <span className="installment-teaser-message" aria-live="polite">
        {sentence}
      </span>
      <button
        type="button"
        className="installment-teaser-info"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={fillText(INSTALLMENTS_TEXT.infoButton, words)}
        onClick={props.onOpen}
        ref={props.buttonRef}
        {...command('show-modal', dialogId)}
      >
        <span aria-hidden="true">i</span>
      </button>
      <dialog
        id={dialogId}
        className="installment-dialog-overlay"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={sentenceId}
        ref={props.dialogRef}
      >
        <div className="installment-dialog">
          <button
            type="button"
            className="installment-dialog-close"
            aria-label={INSTALLMENTS_TEXT.close}
            onClick={props.onClose}
            {...command('close', dialogId)}
          >
            <span aria-hidden="true">×</span>
          </button>
          <h2 id={titleId}>{fillText(INSTALLMENTS_TEXT.dialogTitle, words)}</h2>
          <p id={sentenceId} className="installment-dialog-sentence">
            {range === 'in' ? sentence : `${provider} ${sentence}`}
          </p>
          {props.providerPage && (
            // The provider's page runs in an opaque origin (no allow-same-origin): its scripts
            // and links work, but it never reaches this page, its cookies or its storage.
            <iframe
              className="installment-dialog-provider"
              title={fillText(INSTALLMENTS_TEXT.providerPageTitle, words)}
              src={props.providerPage}
              sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
            />
          )}
        </div>
      </dialog>
    </div>
  )
}
