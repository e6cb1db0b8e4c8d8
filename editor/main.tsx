/** The editor's entry: its stylesheet and the React root in `<div id="editor-root">`. */
import './editor.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'

const root = document.getElementById('editor-root')
if (root !== null)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
