/**
 * Social and comment formatters and predicates: comment threads and links (the platform's own
 * comments, or a third-party comment service when the site has a short name for it), likes,
 * share and follow buttons, tweet text links and "add to Google Calendar" URLs.
 */
import { COMMENTS_VISIBLE_STATE } from '../../../shared/enumerations'
import {
  asNumber,
  asString,
  child,
  deepEquals,
  isObject,
  isTruthy,
  MISSING,
  toOutput,
  walk,
} from '../../../shared/json'
import { escapeHtmlAttribute } from '../../../shared/strings'
import { commentCountText } from '../../../shared/text/comment-count'
import { defineFormatter, definePredicate, type Plugin, type Scope } from '../../registry'
import { isStrict, rawAttribute, rawText } from '../core/escaping'

/** The user-visible words of this domain, in one place. */
export const SOCIAL_TEXT = {
  /** 'No Comments', '1 Comment', 'N Comments'. */
  commentCount: commentCountText,
} as const

/**
 * A context variable as a template would print it, looked up from the formatted value outwards;
 * escaped for an attribute in strict mode (the reference prints ids and URLs raw).
 */
const print = (scope: Scope, ...path: string[]) =>
  rawAttribute(isStrict(scope), toOutput(scope.resolve(path)))

/**
 * The comment service's short name. The reference reads `disqusShortname` for links and
 * threads but `disqusShortName` in `disqus?`; both spellings are honoured everywhere.
 */
function commentServiceName(scope: Scope): unknown {
  const name = scope.resolve(['websiteSettings', 'disqusShortname'])
  return isTruthy(name) ? name : scope.resolve(['websiteSettings', 'disqusShortName'])
}

/** `comment-count`: 'No Comments', '1 Comment' or 'N Comments' from `publicCommentCount`. */
const commentCount = defineFormatter({
  apply(item) {
    const n = asNumber(child(item, 'publicCommentCount'))
    return SOCIAL_TEXT.commentCount(Number.isNaN(n) ? 0 : n)
  },
})

/**
 * `comment-link`: with a comment service, an empty link its script fills in; otherwise a link
 * to the item's own comment thread with the count in words.
 */
const commentLink = defineFormatter({
  apply(_item, _args, scope) {
    const url = print(scope, 'fullUrl')
    const id = print(scope, 'id')
    if (isTruthy(commentServiceName(scope)))
      return `\n  <a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>\n`
    const count = scope.resolve(['publicCommentCount'])
    return (
      `\n  <a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ` +
      `${deepEquals(count, 0) ? 'No' : rawAttribute(isStrict(scope), toOutput(count))}\n  Comment${deepEquals(count, 1) ? '' : 's'}\n  </a>\n`
    )
  },
})

/** `comments`: the comment thread container for an item (or a collection). */
const comments = defineFormatter({
  apply(_value, _args, scope) {
    if (isTruthy(commentServiceName(scope)))
      return '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n'
    let out = `\n  <div class="squarespace-comments" id="comments-${print(scope, 'id')}"`
    const state = (owner: string, kind: string) =>
      ` data-${kind}-id="${print(scope, owner, 'id')}"` +
      ` data-public-comment-count="${print(scope, owner, 'publicCommentCount')}"` +
      ` data-comment-state="${print(scope, owner, 'commentState')}"`
    if (isTruthy(scope.resolve(['item']))) out += state('item', 'item')
    else if (isTruthy(scope.resolve(['collection']))) out += state('collection', 'collection')
    return `${out}></div>\n`
  },
})

/** Characters the legacy JavaScript `escape` keeps as they are. */
const ESCAPE_SAFE = /[A-Za-z0-9@*_+\-./]/

/** Percent-encoding as the legacy `escape` does it: %XX below 256, %uXXXX above. */
function legacyEscape(s: string): string {
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const ch = s.charAt(i)
    if (ESCAPE_SAFE.test(ch)) {
      out += ch
      continue
    }
    const code = s.charCodeAt(i)
    const hex = code.toString(16).toUpperCase()
    out += code < 256 ? `%${hex.padStart(2, '0')}` : `%u${hex.padStart(4, '0')}`
  }
  return out
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** An instant as the calendar's `YYYYMMDDTHHMMSSZ`, in UTC. */
function calendarStamp(epochMs: number): string {
  const d = new Date(Number.isFinite(epochMs) ? epochMs : 0)
  if (Number.isNaN(d.getTime())) return ''
  return (
    `${String(d.getUTCFullYear()).padStart(4, '0')}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}` +
    `T${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}Z`
  )
}

