/**
 * Quick View's only script a product grid loads up front (a few hundred bytes, no React): each
 * product card's Quick View button is a link to the product's page (`data-quick-view` holds the
 * item's id), which works with no script at all. A plain click on one opens the product in a
 * dialog instead; the dialog's code (dialog.ts, with its styles already in the shared
 * stylesheet) is imported on that first click, never before. A click with a modifier key (a new
 * tab) or another button is left to the link.
 */
import { QUICK_VIEW_ATTR } from '../constants'

for (const link of document.querySelectorAll(`a[${QUICK_VIEW_ATTR}]`))
  link.setAttribute('aria-haspopup', 'dialog')

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0) return
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = event.target instanceof Element ? event.target.closest(`a[${QUICK_VIEW_ATTR}]`) : null
  if (!(link instanceof HTMLAnchorElement)) return
  event.preventDefault()
  import('./dialog')
    .then(({ openQuickView }) => openQuickView(link))
    // The dialog's code could not be loaded: the link does what it does without script.
    .catch(() => window.location.assign(link.href))
})
