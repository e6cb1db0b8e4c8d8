/**
 * The controls of a screen with a preview beside its form (record, Design, Templates): Show or
 * Hide preview on wide screens, and on phones the Edit / Preview pair that picks which one fills
 * the screen (editor.css, `.phone-tabs`).
 */
import { EDITOR_TEXT } from '../../shared/index'

export type PhoneTab = 'edit' | 'preview'

export function PreviewToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="button preview-toggle" aria-pressed={shown} onClick={onToggle}>
      {shown ? EDITOR_TEXT.hidePreview : EDITOR_TEXT.showPreview}
    </button>
  )
}

export function PhoneTabs({ tab, onChange }: { tab: PhoneTab; onChange: (tab: PhoneTab) => void }) {
  return (
    <div className="phone-tabs">
      <button type="button" className="button" aria-pressed={tab === 'edit'} onClick={() => onChange('edit')}>
        {EDITOR_TEXT.editTab}
      </button>
      <button
        type="button"
        className="button"
        aria-pressed={tab === 'preview'}
        onClick={() => onChange('preview')}
      >
        {EDITOR_TEXT.preview}
      </button>
    </div>
  )
}
