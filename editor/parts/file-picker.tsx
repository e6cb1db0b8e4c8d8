/**
 * The file picker (platform.md section 1): a dialog with the tabs Existing Files and Upload File
 * (an ARIA tablist: arrow keys, Home, End) and the File Detail view. Whoever opens it says what
 * it accepts (`image` lists and takes images only) and gets the chosen file. A lazy chunk: the
 * image field and the link editor load it when it first opens.
 */
import { useId, useState } from 'react'
import { EDITOR_TEXT, type FileAnswer } from '../../shared/index'
import type { Accept } from '../files/check'
import { useSession } from '../session'
import { Dialog } from './dialog'
import { FileDetail } from './file-detail'
import { FileList } from './file-list'
import { UploadPanel } from './file-upload'
import { Tabs } from './tabs'

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
  const choose = (next: Tab) => {
    setTab(next)
    setDetail(null)
  }
  const pick = (file: FileAnswer) => {
    onPick(file)
    onClose()
  }
  return (
    <div className="file-picker">
      <Tabs id={id} label={EDITOR_TEXT.filePickerTitle} tabs={tabs} current={tab} onChoose={choose}>
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
      </Tabs>
    </div>
  )
}
