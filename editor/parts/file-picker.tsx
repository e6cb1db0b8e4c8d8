/**
 * The file picker (platform.md section 1): a dialog with the tabs Existing Files and Upload File
 * (an ARIA tablist: arrow keys, Home, End) and the File Detail view. Whoever opens it says what
 * it accepts (`image` lists and takes images only) and gets the chosen file. A lazy chunk: the
 * image field and the link editor load it when it first opens.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { EDITOR_TEXT, type FileAnswer } from '../../shared/index'
import type { Accept } from '../files/check'
import { useSession } from '../session'
import { Dialog } from './dialog'
import { FileDetail } from './file-detail'
import { FileList } from './file-list'
import { UploadPanel } from './file-upload'

type Tab = 'existing' | 'upload'

export interface FilePickerProps {
  open: boolean
  accept: Accept
  onPick: (file: FileAnswer) => void
  onClose: () => void
}

export default function FilePicker({ open, accept, onPick, onClose }: FilePickerProps) {
  return (
    <Dialog
      open={open}
      title={accept === 'image' ? EDITOR_TEXT.filePickerImageTitle : EDITOR_TEXT.filePickerTitle}
      onClose={onClose}
      wide
      actions={
        <button type="button" className="button" onClick={onClose}>
          {EDITOR_TEXT.close}
        </button>
      }
    >
      {open ? <PickerBody accept={accept} onPick={onPick} onClose={onClose} /> : null}
    </Dialog>
  )
}

function PickerBody({ accept, onPick, onClose }: Omit<FilePickerProps, 'open'>) {
  const id = useId()
  const { session } = useSession()
  const canManage = session.capabilities.manageFiles
  const tabs: [Tab, string][] = canManage
    ? [
        ['existing', EDITOR_TEXT.existingFiles],
        ['upload', EDITOR_TEXT.uploadFile],
      ]
    : [['existing', EDITOR_TEXT.existingFiles]]
  const [tab, setTab] = useState<Tab>('existing')
  const [detail, setDetail] = useState<string | null>(null)
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})
  const choose = (next: Tab) => {
    setTab(next)
    setDetail(null)
    tabRefs.current[next]?.focus()
  }
  const onTabKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex(([t]) => t === tab)
    const last = tabs.length - 1
    const keys: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index + last) % tabs.length,
      Home: 0,
      End: last,
    }
    const to = keys[event.key]
    if (to === undefined) return
    event.preventDefault()
    const next = tabs[to]
    if (next !== undefined) choose(next[0])
  }
  const pick = (file: FileAnswer) => {
    onPick(file)
    onClose()
  }
  return (
    <div className="file-picker">
      <div role="tablist" aria-label={EDITOR_TEXT.filePickerTitle} className="tabs" onKeyDown={onTabKey}>
        {tabs.map(([name, label]) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="tab"
            onClick={() => choose(name)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="tab-panel">
        {detail !== null ? (
          <FileDetail
            fileId={detail}
            canManage={canManage}
            onBack={() => setDetail(null)}
            onUse={pick}
            onLeave={onClose}
          />
        ) : tab === 'existing' ? (
          <FileList accept={accept} onOpen={(file) => setDetail(file.id)} onUse={pick} />
        ) : (
          <UploadPanel accept={accept} onUse={pick} />
        )}
      </div>
    </div>
  )
}
