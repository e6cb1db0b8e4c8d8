/**
 * The storefront's engine with the compiler: the same plugins as `storefrontEngine`
 * (worker/render/engine.ts), which only renders. The editor's Worker compiles (publishing, the
 * template preview's drafts, their render budget); the storefront's bundle must not import this.
 */
import { createEngine } from '../../templates/index'
import { storefrontPlugins } from '../render/engine'

export const compilingEngine = createEngine({ plugins: storefrontPlugins })
