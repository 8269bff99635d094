import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useId,
  type ChangeEvent,
  type CSSProperties,
  type ElementType,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from "react";
import css from "~/platform/ui/static-form.module.css";
import { cx, type Common } from "~/platform/ui/static-common";

/**
 * The static form controls (issue 27): native <input>, <textarea>, <select> in MUI's outlined look (./static-form.module.css,
 * from the tokens), so a server render of a form does no style work. Named and shaped like MUI's (only the props listed).
 * A labelled control has a visible <label for> above its box — the accessible name MUI gave it; helper and error text
 * are tied to the control with aria-describedby (`<id>-helper-text`, as MUI). Radios of a RadioGroup share one `name`, so
 * the arrow keys move the choice as the browser does for native radios (as MUI's, which are native radios too).
 */

/** Extra attributes for the native element (aria-*, data-testid, maxLength, min, max, step, pattern, inputMode…). */
export type NativeInputProps = InputHTMLAttributes<HTMLInputElement> & { [k: `data-${string}`]: string | number | boolean | undefined };

type FieldChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;

export type TextFieldProps = Common & {
  label?: ReactNode;
  name?: string;
  multiline?: boolean;
  rows?: number;
  minRows?: number;
  defaultValue?: string | number;
  value?: string | number;
  onChange?: FieldChange;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  inputProps?: NativeInputProps;
  fullWidth?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  autoComplete?: string;
  size?: "small" | "medium";
};

const joinIds = (...ids: Array<string | undefined | false>) => ids.filter(Boolean).join(" ") || undefined;

function FieldLabel({ htmlFor, id, required, error, disabled, children }: { htmlFor: string; id: string; required?: boolean; error?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} id={id} className={cx(css.label, error && css.errorText, disabled && css.disabledLabel)}>
      {children}
      {required && (
        <span aria-hidden className={css.asterisk}>
          *
        </span>
      )}
    </label>
  );
}

/** The helper text's id when there is helper text (`<id>-helper-text`, as MUI names it). */
const helperIdOf = (id: string, helperText: ReactNode) => (helperText !== undefined && helperText !== null && helperText !== "" ? `${id}-helper-text` : undefined);

/** What a field's outer element passes through from its props: test ids, role and title. */
const passThroughOf = (rest: object) => Object.fromEntries(Object.entries(rest).filter(([k]) => k.startsWith("data-") || k === "role" || k === "title"));

/** The frame TextField and NativeSelect share: the outer element, the label above and the helper text below. */
function Field(p: {
  id: string;
  label?: ReactNode;
  helperId?: string;
  helperText?: ReactNode;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  className?: string;
  style?: CSSProperties;
  rest: object;
  children: ReactNode;
}) {
  return (
    <div className={cx(css.control, p.fullWidth && css.fullWidth, p.error && css.error, p.className)} style={p.style} {...passThroughOf(p.rest)}>
      {p.label !== undefined && p.label !== null && (
        <FieldLabel htmlFor={p.id} id={`${p.id}-label`} required={p.required} error={p.error} disabled={p.disabled}>
          {p.label}
        </FieldLabel>
      )}
      {p.children}
      {p.helperId && (
        <FormHelperText id={p.helperId} error={p.error}>
          {p.helperText}
        </FormHelperText>
      )}
    </div>
  );
}

