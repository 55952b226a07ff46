import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { PASSWORD_PLACEHOLDER } from '../../../../contract/model/forms/messages';
import { DEFAULT_LIKERT_SCALE, type FormField } from '../../../../contract/model/forms/types';
import { maxLengthOf } from '../../../../contract/model/forms/validate';
import { partName, partsOf } from './values';
import { fill } from '../../platform/strings';
import { debounce, TYPING_PAUSE_MS } from '../../platform/timing';
import { formWords, type FormWords } from './words';
import { changingText } from '../../ui/changing-text';

/** Autofill hints (WCAG 1.3.5) for the parts that have one. */
const PART_AUTOCOMPLETE: Record<string, string> = {
  First: 'given-name',
  Last: 'family-name',
  Line1: 'address-line1',
  Line2: 'address-line2',
  City: 'address-level2',
  State: 'address-level1',
  Zip: 'postal-code',
  Country: 'country-name',
};
const NUMERIC_PARTS = new Set(['Month', 'Day', 'Year', 'Hour', 'Minute', 'Second', 'Zip']);
const PHONE_PART = new Set(['Areacode', 'Prefix', 'Line']);
const INPUT_TYPE: Partial<Record<FormField['type'], string>> = {
  email: 'email',
  number: 'number',
  currency: 'text',
  website: 'url',
  password: 'password',
};

export interface FieldProps {
  field: FormField;
  formKey: string;
  error?: string;
  /** A section title's heading level (2 to 6). */
  headingLevel: number;
}

