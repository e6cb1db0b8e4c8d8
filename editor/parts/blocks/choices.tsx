/** A group of radio buttons under a legend: the code block's modes, the chart's type. */
export function Choices<T extends string>(props: {
  legend: string
  name: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
  disabled?: boolean
}) {
  return (
    <fieldset className="field" disabled={props.disabled}>
      <legend>{props.legend}</legend>
      <div className="block-modes">
        {props.options.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
