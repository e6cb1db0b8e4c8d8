/**
 * A step indicator (platform.md section 1): an ordered list of the steps, the current one marked
 * `aria-current="step"`, each showing its number, or a tick once done (with the word for screen
 * readers). Steps are not links: the screen's Back and Next buttons move between them.
 */
import { CONNECTIONS_TEXT } from '../../shared/editing-areas'
import { fillText } from '../../shared/index'

export function StepIndicator({
  label,
  steps,
  current,
}: {
  label: string
  steps: string[]
  current: number
}) {
  return (
    <ol className="steps" aria-label={label}>
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo'
        return (
          <li
            key={step}
            className={`step step-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="step-number" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className="step-label">
              <span className="visually-hidden">
                {fillText(CONNECTIONS_TEXT.stepNumber, { number: index + 1 })}:{' '}
              </span>
              {step}
              {state === 'done' ? (
                <span className="visually-hidden"> ({CONNECTIONS_TEXT.stepDone})</span>
              ) : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