/** `google-calendar-url`: an "add event" link with the title, UTC start/end and location. */
const googleCalendarUrl = defineFormatter({
  apply(event) {
    const title = legacyEscape(asString(child(event, 'title')))
    const start = calendarStamp(asNumber(child(event, 'startDate')))
    const end = calendarStamp(asNumber(child(event, 'endDate')))
    let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${title}&dates=${start}/${end}`
    const location = child(event, 'location')
    if (location !== MISSING) {
      const place = ['addressLine1', 'addressLine2', 'addressCountry']
        .map((k) => asString(child(location, k)).trim())
        .filter((s) => s.length > 0)
        .join(', ')
      if (place !== '') url += `&location=${encodeURIComponent(place)}`
    }
    return url
  },
})

/** `like-button`: the like control, only when the site has simple liking on. */
const likeButton = defineFormatter({
  apply(item, _args, scope) {
    if (!isTruthy(item) || !isTruthy(scope.resolve(['websiteSettings', 'simpleLikingEnabled']))) return ''
    return (
      `\n  <span class="sqs-simple-like" data-item-id="${print(scope, 'id')}" data-like-count="${print(scope, 'likeCount')}">\n` +
      '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n'
    )
  },
})

/** The share buttons element, when the website has share options; `inline` for a <span>. */
function socialButton(scope: Scope, item: unknown, inline: boolean): string {
  const website = scope.resolve(['website'])
  const options = child(website, 'shareButtonOptions')
  const size = Array.isArray(options) ? options.length : isObject(options) ? Object.keys(options).length : 0
  if (website === MISSING || size === 0) return ''
  const systemId = child(item, 'systemDataId')
  const imageId = systemId === MISSING ? child(item, 'mainImageId') : systemId
  let asset = child(item, 'assetUrl')
  if (asset === MISSING) asset = walk(item, ['mainImage', 'assetUrl'])
  const tag = inline ? 'span' : 'div'
  const raw = (value: string) => rawAttribute(isStrict(scope), value)
  return (
    `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
    ` data-system-data-id="${raw(asString(imageId))}" data-asset-url="${raw(asString(asset))}"` +
    ` data-record-type="${raw(asString(child(item, 'recordType')))}" data-full-url="${raw(asString(child(item, 'fullUrl')))}"` +
    ` data-title="${escapeHtmlAttribute(asString(child(item, 'title')))}"></${tag}>`
  )
}

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { " +
  'Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>'

/** `twitter-follow-button`: the follow button for an account's user name (or its profile URL's last segment). */
const twitterFollowButton = defineFormatter({
  apply(account, _args, scope) {
    let name = asString(child(account, 'userName'))
    if (name === '') {
      const parts = asString(child(account, 'profileUrl')).split('/')
      name = parts[parts.length - 1] ?? ''
    }
    // The storefront runs no inline script (its Content-Security-Policy forbids it).
    const strict = isStrict(scope)
    return `${strict ? '' : FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${rawAttribute(strict, name)}"></div>`
  },
})

const TWEET_URL = /(\b(https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#\\/%=~_|])/gi
const TWEET_MENTION = /(^| )@([a-z0-9_]+)/gi
const TWEET_HASHTAG = /(^| )#([a-z0-9_]+)/gi

/** `activate-twitter-links`: URLs, @mentions and #hashtags in tweet text become links. */
const activateTwitterLinks = defineFormatter({
  apply: (value, _args, scope) =>
    rawText(isStrict(scope), asString(value))
      .replace(TWEET_URL, '<a target="new" href="$1">$1</a>')
      .replace(TWEET_MENTION, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
      .replace(
        TWEET_HASHTAG,
        (_m, before: string, tag: string) =>
          `${before}<a target="new" href="https://twitter.com/hashtag/${legacyEscape(tag)}?src=hash">#${tag}</a>`,
      ),
})

/**
 * `comments?`: comments are shown when the item's comment state is on or it already has
 * public comments, unless website settings exist and turn comments off.
 */
const commentsShown = definePredicate({
  test(_args, scope) {
    const item = scope.node()
    let on =
      asNumber(child(item, 'commentState')) === COMMENTS_VISIBLE_STATE ||
      asNumber(child(item, 'publicCommentCount')) > 0
    const settings = scope.resolve(['websiteSettings'])
    if (settings !== MISSING && !isTruthy(child(settings, 'commentsEnabled'))) on = false
    return on
  },
})

export const socialPlugin: Plugin = {
  name: 'social',
  formatters: {
    'activate-twitter-links': activateTwitterLinks,
    'comment-count': commentCount,
    'comment-link': commentLink,
    comments,
    'google-calendar-url': googleCalendarUrl,
    'like-button': likeButton,
    'social-button': defineFormatter({ apply: (item, _args, scope) => socialButton(scope, item, false) }),
    'social-button-inline': defineFormatter({
      apply: (item, _args, scope) => socialButton(scope, item, true),
    }),
    'twitter-follow-button': twitterFollowButton,
  },
  predicates: {
    'comments?': commentsShown,
    'disqus?': definePredicate({ test: (_args, scope) => isTruthy(commentServiceName(scope)) }),
  },
}