/** MUI's outlined TextField: label above, the native <input> (or <textarea> with `multiline`), helper text below. */
export function TextField(props: TextFieldProps) {
  const { label, name, multiline, rows, minRows, defaultValue, value, onChange, onBlur, required, error, helperText, type, inputProps = {} } = props;
  const { fullWidth, disabled, readOnly, autoFocus, placeholder, autoComplete, size, id: givenId, className, style, ...rest } = props;
  const autoId = useId();
  const id = givenId ?? inputProps.id ?? `tf${autoId.replace(/:/g, "")}`;
  const helperId = helperIdOf(id, helperText);
  const { className: inputClass, style: inputStyle, "aria-describedby": describedBy, ...native } = inputProps;
  const shared = {
    ...native,
    id,
    name,
    value,
    defaultValue,
    onChange,
    onBlur,
    required,
    disabled,
    readOnly,
    autoFocus,
    placeholder,
    autoComplete,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": joinIds(describedBy, helperId),
  };
  const lines = minRows ?? rows ?? 1;
  return (
    <Field {...{ id, label, helperId, helperText, required, error, disabled, fullWidth, className, style, rest }}>
      {multiline ? (
        <textarea
          {...(shared as object)}
          rows={lines}
          className={cx(css.input, css.textarea, size === "small" && css.small, inputClass)}
          style={{ ...inputStyle, ["--rows" as string]: String(lines) }}
        />
      ) : (
        <input {...shared} type={type ?? "text"} className={cx(css.input, size === "small" && css.small, inputClass)} style={inputStyle} />
      )}
    </Field>
  );
}

export type NativeSelectProps = Common & {
  label?: ReactNode;
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
  helperText?: ReactNode;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: "small" | "medium";
  inputProps?: { [k: `aria-${string}`]: string | undefined } & { [k: `data-${string}`]: string | undefined };
};

