/**
 * `/config/files`: the site's file library outside a dialog: Upload File (roles with
 * `manageFiles`), Existing Files, and a file's detail (`?file=<id>` keeps it in the URL).
 * Other roles see the list and the details read-only.
 */
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { EDITOR_TEXT } from '../../shared/index'
import { FileDetail } from '../parts/file-detail'
import { FileList } from '../parts/file-list'
import { UploadPanel } from '../parts/file-upload'
import { screenTitle, useSession } from '../session'

export default function FilesScreen() {
  const { session } = useSession()
  const canManage = session.capabilities.manageFiles
  const search = useSearch()
  const [, navigate] = useLocation()
  const detail = new URLSearchParams(search).get('file')
  useEffect(() => screenTitle(EDITOR_TEXT.filesTitle, session.site.title), [session.site.title])
  return (
    <div className="files-screen">
      <div className="screen-head">
        <h1>{EDITOR_TEXT.filesTitle}</h1>
      </div>
      {detail !== null ? (
        <FileDetail fileId={detail} canManage={canManage} onBack={() => navigate('/files')} />
      ) : (
        <>
          {canManage ? (
            <section className="panel" aria-labelledby="files-upload">
              <h2 id="files-upload">{EDITOR_TEXT.uploadFile}</h2>
              <UploadPanel accept="any" />
            </section>
          ) : (
            <p className="notice">{EDITOR_TEXT.fileReadOnly}</p>
          )}
          <section className="panel" aria-labelledby="files-existing">
            <h2 id="files-existing">{EDITOR_TEXT.existingFiles}</h2>
            <FileList
              accept="any"
              onOpen={(file) => navigate(`/files?file=${encodeURIComponent(file.id)}`)}
            />
          </section>
        </>
      )}
    </div>
  )
}
