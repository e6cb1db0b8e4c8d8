/**
 * Text of the default theme's frame and lists (issue #11): header, footer, paging, event and
 * search headings, landmark names. Not spec sentences, but shopper text all the same: one place,
 * stable names, and a tenant's `localizedStrings` replaces any entry by its name
 * (`"themeMenu": "メニュー"`).
 */
export const THEME_TEXT = {
  themeSkipToContent: 'Skip to content',
  themeMenu: 'Menu',
  themeMainNavigation: 'Main',
  themeFooterNavigation: 'Footer',
  themeBreadcrumb: 'Breadcrumb',
  themeSearch: 'Search',
  themeSearchLabel: 'Search this site',
  themeCart: 'Cart',
  themePricesIn: 'Prices in',
  themeNoProducts: 'No products yet.',
  themeNoPosts: 'No posts yet.',
  themeUpcomingEvents: 'Upcoming events',
  themePastEvents: 'Past events',
  themeNoUpcomingEvents: 'No upcoming events.',
  themeNoPastEvents: 'No past events.',
  themeAddToCalendar: 'Add to Google Calendar',
  themePages: 'Pages',
  themePrevious: 'Previous',
  themeNext: 'Next',
  themePage: 'Page',
  themePageOf: 'of',
  themeResult: 'result',
  themeResults: 'results',
  themeResultsFor: 'for',
  themeBy: 'By',
  themeHomeLink: 'Home',
  /** Opens an item's audio player. */
  themeListen: 'Listen',
  /** Share links (`social-button`): the group's name, each link's name and the e-mail link's. */
  themeShare: 'Share',
  themeShareOn: 'Share on {service}',
  themeShareByEmail: 'Share by email',
  /** `twitter-follow-button`: a link to the account's profile. */
  themeFollow: 'Follow @{name}',
} as const
