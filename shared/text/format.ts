/**
 * How catalogue texts are used: `{name}` placeholders filled from values, and a tenant's
 * `localizedStrings` overriding an entry by the entry's own name (or the platform key an entry
 * names in its catalogue's `OVERRIDE_KEYS`).
 */

type Catalogue = Readonly<Record<string, string>>

/** Fills `{name}` placeholders; a name without a value stays as written. */
export function fillText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]
    return value === undefined ? whole : String(value)
  })
}

/**
 * A catalogue with the tenant's overrides applied: an entry is replaced by a non-empty
 * `localizedStrings[name]`, or by the platform key `overrideKeys[name]` when the catalogue maps
 * the entry to one. Keys the catalogue does not have are ignored.
 */
export function localizeCatalogue<C extends Catalogue>(
  catalogue: C,
  localizedStrings: Readonly<Record<string, unknown>> | null | undefined,
  overrideKeys?: Readonly<Partial<Record<keyof C, string>>>,
): C {
  if (!localizedStrings) return catalogue
  let out: Record<string, string> | null = null
  for (const name of Object.keys(catalogue)) {
    const key = overrideKeys?.[name as keyof C] ?? name
    const value = Object.hasOwn(localizedStrings, key) ? localizedStrings[key] : undefined
    if (typeof value === 'string' && value !== '') {
      out ??= { ...catalogue }
      out[name] = value
    }
  }
  return (out ?? catalogue) as C
}
