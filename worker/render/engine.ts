/**
 * The storefront's JSON-T engine: the core language plus every domain plugin (the same list the
 * conformance run measures) plus the worker's own formatters. Created once per isolate.
 */
import { createEngine } from '../../templates/index'
import { domainPlugins } from '../../templates/plugins/domains'
import { storefrontPlugin } from './storefront-plugin'

export const storefrontEngine = createEngine({ plugins: [...domainPlugins, storefrontPlugin] })
