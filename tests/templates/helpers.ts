/** Small helpers shared by the template spec tests. */
import { createEngine, type RenderOptions } from '../../templates/index'

export const engine = createEngine()

/** Renders from source and returns the output only. */
export function out(template: string, data: unknown = {}, options?: RenderOptions): string {
  return engine.render(template, data, options).output
}

/** Renders from source and returns the error messages only. */
export function errorsOf(template: string, data: unknown = {}, options?: RenderOptions): string[] {
  return engine.render(template, data, options).errors.map((e) => e.message)
}
