/** The template editor's calls (worker/editor/templates-api.ts), through the editor's one client. */
import type {
  TemplateAnswer,
  TemplateDataAnswer,
  TemplateSaveBody,
  TemplatesAnswer,
} from '../../shared/editing-areas'
import type { PublishAnswer } from '../../shared/index'
import { request } from '../api'

const base = (name: string) => `/config/api/templates/${encodeURIComponent(name)}`

export const templatesApi = {
  list: () => request<TemplatesAnswer>('GET', '/config/api/templates'),
  read: (name: string) => request<TemplateAnswer>('GET', base(name)),
  /** `path`: the page the server renders the draft on to measure its budget (the preview's). */
  save: (name: string, body: TemplateSaveBody, path?: string) =>
    request<TemplateAnswer>(
      'PUT',
      `${base(name)}${path === undefined ? '' : `?path=${encodeURIComponent(path)}`}`,
      body,
    ),
  discard: (name: string, revision: number) =>
    request<TemplateAnswer>('DELETE', `${base(name)}/draft?revision=${revision}`),
  data: (name: string, path?: string) =>
    request<TemplateDataAnswer>(
      'GET',
      `${base(name)}/data${path === undefined ? '' : `?path=${encodeURIComponent(path)}`}`,
    ),
  publish: (name: string) => request<PublishAnswer>('POST', `${base(name)}/publish`, {}),
}
