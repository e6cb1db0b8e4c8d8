/**
 * An image's focal point (platform.md section 3, `mediaFocalPoint`; default 0.5, 0.5): a marker
 * over the picture, moved by a click on the picture or by the arrow keys on the marker (Shift
 * for bigger steps). The storefront crops around it.
 */
import { type KeyboardEvent, type MouseEvent, useId } from 'react'
import { EDITOR_TEXT, type FocalPoint, fillText } from '../../shared/index'

const STEP = 0.01
const BIG_STEP = 0.1

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000))

export function FocalPointField({
  src,
  value,
  onChange,
  disabled,
}: {
  src: string
  value: FocalPoint
  onChange: (next: FocalPoint) => void
  disabled?: boolean
}) {
  const hintId = useId()
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled) return
    const box = event.currentTarget.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return
    onChange({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    })
  }
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const move = moves[event.key]
    if (move === undefined || disabled) return
    event.preventDefault()
    onChange({ x: clamp(value.x + move[0]), y: clamp(value.y + move[1]) })
  }
  const percent = (n: number) => Math.round(n * 100)
  return (
    <div className="focal">
      <p className="label">{EDITOR_TEXT.fileFocalPoint}</p>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the marker inside takes the keyboard (arrow keys); a click on the picture is the pointer's shortcut */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
      <div className="focal-frame" onClick={onClick}>
        <img src={src} alt="" draggable={false} />
        <button
          type="button"
          className="focal-marker"
          style={{ left: `${value.x * 100}%`, top: `${value.y * 100}%` }}
          aria-label={fillText(EDITOR_TEXT.fileFocalValue, { x: percent(value.x), y: percent(value.y) })}
          aria-describedby={hintId}
          aria-disabled={disabled ? true : undefined}
          onKeyDown={onKey}
          onClick={(event) => event.stopPropagation()}
        />
      </div>
      <p className="hint" id={hintId}>
        {EDITOR_TEXT.fileFocalHint}
      </p>
    </div>
  )
}
