/** A stylesheet bundled as its minified text (scripts/build-editor.ts, `lazyStylesheets`). */
declare module '*.lazy.css' {
  const css: string
  export default css
}
