/**
 * The island runtime's script tag, named from the build manifest (scripts/build-islands.mjs):
 * the file name carries a content hash, so it is cached for a year and a deploy is a new URL.
 */
import manifest from '../../dist/islands-manifest.json'

/** Module scripts run after parsing, so the tag sits at the end of `<body>`. */
export function islandScripts(): string {
  return `<script type="module" src="${manifest.runtime}"></script>`
}