export const inputId = (formKey: string, name: string) => `${formKey}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
const errorId = (formKey: string, field: FormField) => inputId(formKey, `${field.id}-error`);
const descriptionId = (formKey: string, field: FormField) => inputId(formKey, `${field.id}-description`);

function Title({ field }: { field: FormField }) {
  return (
    <>
      {field.title ?? field.id}
      {field.required ? (
        <span className="site-form-required">
          <span aria-hidden="true"> *</span>
          <span className="site-visually-hidden">{formWords().requiredMark}</span>
        </span>
      ) : null}
    </>
  );
}

/** Error above the field (spec part 1 §5), tied to its inputs by aria-describedby. */
function ErrorText({ formKey, field, error }: FieldProps) {
  return error ? (
    <p className="site-form-error" id={errorId(formKey, field)}>
      {error}
    </p>
  ) : null;
}

function describedBy({ formKey, field, error }: FieldProps): string | undefined {
  const ids = [error ? errorId(formKey, field) : '', field.description ? descriptionId(formKey, field) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Description({ formKey, field }: FieldProps) {
  return field.description ? (
    <p className="site-form-description" id={descriptionId(formKey, field)}>
      {field.description}
    </p>
  ) : null;
}

/** A group of inputs (multi-part fields, choices) is a fieldset named by its legend. */
function Group(props: FieldProps & { children: ReactNode; role?: string }) {
  const { field, error } = props;
  return (
    <fieldset className={`site-form-field site-form-${field.type}${error ? ' site-form-field-error' : ''}`} aria-describedby={describedBy(props)}>
      <legend>
        <Title field={field} />
      </legend>
      <ErrorText {...props} />
      <Description {...props} />
      {props.children}
    </fieldset>
  );
}

/** Place suggestions load on first focus of an address's City input, in their own chunk. */
const suggestPlaces = (event: { currentTarget: EventTarget | null }) => {
  const input = event.currentTarget as HTMLInputElement;
  void import('./places').then((places) => places.attachPlaces(input)).catch(() => undefined);
};

const invalid = (error?: string | boolean) => (error ? 'true' : undefined);

/** One labelled control: the label, the error above it, the description, then the control. */
function Single(props: FieldProps & { children: ReactNode; invalidToo?: boolean }) {
  const { field, formKey, error } = props;
  return (
    <div className={`site-form-field site-form-${field.type}${error || props.invalidToo ? ' site-form-field-error' : ''}`}>
      <label htmlFor={inputId(formKey, field.id)}>
        <Title field={field} />
      </label>
      <ErrorText {...props} />
      <Description {...props} />
      {props.children}
    </div>
  );
}

function TextArea(props: FieldProps) {
  const { field, formKey, error } = props;
  const bound = maxLengthOf(field);
  const [length, setLength] = useState(0);
  // The count is read with the field, and spoken on its own once typing pauses.
  const [spoken, setSpoken] = useState('');
  const speak = useMemo(() => debounce(setSpoken, TYPING_PAUSE_MS), []);
  useEffect(() => speak.cancel, [speak]);
  const count = (n: number): string => fill(formWords().counter, { n, max: bound ?? 0 });
  const counterId = inputId(formKey, `${field.id}-counter`);
  const over = bound !== null && length > bound;
  const ids = [describedBy(props), bound !== null ? counterId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Single {...props} invalidToo={over}>
      <textarea
        id={inputId(formKey, field.id)}
        name={field.id}
        required={field.required}
        placeholder={field.placeholder}
        aria-invalid={invalid(error || over)}
        aria-describedby={ids}
        onInput={(event) => {
          const typed = (event.target as HTMLTextAreaElement).value.length;
          setLength(typed);
          if (bound !== null) speak(count(typed));
        }}
      />
      {bound !== null ? (
        <>
          <p className={`site-form-counter${over ? ' site-form-counter-over' : ''}`} id={counterId}>
            {changingText(count(length))}
          </p>
          <p className="site-visually-hidden" aria-live="polite">
            {changingText(spoken)}
          </p>
        </>
      ) : null}
    </Single>
  );
}

function SingleInput(props: FieldProps) {
  const { field, formKey, error } = props;
  return (
    <Single {...props}>
      <input
        id={inputId(formKey, field.id)}
        name={field.id}
        type={INPUT_TYPE[field.type] ?? 'text'}
        required={field.required}
        inputMode={field.type === 'currency' ? 'decimal' : undefined}
        step={field.type === 'number' ? 'any' : undefined}
        autoComplete={field.type === 'email' ? 'email' : field.type === 'password' ? 'new-password' : undefined}
        placeholder={field.type === 'password' ? PASSWORD_PLACEHOLDER : field.placeholder}
        aria-invalid={invalid(error)}
        aria-describedby={describedBy(props)}
      />
    </Single>
  );
}

function Parts(props: FieldProps) {
  const { field, formKey, error } = props;
  const words = formWords();
  return (
    <Group {...props}>
      <div className="site-form-parts">
        {partsOf(field).map((part) => {
          const id = inputId(formKey, partName(field, part));
          const phone = PHONE_PART.has(part);
          return (
            <div className="site-form-part" key={part}>
              <label htmlFor={id}>{words[part as keyof FormWords] ?? part}</label>
              {part === 'Ampm' ? (
                <select id={id} name={partName(field, part)}>
                  <option value="AM">{words.AM}</option>
                  <option value="PM">{words.PM}</option>
                </select>
              ) : (
                <input
                  id={id}
                  name={partName(field, part)}
                  type={phone ? 'tel' : 'text'}
                  inputMode={phone ? 'tel' : NUMERIC_PARTS.has(part) ? 'numeric' : undefined}
                  autoComplete={PART_AUTOCOMPLETE[part]}
                  onFocus={field.type === 'address' && part === 'City' ? suggestPlaces : undefined}
                  required={field.required && part !== 'Line2' && part !== 'Second'}
                  aria-invalid={invalid(error)}
                  aria-describedby={describedBy(props)}
                />
              )}
            </div>
          );
        })}
      </div>
    </Group>
  );
}

function Choices(props: FieldProps) {
  const { field, formKey, error } = props;
  const type = field.type === 'checkbox' ? 'checkbox' : 'radio';
  return (
    <Group {...props}>
      {(field.options ?? []).map((option, index) => {
        const id = inputId(formKey, `${field.id}-${index}`);
        return (
          <div className="site-form-choice" key={option}>
            <input id={id} type={type} name={field.id} value={option} required={type === 'radio' && field.required} aria-invalid={invalid(error)} />
            <label htmlFor={id}>{option}</label>
          </div>
        );
      })}
    </Group>
  );
}

function Likert(props: FieldProps) {
  const { field, formKey } = props;
  const words = formWords();
  // The default scale is shown in the page's language and sent in English, as the server expects.
  const scale = field.options?.length ? field.options : DEFAULT_LIKERT_SCALE;
  const shown = (answer: string, a: number) => (field.options?.length ? answer : words[`likert${a + 1}` as keyof FormWords] ?? answer);
  return (
    <Group {...props}>
      {(field.questions ?? []).map((question, q) => (
        <fieldset className="site-form-likert-question" key={question}>
          <legend>{question}</legend>
          {scale.map((answer, a) => {
            const id = inputId(formKey, `${field.id}-${q}-${a}`);
            return (
              <span className="site-form-choice" key={answer}>
                <input id={id} type="radio" name={partName(field, String(q))} value={answer} />
                <label htmlFor={id}>{shown(answer, a)}</label>
              </span>
            );
          })}
        </fieldset>
      ))}
    </Group>
  );
}

function Select(props: FieldProps) {
  const { field, formKey, error } = props;
  return (
    <Single {...props}>
      <select id={inputId(formKey, field.id)} name={field.id} required={field.required} aria-invalid={invalid(error)} aria-describedby={describedBy(props)}>
        <option value="">{formWords().selectOption}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Single>
  );
}

/** Renders one field of any type (spec part 1 §3 field types). */
export function Field(props: FieldProps) {
  const { field } = props;
  switch (field.type) {
    case 'section': {
      const Heading = `h${props.headingLevel}` as 'h3';
      return (
        <div className="site-form-section">
          {field.title ? <Heading>{field.title}</Heading> : null}
          {field.description ? <p>{field.description}</p> : null}
        </div>
      );
    }
    case 'hidden':
      return null; // its value comes from the URL or the definition, never from the DOM
    case 'textarea':
      return <TextArea {...props} />;
    case 'name':
    case 'date':
    case 'time':
    case 'address':
    case 'phone':
      return <Parts {...props} />;
    case 'radio':
    case 'checkbox':
      return <Choices {...props} />;
    case 'likert':
      return <Likert {...props} />;
    case 'select':
      return <Select {...props} />;
    default:
      return <SingleInput {...props} />;
  }
}