/** A native <select> in MUI's outlined look, label above. */
export function NativeSelect(props: NativeSelectProps) {
  const { label, name, value, defaultValue, onChange, options, helperText, required, error, disabled, fullWidth, size, inputProps = {} } = props;
  const { id: givenId, className, style, ...rest } = props;
  const autoId = useId();
  const id = givenId ?? `ns${autoId.replace(/:/g, "")}`;
  const helperId = helperIdOf(id, helperText);
  const { "aria-describedby": describedBy, ...native } = inputProps;
  return (
    <Field {...{ id, label, helperId, helperText, required, error, disabled, fullWidth, className, style, rest }}>
      <select
        {...native}
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={joinIds(describedBy, helperId)}
        className={cx(css.input, css.select, size === "small" && css.small)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export type FormHelperTextProps = Common & { error?: boolean; flush?: boolean };

/** MUI's FormHelperText: a caption under a control (error colour with `error`). `flush` drops the 14 px side margins. */
export function FormHelperText({ error, flush, className, ...rest }: FormHelperTextProps) {
  return <p className={cx(css.helper, flush && css.helperFlush, error && css.errorText, className)} {...rest} />;
}

export type FormLabelProps = Common & { component?: "label" | "legend" | "span" | "div"; htmlFor?: string; required?: boolean; error?: boolean; disabled?: boolean };

/** MUI's FormLabel (a <label> by default; `component="legend"` inside a FormControl fieldset). */
export function FormLabel({ component: Tag = "label", htmlFor, required, error, disabled, className, children, ...rest }: FormLabelProps) {
  return (
    <Tag
      className={cx(css.label, Tag === "legend" && css.legend, error && css.errorText, disabled && css.disabledLabel, className)}
      {...(Tag === "label" ? { htmlFor } : {})}
      {...rest}
    >
      {children}
      {required && (
        <span aria-hidden className={css.asterisk}>
          *
        </span>
      )}
    </Tag>
  );
}

export type FormControlProps = Common & { component?: ElementType; fullWidth?: boolean; error?: boolean; disabled?: boolean };

/** MUI's FormControl as a plain wrapper (a <fieldset> with `component="fieldset"`); `error` colours its labels. */
export function FormControl({ component: Tag = "div", fullWidth, error, disabled, className, ...rest }: FormControlProps) {
  return (
    <Tag
      className={cx(Tag === "fieldset" ? css.fieldset : css.control, fullWidth && css.fullWidth, error && css.error, className)}
      {...(Tag === "fieldset" ? { disabled } : {})}
      {...rest}
    />
  );
}

type Choice = Common & {
  name?: string;
  value?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>, checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  size?: "small" | "medium";
  inputProps?: NativeInputProps;
};

function choice(type: "checkbox" | "radio", { name, value, checked, defaultChecked, onChange, disabled, required, size, inputProps = {}, className, id, ...rest }: Choice) {
  const { className: inputClass, ...native } = inputProps;
  return (
    <input
      {...rest}
      {...native}
      type={type}
      id={id ?? native.id}
      name={name}
      value={value}
      checked={checked}
      defaultChecked={defaultChecked}
      onChange={onChange && ((e) => onChange(e, e.target.checked))}
      readOnly={checked !== undefined && !onChange ? true : undefined}
      disabled={disabled}
      required={required}
      className={cx(css.choice, size === "small" && css.choiceSmall, className, inputClass)}
    />
  );
}

export type CheckboxProps = Choice;

/** A native checkbox in MUI's look (primary when checked, focus ring on keyboard focus). */
export function Checkbox(props: CheckboxProps) {
  return choice("checkbox", props);
}

type GroupState = { name: string; value: string | undefined; onChange?: (event: ChangeEvent<HTMLInputElement>, value: string) => void };
const GroupContext = createContext<GroupState | null>(null);

export type RadioProps = Choice;

/** A native radio; inside a RadioGroup it takes the group's name, checked state and change handler. */
export function Radio(props: RadioProps) {
  const group = useContext(GroupContext);
  if (!group) return choice("radio", props);
  return choice("radio", {
    ...props,
    name: props.name ?? group.name,
    checked: group.value === undefined ? props.checked : group.value === props.value,
    onChange: (e, on) => {
      props.onChange?.(e, on);
      if (on) group.onChange?.(e, e.target.value);
    },
  });
}

export type RadioGroupProps = Common & {
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>, value: string) => void;
  row?: boolean;
};

/** MUI's RadioGroup: role="radiogroup" around native radios sharing one name (controlled with `value`). */
export function RadioGroup({ name, value, defaultValue, onChange, row, className, children, ...rest }: RadioGroupProps) {
  const autoId = useId();
  const state: GroupState = { name: name ?? `rg${autoId.replace(/:/g, "")}`, value: value ?? undefined, onChange };
  const uncontrolled = value === undefined && defaultValue !== undefined;
  return (
    <div role="radiogroup" className={cx(css.group, row && css.row, className)} {...rest}>
      <GroupContext.Provider value={uncontrolled ? { ...state, value: undefined } : state}>
        {uncontrolled ? withDefault(children, defaultValue) : children}
      </GroupContext.Provider>
    </div>
  );
}

function withDefault(children: ReactNode, defaultValue: string): ReactNode {
  return Array.isArray(children)
    ? children.map((c) => withDefault(c, defaultValue))
    : isValidElement<{ value?: string; defaultChecked?: boolean }>(children) && children.props.value !== undefined
      ? cloneElement(children, { defaultChecked: children.props.value === defaultValue })
      : children;
}

export type FormControlLabelProps = Common & {
  control: ReactElement<Choice>;
  label: ReactNode;
  value?: string;
  disabled?: boolean;
  checked?: boolean;
  defaultChecked?: boolean;
  name?: string;
  onChange?: Choice["onChange"];
};

/** MUI's FormControlLabel: a <label> around the control and its text (the text names the control). */
export function FormControlLabel({ control, label, value, disabled, checked, defaultChecked, name, onChange, className, ...rest }: FormControlLabelProps) {
  const given: Partial<Choice> = {};
  for (const [k, v] of Object.entries({ value, disabled, checked, defaultChecked, name, onChange })) if (v !== undefined && control.props[k as keyof Choice] === undefined) (given as Record<string, unknown>)[k] = v;
  const off = disabled ?? control.props.disabled;
  return (
    <label className={cx(css.controlLabel, off && css.controlLabelDisabled, className)} {...rest}>
      {cloneElement(control, given)}
      <span>{label}</span>
    </label>
  );
}
